// Codex sessions beside Claude Code's: each listed with its counts, a session with a folder of the
// same id listed once (the hook's records merged with the rollouts'), newest first.
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {codexSessionCounts, mergedCodexRecords, withCodexSessions} from '../../../src/store/codex/codex-listings.js';
import {scanCodexSessions} from '../../../src/store/codex/codex-sessions.js';
import type {SessionListing} from '../../../src/store/activity/session-listing.js';
import {childRunLines, CODEX_T0, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = '019a8b2c-0000-7000-8000-000000000001';
const DONE = '019a8b2c-0000-7000-8000-000000000002';
const RUNNING = '019a8b2c-0000-7000-8000-000000000003';
const NOW = CODEX_T0 + 60_000;
const rules = {now: NOW, staleMs: 300_000, dedup: true};

function codexHome() {
	const codex = tempDir('codex-');
	writeRollout(codex, ROOT, CODEX_T0, [rootMetaLine(codexTime(0), ROOT)]);
	writeRollout(codex, DONE, CODEX_T0, childRunLines(CODEX_T0, {id: DONE, root: ROOT}, 'Find routes', 'Found 4.'));
	writeRollout(codex, RUNNING, CODEX_T0, childRunLines(CODEX_T0, {id: RUNNING, root: ROOT}, 'Count files', '', true));
	return scanCodexSessions({codexHome: codex});
}

const listing = (id: string, lastActivity: number, extra: Partial<SessionListing> = {}): SessionListing => ({
	id,
	label: id.slice(0, 8),
	lastActivity,
	counts: {waiting: 0, active: 0, idle: 0, stopped: 1, stale: 0},
	warnings: 0,
	mainWaiting: false,
	...extra,
});

describe('mergedCodexRecords', () => {
	it('one record per child thread, the hook’s merged in by id, the hook’s others kept', () => {
		const session = codexHome().sessions[0]!;
		const hooked: AgentRecord[] = [
			{
				agentId: DONE,
				type: 'worker',
				status: 'stopped',
				startedAt: codexTime(0),
				updatedAt: codexTime(2),
				stoppedAt: codexTime(2),
				description: 'from the hook',
			},
			{agentId: 'other', type: 'worker', status: 'active', startedAt: codexTime(0), updatedAt: codexTime(0)},
		];
		const records = mergedCodexRecords(tempDir('activity-'), session, hooked);
		expect(records.map(r => r.agentId).sort()).toEqual([DONE, RUNNING, 'other'].sort());
		expect(records.find(r => r.agentId === DONE)?.status).toBe('stopped');
		expect(records.find(r => r.agentId === RUNNING)?.status).toBe('active');
	});

	it('without hooked records given, reads the session folder, none when there is no folder', () => {
		const session = codexHome().sessions[0]!;
		const records = mergedCodexRecords(path.join(tempDir('activity-'), 'none'), session);
		expect(records.map(r => r.agentId).sort()).toEqual([DONE, RUNNING].sort());
	});
});

describe('codexSessionCounts', () => {
	it('counts the children by display status', () => {
		const session = codexHome().sessions[0]!;
		expect(codexSessionCounts(tempDir('activity-'), session, rules, [])).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 0});
	});
});

describe('withCodexSessions', () => {
	it('lists a Codex session on its own, a Claude folder of the same id once as Codex’s, newest first', () => {
		const scan = codexHome();
		const activity = tempDir('activity-');
		// The rollouts' times are the files' (written now): these listings are newer still.
		const later = Date.now() + 3_600_000;
		const claudeOnly = listing('4d5611e5-241a-462a-8d15-5122611a9569', later);
		const out = withCodexSessions(activity, [claudeOnly], scan, rules);
		expect(out.map(l => [l.id, l.provider])).toEqual([
			[claudeOnly.id, 'claude'],
			[ROOT, 'codex'],
		]);
		expect(out[1]).toMatchObject({counts: {active: 1, stopped: 1}, warnings: 0, mainWaiting: false});

		mkdirSync(path.join(activity, ROOT));
		const sameId = listing(ROOT, later + 1, {counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0}});
		const merged = withCodexSessions(activity, [sameId], scan, rules);
		expect(merged).toHaveLength(1);
		expect(merged[0]).toMatchObject({id: ROOT, provider: 'codex', lastActivity: later + 1, counts: {active: 1, stopped: 1}});
	});

	it('a listing that names its tool keeps it', () => {
		const out = withCodexSessions(tempDir('activity-'), [listing('s-gemini', 5, {provider: 'gemini'})], {sessions: [], skipped: 0}, rules);
		expect(out).toEqual([{...listing('s-gemini', 5), provider: 'gemini'}]);
	});
});
