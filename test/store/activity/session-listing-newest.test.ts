// The newest-session rule with the hook's hint (.newest-session): trusted while no session folder
// came or went since it was written, else the folder with the newest time.
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {newestSessionId} from '../../../src/store/activity/session-listing.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const T = Date.now() / 1000;

function session(activity: string, id: string, ageSeconds: number): void {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	writeFileSync(path.join(dir, 'a1.json'), JSON.stringify({agentId: 'a1', type: 'Explore', status: 'active', startedAt: new Date().toISOString()}));
	utimesSync(dir, T - ageSeconds, T - ageSeconds);
}

/** The hint, written after the folders (as the hook writes it after its agent file). */
function hint(activity: string, id: string): void {
	writeFileSync(path.join(activity, '.newest-session'), `${id}\n`);
	utimesSync(path.join(activity, '.newest-session'), T + 5, T + 5);
}

describe('newestSessionId with the hook hint', () => {
	it('takes the hinted session while no folder came or went since, else the newest folder', () => {
		const activity = tempDir('hint-');
		session(activity, 's-old', 100);
		session(activity, 's-new', 10);
		expect(newestSessionId(activity)).toBe('s-new');
		// The hook last wrote into s-old (its hint is newer than the activity folder): it is the newest.
		hint(activity, 's-old');
		expect(newestSessionId(activity)).toBe('s-old');
		// A session folder made since: the hint may be behind, so every folder is looked at.
		session(activity, 's-newer', 1);
		utimesSync(activity, T + 10, T + 10);
		expect(newestSessionId(activity)).toBe('s-newer');
	});

	it('is ignored when it names no usable session: missing, without agent files, unsafe, a link, or is not a regular file', () => {
		const activity = tempDir('hint-');
		session(activity, 's-new', 10);
		for (const id of ['s-gone', '../etc', '']) {
			hint(activity, id);
			expect(newestSessionId(activity), id).toBe('s-new');
		}
		mkdirSync(path.join(activity, 's-empty'));
		hint(activity, 's-empty');
		expect(newestSessionId(activity)).toBe('s-new');
		symlinkSync(path.join(activity, 's-new'), path.join(activity, 's-link'));
		hint(activity, 's-link');
		expect(newestSessionId(activity)).not.toBe('s-link');
		const fifo = tempDir('hint-fifo-');
		session(fifo, 's-a', 10);
		execFileSync('mkfifo', [path.join(fifo, '.newest-session')]);
		expect(newestSessionId(fifo)).toBe('s-a');
	});

	it('is written by the hook with the session of each agent-file write', () => {
		const activity = tempDir('hint-');
		const launcher = installedHook();
		const start = (session: string, agentId: string) =>
			JSON.stringify({session_id: session, cwd: '/tmp', hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: 'Explore'});
		runHook(launcher, start('sess-1', 'a1'), hookEnv(activity));
		runHook(launcher, start('sess-2', 'b1'), hookEnv(activity));
		expect(readFileSync(path.join(activity, '.newest-session'), 'utf8')).toBe('sess-2\n');
		expect(newestSessionId(activity)).toBe('sess-2');
		runHook(launcher, start('sess-1', 'a2'), hookEnv(activity));
		expect(newestSessionId(activity)).toBe('sess-1');
		// An event that writes nothing into the folder (a session started again: no agent file, no
		// prompt file, one more line in an existing log) moves it too, and gives the folder the newest
		// time: without the hint, the folders' times say the same.
		const hintAndTimes = (id: string) => {
			expect(readFileSync(path.join(activity, '.newest-session'), 'utf8')).toBe(`${id}\n`);
			expect(newestSessionId(activity)).toBe(id);
			rmSync(path.join(activity, '.newest-session'));
			expect(newestSessionId(activity)).toBe(id);
		};
		runHook(launcher, JSON.stringify({session_id: 'sess-2', cwd: '/tmp', hook_event_name: 'SessionStart', source: 'resume'}), hookEnv(activity));
		hintAndTimes('sess-2');
		const ask = JSON.stringify({session_id: 'sess-1', cwd: '/tmp', hook_event_name: 'Notification', notification_type: 'permission_prompt', message: 'Allow?'});
		runHook(launcher, ask, hookEnv(activity));
		hintAndTimes('sess-1');
	});
});
