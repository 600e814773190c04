// Shared set-up for the adversarial Codex tests: a fresh HOME, Claude folder, activity folder,
// state folder and CODEX_HOME per test (tempDir), and the built CLI run under a timeout.
import {spawnSync, type SpawnSyncReturns} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from '../../helpers/tmp.js';

export const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');

export interface Home {
	readonly home: string;
	readonly activity: string;
	readonly codex: string;
	readonly state: string;
}

export function freshHome(): Home {
	const home = tempDir('adv-codex-');
	const codex = path.join(home, 'codex-home');
	mkdirSync(codex, {recursive: true});
	return {home, activity: path.join(home, '.claude', 'agent-activity'), codex, state: path.join(home, 'state')};
}

export function agentlog(h: Home, args: readonly string[], timeoutMs = 15_000): SpawnSyncReturns<string> {
	return spawnSync(process.execPath, [cli, ...args], {
		encoding: 'utf8',
		timeout: timeoutMs,
		maxBuffer: 256 * 1024 * 1024,
		env: {
			PATH: process.env.PATH,
			HOME: h.home,
			CLAUDE_CONFIG_DIR: path.join(h.home, '.claude'),
			AGENTLOG_DIR: h.activity,
			XDG_STATE_HOME: h.state,
			CODEX_HOME: h.codex,
		},
	});
}

export const ROOT = '019ab000-0000-7000-8000-0000000000aa';
export const C1 = '019ab000-0000-7000-8000-0000000000c1';
export const C2 = '019ab000-0000-7000-8000-0000000000c2';
