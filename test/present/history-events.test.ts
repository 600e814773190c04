import {describe, expect, it} from 'vitest';
import {eventRow, EVENT_HEADERS, importedNote} from '../../src/present/history-events.js';
import {RAW_CONTROL} from '../helpers/hostile.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('history --events words', () => {
	it('makes a row of a line: its facts, long texts cut or left out, made safe', () => {
		const row = eventRow(
			{
				v: 1,
				sessionId: 's1',
				at: new Date(NOW - 60_000).toISOString(),
				event: 'SubagentStop',
				agentId: 'ex1',
				type: 'Explore\u001B[31m',
				state: 'stopped',
				data: {lastMessage: 'x'.repeat(100), prompt: 'left out', totalTokens: 12, ok: true, files: ['a', 'b']},
			},
			NOW,
		);
		expect(row).toHaveLength(EVENT_HEADERS.length);
		expect(row.slice(1, 3)).toEqual(['SubagentStop', 'ex1']);
		expect(row.join(' ')).not.toMatch(RAW_CONTROL);
		const data = row[5]!;
		expect(data).not.toContain('prompt');
		expect(data).toMatch(/^lastMessage=x+… totalTokens=12 ok=true files=\[2\]$/);
		expect(data.length).toBeLessThan(100);
	});

	it('says how many agents agentlog import added', () => {
		expect(importedNote(1, 1)).toBe('this agent comes from a transcript (agentlog import)');
		expect(importedNote(3, 3)).toBe('all 3 of these agents come from transcripts (agentlog import)');
		expect(importedNote(1, 4)).toBe('1 of these agents comes from transcripts (agentlog import)');
	});
});
