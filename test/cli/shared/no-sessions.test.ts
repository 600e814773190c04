// ls and sessions with no live session: they say how to get one, and where imported ones are.
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');

describe('no live sessions', () => {
	it('points at the hook, or at history when the import filled it', () => {
		const activity = tempDir('nosess-');
		for (const command of ['ls', 'sessions']) {
			const r = spawnSync(process.execPath, [cli, command, '--dir', activity], {encoding: 'utf8'});
			expect(r.status).toBe(0);
			expect(r.stderr).toContain('Is the hook installed? (agentlog install-hook)');
		}
		const session = path.join(activity, '4d5611e5-241a-462a-8d15-5122611a9569');
		mkdirSync(session);
		writeFileSync(
			path.join(session, 'events.jsonl'),
			`${JSON.stringify({v: 1, at: '2026-02-12T16:02:48.000Z', event: 'Imported', sessionId: '4d5611e5-241a-462a-8d15-5122611a9569', agentId: 'a1', state: 'stopped'})}\n`,
		);
		for (const command of ['ls', 'sessions']) {
			const r = spawnSync(process.execPath, [cli, command, '--dir', activity], {encoding: 'utf8'});
			expect(r.status).toBe(0);
			expect(r.stderr).toContain('1 session is in the history only (imported); see `agentlog history`');
		}
	});
});
