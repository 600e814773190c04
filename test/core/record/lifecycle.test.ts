// A stop reason in words, for Claude Code's and Codex CLI's agents alike.
import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {EMPTY_SESSION_LIFECYCLE, lifecycleLines, stopReasonText} from '../../../src/core/record/lifecycle.js';

describe('stopReasonText', () => {
	it('says nothing for a plain stop of either tool', () => {
		expect(['subagent-stop', 'task-complete', '', undefined].map(stopReasonText)).toEqual(['', '', '', '']);
	});

	it('says why in words: a session end, a parent call, a Codex turn aborted', () => {
		expect(stopReasonText('session-end:clear')).toBe('session ended (clear)');
		expect(stopReasonText('tool:interrupted')).toBe("its parent's call came back interrupted");
		expect(stopReasonText('turn-aborted:interrupted')).toBe('its turn was aborted (interrupted)');
	});
});

describe('lifecycleLines from a transcript', () => {
	const codex: AgentRecord = {
		agentId: 'c1',
		type: 'explorer',
		status: 'stopped',
		startedAt: '2026-11-24T05:57:16.000Z',
		updatedAt: '2026-11-24T05:57:18.000Z',
		stoppedAt: '2026-11-24T05:57:18.000Z',
		resumedAt: '2026-11-24T05:57:17.500Z',
		resumeCount: 1,
		provider: 'codex',
	};
	const time = (iso: string) => iso.slice(11, 19);

	it("takes a Codex rollout's turns over the record's fields when no log names the agent, and says where they came from", () => {
		const steps = [
			{kind: 'spawned', at: '2026-11-24T05:57:16.000Z'},
			{kind: 'completed', at: '2026-11-24T05:57:17.000Z', reason: 'task-complete'},
			{kind: 'resumed', at: '2026-11-24T05:57:17.500Z'},
			{kind: 'interrupted', at: '2026-11-24T05:57:18.000Z', reason: 'turn-aborted:interrupted'},
		] as const;
		expect(lifecycleLines(codex, EMPTY_SESSION_LIFECYCLE, time, 80, steps).slice(2)).toEqual([
			'05:57:16  spawned',
			'05:57:17  completed',
			'05:57:17  resumed',
			'05:57:18  interrupted · its turn was aborted (interrupted)',
			'(from its rollout: no event log names it)',
		]);
		// Without them: the record's own fields (one completed turn is lost there).
		expect(lifecycleLines(codex, EMPTY_SESSION_LIFECYCLE, time, 80).slice(2)).toEqual([
			'05:57:16  spawned',
			'05:57:17  resumed',
			'05:57:18  completed',
			'(from its rollout: no event log names it)',
		]);
	});

	it("says an opencode agent's steps came from opencode's database", () => {
		expect(lifecycleLines({...codex, provider: 'opencode'}, EMPTY_SESSION_LIFECYCLE, time, 80).at(-1)).toBe(
			"(from opencode's database: no event log names it)",
		);
	});
});
