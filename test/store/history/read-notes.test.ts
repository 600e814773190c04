// What could not be read of the event logs: the first MAX_NOTES with their details, all counted.
import {describe, expect, it} from 'vitest';
import {MAX_NOTES, note, type LogNotes} from '../../../src/store/history/read-notes.js';

describe('note', () => {
	it('keeps the first MAX_NOTES in order and counts them all', () => {
		const notes: LogNotes = {notes: [], count: 0};
		for (let i = 1; i <= MAX_NOTES + 3; i++) {
			note(notes, {file: `a/s${i}/events.jsonl`, lineNumber: i, reason: 'not JSON'});
		}
		expect(notes.count).toBe(MAX_NOTES + 3);
		expect(notes.notes.map(n => n.lineNumber)).toEqual(Array.from({length: MAX_NOTES}, (_, i) => i + 1));
	});

	it('adds to a count that started elsewhere', () => {
		const notes: LogNotes = {notes: [], count: 10};
		note(notes, {file: 'f', reason: 'unreadable'});
		expect(notes).toEqual({notes: [{file: 'f', reason: 'unreadable'}], count: 11});
	});
});
