// What every command reads of its environment: the clock, the home folder, the activity folder.
// No npm package here: `agentlog status`'s small bundle (status-main.ts) loads this file too.
import os from 'node:os';
import {activityDir} from '../core/paths.js';

/**
 * The clock of the reading commands. `AGENTLOG_NOW` (an ISO time or ms since the epoch) sets it;
 * it is for tests only (so ls and sessions are checked at a fixed moment, not at wall time
 * between two spawns) and read nowhere else.
 */
export function clockNow(env: NodeJS.ProcessEnv = process.env): number {
	const fixed = env.AGENTLOG_NOW;
	if (fixed !== undefined && fixed !== '') {
		const parsed = /^\d+$/u.test(fixed) ? Number(fixed) : Date.parse(fixed);
		if (Number.isFinite(parsed)) {
			return parsed;
		}
	}
	return Date.now();
}

export function home(): string {
	return process.env.HOME || os.homedir();
}

export function activityFor(options: {readonly dir?: string}): string {
	return activityDir(process.env, home(), options.dir);
}
