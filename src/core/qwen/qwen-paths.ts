// Where Qwen Code keeps its files (docs/qwen.md): its settings in `$QWEN_HOME` (default
// `~/.qwen`), its sessions under `$QWEN_RUNTIME_DIR` (default the same folder), in
// `projects/<project>/chats/<session>.jsonl` and `projects/<project>/subagents/<session>/`. Pure.
import path from 'node:path';

interface QwenEnv {
	readonly QWEN_HOME?: string | undefined;
	readonly QWEN_RUNTIME_DIR?: string | undefined;
}

/** Qwen Code's own folder: `--qwen-home`, else `$QWEN_HOME`, else `~/.qwen`. */
export function qwenHomeDir(env: QwenEnv, home: string, option?: string): string {
	if (option) {
		return path.resolve(option);
	}
	return env.QWEN_HOME ? path.resolve(env.QWEN_HOME) : path.join(home, '.qwen');
}

/** The folder Qwen Code writes sessions under: `$QWEN_RUNTIME_DIR`, else its own folder. */
export function qwenRuntimeDir(env: QwenEnv, home: string, option?: string): string {
	if (option) {
		return path.resolve(option);
	}
	return env.QWEN_RUNTIME_DIR ? path.resolve(env.QWEN_RUNTIME_DIR) : qwenHomeDir(env, home);
}

/** `<runtime>/projects`: one folder per project, each with `chats/` and `subagents/`. */
export function qwenProjectsDir(runtime: string): string {
	return path.join(runtime, 'projects');
}
