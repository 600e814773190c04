// One session's counts by display status, as `sessions --json` and `status` give them, and
// whether its main session waits for the user.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {statusCounts, statusMainWaiting} from '../../../src/app/session/counts.js';
import {NO_COUNTS} from '../../../src/present/status-line.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const S = '4d5611e5-241a-462a-8d15-5122611a9569';
const rules = {stale: 300_000, dedup: true};

describe('statusCounts', () => {
	it('no session: no counts, Claude Code’s', () => {
		expect(statusCounts(tempDir('activity-'), undefined, rules, ms(0))).toEqual({counts: NO_COUNTS, provider: 'claude'});
	});

	it('a session folder: its agents by display status, a silent one stale', () => {
		const activity = tempDir('activity-');
		const dir = path.join(activity, S);
		writeRecord(dir, agent('run', {start: 590}));
		writeRecord(dir, agent('done', {start: 0, stop: 100}));
		writeRecord(dir, agent('idle', {start: 0, status: 'idle', updated: 590, extra: {teammateName: 'w'}}));
		writeRecord(dir, agent('silent', {start: 0}));
		expect(statusCounts(activity, S, rules, ms(600))).toEqual({counts: {waiting: 0, active: 1, idle: 1, stopped: 2, stale: 1}, provider: 'claude'});
	});

	it('a session that is nowhere: all zero', () => {
		expect(statusCounts(tempDir('activity-'), S, rules, ms(600))).toEqual({counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0}, provider: 'claude'});
	});
});

describe('statusMainWaiting', () => {
	it('true while the marker says the main session waits', () => {
		const activity = tempDir('activity-');
		writeRecord(path.join(activity, S), agent('a', {start: 0}));
		expect(statusMainWaiting(activity, S)).toBe(false);
		writeFileSync(path.join(activity, S, '.main-waiting.json'), JSON.stringify({since: '2026-03-01T12:00:00.000Z', waitingFor: 'permission'}));
		expect(statusMainWaiting(activity, S)).toBe(true);
		expect(statusMainWaiting(activity, undefined)).toBe(false);
	});
});
