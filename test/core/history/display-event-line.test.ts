import {describe, expect, it} from 'vitest';
import {displayEventLine} from '../../../src/core/history/display-event-line.js';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

/** Every string in a value, keys included. */
function strings(value: unknown): string[] {
	if (typeof value === 'string') {
		return [value];
	}
	if (typeof value !== 'object' || value === null) {
		return [];
	}
	return Object.entries(value).flatMap(([k, v]) => [...(Array.isArray(value) ? [] : [k]), ...strings(v)]);
}

const plain: EventLine = {
	v: 1,
	at: '2026-03-01T12:00:00.123Z',
	event: 'SubagentStop',
	sessionId: 's1',
	agentId: 'a1',
	type: 'Explore',
	state: 'stopped',
	data: {lastMessage: 'done\n\nall of it', description: 'find things', interrupted: ['a2']},
	cwd: '/w',
	git: {head: 'abc', branch: 'main'},
};

describe('displayEventLine', () => {
	it('returns the same object when nothing needs changing', () => {
		expect(displayEventLine(plain)).toBe(plain);
	});

	it('makes every string safe, flattens one-line fields, and keeps newlines in lastMessage and prompt', () => {
		const line: EventLine = {
			...plain,
			event: `Sub${ALL_HOSTILE}`,
			type: `Explore\n${ALL_HOSTILE}`,
			cwd: `/w\t${ALL_HOSTILE}`,
			git: {head: `abc${ALL_HOSTILE}`, branch: `main\n${ALL_HOSTILE}`},
			data: {
				lastMessage: `line one\nline two ${ALL_HOSTILE}`,
				prompt: `do\nthis ${ALL_HOSTILE}`,
				description: `two\nlines ${ALL_HOSTILE}`,
				interrupted: [`x\n${ALL_HOSTILE}`, 3],
				nested: {deep: [`n ${ALL_HOSTILE}`]},
				[`key${ALL_HOSTILE}`]: 1,
			},
		};
		const shown = displayEventLine(line);
		const all = strings(shown);
		expect(all.length).toBeGreaterThan(15);
		expect(all.filter(s => RAW_CONTROL.test(s))).toEqual([]);
		expect(shown.type).not.toContain('\n');
		expect(shown.cwd).not.toMatch(/[\n\t]/);
		expect(shown.git?.branch).not.toContain('\n');
		expect(shown.data?.description).not.toContain('\n');
		expect((shown.data?.interrupted as unknown[])[0]).not.toContain('\n');
		expect((shown.data?.interrupted as unknown[])[1]).toBe(3);
		expect(shown.data?.lastMessage).toContain('line one\nline two');
		expect(shown.data?.prompt).toContain('do\nthis');
		// The line itself is untouched (it stays exact for --json).
		expect(line.type).toBe(`Explore\n${ALL_HOSTILE}`);
	});

	it('flattens a newline in the session and agent ids and the time', () => {
		const shown = displayEventLine({...plain, sessionId: 's\n1', agentId: 'a\t1', at: '2026\n'});
		expect([shown.sessionId, shown.agentId, shown.at]).toEqual(['s 1', 'a 1', '2026 ']);
	});
});
