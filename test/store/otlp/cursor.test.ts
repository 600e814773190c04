// The follow cursor: per session, the spans sent and what each said; saved whole, read back, a
// pruned session forgotten, and a file that cannot be read starting empty with its reason.
import {mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {OtlpCursor} from '../../../src/store/otlp/cursor.js';
import {tempDir} from '../../helpers/tmp.js';

const ENDPOINT = 'http://127.0.0.1:4318';

describe('OtlpCursor', () => {
	it('a missing file: empty, no problem', () => {
		const c = new OtlpCursor(path.join(tempDir('cursor-'), 'none.json'), ENDPOINT);
		expect(c.problem).toBeUndefined();
		expect(c.fingerprint('s', 'x')).toBeUndefined();
	});

	it('what is recorded and saved reads back; the folder is made', () => {
		const file = path.join(tempDir('cursor-'), 'deep', 'er', 'cursor.json');
		const c = new OtlpCursor(file, ENDPOINT);
		c.record('s1', 'span-a', 'fp1');
		c.record('s1', 'span-b', 'fp2');
		c.record('s2', 'span-a', 'fp3');
		c.record('s1', 'span-a', 'fp1b');
		c.save();
		expect(c.path).toBe(file);
		expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({v: 1, endpoint: ENDPOINT, sent: {s1: {'span-a': 'fp1b', 'span-b': 'fp2'}, s2: {'span-a': 'fp3'}}});
		const again = new OtlpCursor(file, ENDPOINT);
		expect(again.problem).toBeUndefined();
		expect(again.fingerprint('s1', 'span-a')).toBe('fp1b');
		expect(again.fingerprint('s2', 'span-a')).toBe('fp3');
		expect(again.fingerprint('s2', 'span-b')).toBeUndefined();
	});

	it('keepOnly forgets the sessions no longer there', () => {
		const file = path.join(tempDir('cursor-'), 'c.json');
		const c = new OtlpCursor(file, ENDPOINT);
		c.record('keep', 'x', '1');
		c.record('gone', 'x', '2');
		c.keepOnly(new Set(['keep', 'never-recorded']));
		c.save();
		expect(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as {sent: object}).sent)).toEqual(['keep']);
	});

	it('a file agentlog did not write, or broken JSON: empty, with the reason', () => {
		const dir = tempDir('cursor-');
		for (const [name, text, problem] of [
			['other-version.json', '{"v":2,"sent":{}}', 'not a cursor agentlog wrote'],
			['no-sent.json', '{"v":1}', 'not a cursor agentlog wrote'],
			['array.json', '[]', 'not a cursor agentlog wrote'],
			['broken.json', '{"v":1,', undefined],
		] as const) {
			writeFileSync(path.join(dir, name), text);
			const c = new OtlpCursor(path.join(dir, name), ENDPOINT);
			if (problem === undefined) {
				expect(c.problem, name).toMatch(/JSON/);
			} else {
				expect(c.problem, name).toBe(problem);
			}
		}
	});

	it('skips values that are not fingerprints and sessions that are not objects', () => {
		const file = path.join(tempDir('cursor-'), 'c.json');
		writeFileSync(file, JSON.stringify({v: 1, sent: {s1: {a: 'ok', b: 5, c: null}, s2: 'junk', s3: [1]}}));
		const c = new OtlpCursor(file, ENDPOINT);
		expect(c.problem).toBeUndefined();
		expect(c.fingerprint('s1', 'a')).toBe('ok');
		expect(c.fingerprint('s1', 'b')).toBeUndefined();
		c.save();
		expect((JSON.parse(readFileSync(file, 'utf8')) as {sent: object}).sent).toEqual({s1: {a: 'ok'}});
	});

	it('a folder in the cursor’s place is a problem, not a crash; a symlinked cursor is followed', () => {
		const dir = tempDir('cursor-');
		mkdirSync(path.join(dir, 'folder.json'));
		expect(new OtlpCursor(path.join(dir, 'folder.json'), ENDPOINT).problem).toBeDefined();
		writeFileSync(path.join(dir, 'real.json'), JSON.stringify({v: 1, sent: {s: {x: 'f'}}}));
		symlinkSync(path.join(dir, 'real.json'), path.join(dir, 'link.json'));
		expect(new OtlpCursor(path.join(dir, 'link.json'), ENDPOINT).fingerprint('s', 'x')).toBe('f');
	});
});
