// A whole real Claude Code fixture (test/fixtures/claude/<scenario>: Claude Code's files,
// agentlog's activity folder, the payloads) copied into a temp folder with its recorded paths
// pointing there, and the built CLI run on it with a clock an hour after the run.
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, readdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {tempDir} from './tmp.js';

export const claudeFixtures = path.resolve(import.meta.dirname, '..', 'fixtures', 'claude');
const cli = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');

export interface CopiedRun {
	readonly root: string;
	/** An hour after the run (unless asked otherwise): a stop that never came is stale in every view. */
	readonly now: number;
}

/**
 * Every file of the scenario copied into a fresh folder, its recorded paths pointing there, every
 * file's time the run's end; the clock `afterMs` later (an hour unless given). `name` may be a
 * folder inside a scenario (`resume-live/mid`: the state copied during the run, with `exitedAt` the
 * moment it was copied).
 */
export function copyClaudeRun(name: string, recorded: {readonly root: string; readonly exitedAt: string}, afterMs = 60 * 60 * 1000): CopiedRun {
	const root = path.join(tempDir('agree-fx-'), name);
	cpSync(path.join(claudeFixtures, name), root, {recursive: true});
	const end = Date.parse(recorded.exitedAt) / 1000;
	const walk = (dir: string): void => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) {
				walk(file);
				continue;
			}
			const text = readFileSync(file, 'utf8');
			if (text.includes(recorded.root)) {
				writeFileSync(file, text.split(recorded.root).join(root));
			}
			utimesSync(file, end, end);
		}
	};
	walk(root);
	return {root, now: Date.parse(recorded.exitedAt) + afterMs};
}

function cliEnv({root, now}: CopiedRun, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return {
		...process.env,
		HOME: path.join(root, 'home'),
		CLAUDE_CONFIG_DIR: path.join(root, 'claude'),
		AGENTLOG_DIR: path.join(root, 'activity'),
		XDG_STATE_HOME: path.join(root, 'state'),
		AGENTLOG_NOW: new Date(now).toISOString(),
		NO_COLOR: '1',
		...extra,
	};
}

/** The built CLI on the copied run; its stdout (exit 0 expected). */
export function runOnCopy(run: CopiedRun, args: readonly string[], extra: NodeJS.ProcessEnv = {}): string {
	const r = spawnSync(process.execPath, [cli, ...args], {env: cliEnv(run, extra), encoding: 'utf8', timeout: 30_000});
	expect(r.status, r.stderr).toBe(0);
	return r.stdout;
}

/** The same, not blocking this process (a loopback server in it must answer the CLI). */
export function runOnCopyAsync(run: CopiedRun, args: readonly string[], extra: NodeJS.ProcessEnv = {}): Promise<{status: number | null; stderr: string}> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cli, ...args], {env: cliEnv(run, extra), stdio: ['ignore', 'ignore', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
		child.on('error', reject);
		child.on('close', status => resolve({status, stderr}));
	});
}
