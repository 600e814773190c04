// What every command reads of its environment, in one place: the home folder, Claude Code's
// folder, the state folder's files and the clock, built once from the process's variables (and
// again only if a variable they depend on changes: tests run many commands in one process).
// No npm package here: `agentlog status`'s small bundle (status-main.ts) loads this file too.
import os from 'node:os';
import {qwenProjectsDir, qwenRuntimeDir} from '../core/qwen/qwen-paths.js';
import {
	activityDir,
	claudeDir,
	codexCacheFile,
	codexHomeDir,
	countFactsCacheFile,
	geminiHomeDir,
	otlpCursorFile,
	sessionCacheFile,
	stateFile,
} from '../core/paths.js';

/** The environment of one run, as every use case reads it. */
export interface Env {
	/** The variables it was built from. */
	readonly vars: NodeJS.ProcessEnv;
	/** `$HOME`, else the user's home folder. */
	readonly home: string;
	/** Claude Code's folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
	readonly claude: string;
	/** The UI state file (`$XDG_STATE_HOME/agentlog/state.json`). */
	readonly stateFile: string;
	/** The cache of transcript counts of `sessions` and `status`. */
	readonly countFactsCacheFile: string;
	/** The cache of the session listing of `sessions`. */
	readonly sessionCacheFile: string;
	/** Where `export --otlp --follow` keeps what a collector took. */
	otlpCursorFile(endpoint: string): string;
	/** The activity folder: `--dir`, else `$AGENTLOG_DIR`, else `<claude>/agent-activity`. */
	activity(dir?: string): string;
	/** Codex's folder: `--codex-home`, else `$CODEX_HOME`, else `~/.codex`. */
	codexHome(option?: string): string;
	/** Qwen Code's projects folder: `<$QWEN_RUNTIME_DIR, else $QWEN_HOME, else ~/.qwen>/projects`. */
	readonly qwenProjects: string;
	/** The cache of Codex's rollouts (`live`: the one of `status` and the newest-session rule). */
	codexCacheFile(live?: boolean): string;
	/** Gemini CLI's folder: `--gemini-home`, else `$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`. */
	geminiHome(option?: string): string;
}

const KEYS = ['HOME', 'CLAUDE_CONFIG_DIR', 'AGENTLOG_DIR', 'XDG_STATE_HOME', 'CODEX_HOME', 'GEMINI_CLI_HOME'] as const;
let built: {readonly key: string; readonly env: Env} | undefined;

function buildEnv(vars: NodeJS.ProcessEnv): Env {
	const home = vars.HOME || os.homedir();
	return {
		vars,
		home,
		claude: claudeDir(vars, home),
		stateFile: stateFile(vars, home),
		countFactsCacheFile: countFactsCacheFile(vars, home),
		sessionCacheFile: sessionCacheFile(vars, home),
		otlpCursorFile: endpoint => otlpCursorFile(vars, home, endpoint),
		activity: dir => activityDir(vars, home, dir),
		codexHome: option => codexHomeDir(vars, home, option),
		qwenProjects: qwenProjectsDir(qwenRuntimeDir(vars, home)),
		codexCacheFile: live => codexCacheFile(vars, home, live),
		geminiHome: option => geminiHomeDir(vars, home, option),
	};
}

/** The process's environment, built once (again only when one of the variables it reads changed). */
export function env(): Env {
	const key = KEYS.map(name => process.env[name] ?? '\u0000').join('\u0001');
	if (built?.key !== key) {
		built = {key, env: buildEnv(process.env)};
	}
	return built.env;
}

/**
 * The clock of the reading commands. `AGENTLOG_NOW` (an ISO time or ms since the epoch) sets it;
 * it is for tests only (so ls and sessions are checked at a fixed moment, not at wall time
 * between two spawns) and read nowhere else.
 */
export function clockNow(vars: NodeJS.ProcessEnv = process.env): number {
	const fixed = vars.AGENTLOG_NOW;
	if (fixed !== undefined && fixed !== '') {
		const parsed = /^\d+$/u.test(fixed) ? Number(fixed) : Date.parse(fixed);
		if (Number.isFinite(parsed)) {
			return parsed;
		}
	}
	return Date.now();
}

export function home(): string {
	return env().home;
}

export function activityFor(options: {readonly dir?: string}): string {
	return env().activity(options.dir);
}
