// Runs the real hook, in its installed form: agent-spy.sh with agent-spy.cjs beside it.
import {spawn, spawnSync} from 'node:child_process';
import {closeSync, openSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {installHookCopy} from '../../src/app/demo/demo-player.js';
import {tempDir} from './tmp.js';

/** The launcher and the built hook in a fresh folder, as install-hook lays them out. */
export function installedHook(nodePath = process.execPath): string {
	return installHookCopy(tempDir('hooks-'), nodePath);
}

export interface HookRun {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

export function hookEnv(activity: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {PATH: process.env.PATH, HOME: process.env.HOME, AGENTLOG_DIR: activity, ...extra};
}

export function runHook(launcher: string, input: string | Buffer, env: NodeJS.ProcessEnv): HookRun {
	const r = spawnSync(launcher, [], {input, env, encoding: 'utf8', maxBuffer: 1 << 20});
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

export function runHookAsync(launcher: string, input: string, env: NodeJS.ProcessEnv): Promise<HookRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(launcher, [], {env});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', d => (stdout += d));
		child.stderr.on('data', d => (stderr += d));
		child.on('error', reject);
		child.on('close', status => resolve({status, stdout, stderr}));
		child.stdin.end(input);
	});
}

/**
 * Runs the hook with its payload in a file as stdin: the hook reads it at its own pace. Many hooks
 * at once with large payloads (the cap races) then test the hook, not how fast this process can
 * feed a hundred pipes: on a loaded machine the test process itself was starved, the payloads
 * stopped arriving, and the hooks rightly gave up on them.
 */
export function runHookFromFile(launcher: string, input: string, env: NodeJS.ProcessEnv): Promise<HookRun> {
	const file = path.join(tempDir('payload-'), 'stdin.json');
	writeFileSync(file, input);
	const fd = openSync(file, 'r');
	return new Promise((resolve, reject) => {
		const child = spawn(launcher, [], {env, stdio: [fd, 'pipe', 'pipe']});
		closeSync(fd);
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', d => (stdout += d));
		child.stderr?.on('data', d => (stderr += d));
		child.on('error', reject);
		child.on('close', status => resolve({status, stdout, stderr}));
	});
}

/** Runs the bundled hook script directly with node, without the launcher's redirections. */
export function runHookScript(launcher: string, input: string | Buffer, env: NodeJS.ProcessEnv): HookRun {
	const script = path.join(path.dirname(launcher), 'agent-spy.cjs');
	const r = spawnSync(process.execPath, [script], {input, env, encoding: 'utf8', maxBuffer: 1 << 20});
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}
