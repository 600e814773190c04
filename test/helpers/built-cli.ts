// The built CLI (bin/agentlog.js over dist/, built by test/global-setup.ts) run as a child process
// in a temporary home: nothing of the user's is read, whatever the machine has.
import {spawnSync, type SpawnSyncReturns} from 'node:child_process';
import path from 'node:path';

export const CLI = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');

/**
 * The environment of a run in `home`: only PATH from this process, Claude's folder, the activity
 * folder and agentlog's state under `home`; `extra` adds variables or replaces these.
 */
export function homeEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		PATH: process.env.PATH,
		HOME: home,
		CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
		AGENTLOG_DIR: path.join(home, '.claude', 'agent-activity'),
		XDG_STATE_HOME: path.join(home, 'state'),
		...extra,
	};
}

/** Runs `agentlog <args>` with `env`, its output as text, stopped after 20 s. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
	return spawnSync(process.execPath, [CLI, ...args], {encoding: 'utf8', timeout: 20_000, env});
}
