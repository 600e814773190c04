import {describe, expect, it} from 'vitest';
import {foldEvents} from '../../src/core/history/fold.js';
import {sortByStart, sortHistories} from '../../src/core/history/query.js';
import {heldHistory, heldJsonAgent, historyJsonAgent, historyJsonValues, jsonHistoryFields, tableAgentOf} from '../../src/present/history-json.js';
import {historyPageText, historyRow} from '../../src/present/history-text.js';
import {ALL_HOSTILE} from '../helpers/hostile.js';
import {NOW, S, at, histories, line} from '../helpers/history-fixture.js';

describe('history --json shape', () => {
	it('every field, null where unknown, git start and stop', () => {
		const [first] = histories();
		expect(historyJsonAgent(first!)).toEqual({
			agentId: 'aa11',
			sessionId: S,
			type: 'Explore',
			name: null,
			description: null,
			status: 'completed',
			startedAt: at(120),
			stoppedAt: at(110),
			durationMs: 600_000,
			resumeCount: 0,
			stopReason: 'subagent-stop',
			tokens: null,
			usage: null,
			cost: null,
			runs: null,
			lastRequestTokens: null,
			toolCalls: null,
			model: null,
			git: {start: {head: 'abcdef0123', branch: 'main'}, stop: {head: '1234567890', branch: null}},
			parentAgentId: null,
			lastActivityAt: at(110),
			source: 'hook',
			provider: 'claude',
			workflow: null,
		});
	});
});

describe('held histories (what history keeps per agent)', () => {
	it('give back the exact history --json value, keys in order, and the same table row', () => {
		const all = [
			...histories(),
			...foldEvents(
				[
					line({event: 'SubagentStart', at: at(9), agentId: 'dd55', type: 'Explore', git: {branch: 'main'}, data: {parentAgentId: 'aa11'}}),
					line({
						event: 'PostToolUse',
						at: at(8),
						agentId: 'dd55',
						data: {description: `${ALL_HOSTILE} "q" \\ \u2028`, model: 'opus', totalTokens: 12, totalToolUseCount: 3},
					}),
					line({event: 'Imported', at: at(7), agentId: 'ee66', state: 'stopped', data: {startedAt: at(9), stoppedAt: at(8)}}),
				],
				{now: NOW},
			),
		];
		const same = new Map<string, string>();
		for (const h of all) {
			const held = heldHistory(h, id => same.get(id) ?? (same.set(id, id), id));
			expect(JSON.stringify(heldJsonAgent(held))).toBe(JSON.stringify(historyJsonAgent(h)));
			expect(historyRow(tableAgentOf(heldJsonAgent(held)), NOW)).toEqual(historyRow(h, NOW));
			expect(held.imported).toBe(h.source === 'transcript');
		}
		// One copy of the session id for every agent of the session.
		const held = all.map(h => heldHistory(h, id => same.get(id)!));
		expect(new Set(held.map(h => h.sessionId)).size).toBe(1);
		expect(sortByStart(held).map(h => h.agentId)).toEqual(sortHistories([...all]).map(h => h.agentId));
		expect(sortByStart(held, true).map(h => h.agentId)).toEqual(sortHistories([...all], true).map(h => h.agentId));
	});
});

describe('the history page', () => {
	it('historyJsonValues gives each held agent its history --json value, in order', () => {
		const all = histories();
		expect([...historyJsonValues(all.map(h => heldHistory(h)))]).toEqual(all.map(h => historyJsonAgent(h)));
	});

	it('jsonHistoryFields keeps what the filter looks at, null as absent', () => {
		const json = historyJsonAgent(histories()[0]!);
		const fields = jsonHistoryFields({...json, name: null, description: 'd'});
		expect(fields).toEqual({
			agentId: json.agentId,
			type: json.type,
			status: json.status,
			description: 'd',
			...(json.workflow === null ? {} : {workflow: json.workflow}),
		});
	});

	it('historyPageText: the table, how many more, how many imported', () => {
		const shown = histories().map(h => tableAgentOf(historyJsonAgent(h)));
		const text = historyPageText(shown, {total: shown.length + 3, offset: 0, imported: 1}, {now: NOW});
		const lines = text.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^STARTED\s+SESSION\s+TYPE/u);
		expect(lines.at(-2)).toBe('… 3 older; --limit 0 shows all');
		expect(lines.at(-1)).toMatch(/^1 of these agents comes from transcripts/u);
		expect(historyPageText(shown, {total: shown.length, offset: 0, imported: 0}, {now: NOW, asc: true})).not.toContain('newer');
		expect(historyPageText(shown, {total: shown.length + 1, offset: 0, imported: 0}, {now: NOW, asc: true})).toContain('… 1 newer;');
	});
});
