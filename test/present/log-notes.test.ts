import {describe, expect, it} from 'vitest';
import {logNotesText} from '../../src/present/log-notes.js';
import {RAW_CONTROL} from '../helpers/hostile.js';

describe('logNotesText', () => {
	it('says each note on a line of its own, made safe, then how many more; nothing when there is none', () => {
		expect(logNotesText({notes: [], count: 0})).toBe('');
		const text = logNotesText({
			notes: [
				{file: '/a/s1/events.jsonl', lineNumber: 3, reason: 'not JSON \u001B[31m'},
				{file: '/a/s\u001B]8;;x\u0007 2', reason: 'a folder'},
			],
			count: 7,
		});
		expect(text).not.toMatch(RAW_CONTROL);
		const lines = text.split('\n');
		expect(lines).toHaveLength(4);
		expect(lines[0]).toMatch(/^agentlog: skipped \/a\/s1\/events\.jsonl line 3: not JSON /);
		expect(lines[1]).toMatch(/^agentlog: skipped \/a\/s.* 2: a folder$/);
		expect(lines[2]).toBe('agentlog: and 5 more skipped (lines that could not be read, or logs that could not be opened)');
	});
});
