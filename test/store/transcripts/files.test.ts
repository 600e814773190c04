// Reading transcript files by byte ranges, line starts, tails and chunks: complete lines only, a
// line longer than the limit skipped across calls, a stop mid-file resumed where it stopped, and
// nothing but regular files opened.
import {execFileSync} from 'node:child_process';
import {closeSync, mkdirSync, openSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {lineStart, mainTranscriptOf, metaPath, readLineChunksSync, readRange, streamLines, type LineChunks} from '../../../src/store/transcripts/files.js';
import {tempDir} from '../../helpers/tmp.js';

function file(text: string | Buffer, name = 't.jsonl'): string {
	const p = path.join(tempDir('files-'), name);
	writeFileSync(p, text);
	return p;
}

/** Every line readLineChunksSync hands over, as text, with where it stopped. */
function chunked(text: string, options: {start?: number; end?: number; chunkBytes?: number; maxLine?: number; skipping?: boolean; stopAfter?: number} = {}) {
	const p = file(text);
	const fd = openSync(p, 'r');
	const lines: string[] = [];
	let calls = 0;
	let result: LineChunks;
	try {
		result = readLineChunksSync(
			fd,
			options.start ?? 0,
			options.end ?? Buffer.byteLength(text),
			bytes => {
				calls += 1;
				lines.push(...bytes.toString('utf8').split('\n').slice(0, -1));
				return options.stopAfter === undefined || calls < options.stopAfter;
			},
			options,
		);
	} finally {
		closeSync(fd);
	}
	return {lines, ...result};
}

describe('paths', () => {
	it('puts the sidecar beside the transcript and finds the session’s main transcript', () => {
		expect(metaPath('/p/s/subagents/agent-a.jsonl')).toBe('/p/s/subagents/agent-a.meta.json');
		expect(mainTranscriptOf('/p/proj/sess/subagents/agent-a.jsonl')).toBe('/p/proj/sess.jsonl');
		expect(mainTranscriptOf('/p/proj/sess/subagents/workflows/run-1/agent-a.jsonl')).toBe('/p/proj/sess.jsonl');
		expect(mainTranscriptOf('/p/proj/sess.jsonl')).toBeUndefined();
		expect(mainTranscriptOf('/p/proj/sess/other/agent-a.jsonl')).toBeUndefined();
	});
});

describe('readRange and lineStart', () => {
	it('reads a range, cut at the end of the file', () => {
		const p = file('0123456789');
		expect(Buffer.from(readRange(p, 2, 5)).toString()).toBe('234');
		expect(Buffer.from(readRange(p, 8, 100)).toString()).toBe('89');
		expect(readRange(p, 5, 5)).toHaveLength(0);
		expect(readRange(p, 7, 3)).toHaveLength(0);
	});

	it('finds the start of the line holding a byte, across more than one 64 KiB step', () => {
		const long = 'x'.repeat(200_000);
		const p = file(`first\n${long}\nlast\n`);
		expect(lineStart(p, 0)).toBe(0);
		expect(lineStart(p, 3)).toBe(0);
		expect(lineStart(p, 6)).toBe(6);
		expect(lineStart(p, 150_000)).toBe(6);
		expect(lineStart(p, 6 + 200_001 + 2)).toBe(6 + 200_001);
		expect(lineStart(file('no newline at all'), 10)).toBe(0);
	});

	it('opens no FIFO, folder or missing file', () => {
		const dir = tempDir('special-');
		const fifo = path.join(dir, 'fifo');
		execFileSync('mkfifo', [fifo]);
		mkdirSync(path.join(dir, 'folder'));
		for (const p of [fifo, path.join(dir, 'folder'), path.join(dir, 'missing')]) {
			expect(() => readRange(p, 0, 10)).toThrow();
		}
	});

	it('follows a symbolic link to a regular file', () => {
		const real = file('abc\n');
		const link = path.join(path.dirname(real), 'link.jsonl');
		symlinkSync(real, link);
		expect(Buffer.from(readRange(link, 0, 3)).toString()).toBe('abc');
	});
});

describe('streamLines', () => {
	it('hands over complete lines up to `end`, a line cut by a chunk joined whole', async () => {
		const p = file('one\ntwo\nthree\nfour');
		const got: string[] = [];
		const positions: number[] = [];
		const done = await streamLines(p, 14, 3, (lines, position) => {
			got.push(...lines);
			positions.push(position);
			return true;
		});
		expect(done).toBe(true);
		expect(got).toEqual(['one', 'two', 'three']);
		expect(positions.at(-1)).toBe(14);
	});

	it('stops when told, and reads nothing of a file that is not there', async () => {
		const p = file('a\nb\nc\nd\n');
		let calls = 0;
		expect(await streamLines(p, 8, 2, () => ++calls < 2)).toBe(false);
		expect(calls).toBe(2);
		expect(await streamLines(path.join(tempDir('gone-'), 'x'), 10, 4, () => true)).toBe(false);
		expect(await streamLines(p, 0, 4, () => true)).toBe(true);
	});
});

describe('readLineChunksSync', () => {
	it('hands over every complete line whatever the chunk size, and stops before a half-written one', () => {
		const text = 'a\nbb\nccc\ndddd\neeeee\nunfinished';
		for (const chunkBytes of [1, 2, 3, 7, 64, 1 << 20]) {
			const r = chunked(text, {chunkBytes});
			expect(r.lines).toEqual(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
			expect(r.position).toBe(text.indexOf('unfinished'));
			expect(r.skipping).toBe(false);
		}
	});

	it('starts at `start` and reads no further than `end`', () => {
		const text = 'zero\none\ntwo\nthree\n';
		const r = chunked(text, {start: 5, end: 13, chunkBytes: 4});
		expect(r.lines).toEqual(['one', 'two']);
		expect(r.position).toBe(13);
	});

	it('skips a line longer than maxLine without keeping it, and carries the skip into the next call', () => {
		const text = `short\n${'L'.repeat(100)}\nafter\n`;
		const r = chunked(text, {chunkBytes: 8, maxLine: 20});
		expect(r.lines).toEqual(['short', 'after']);
		expect(r.lines.some(l => l.includes('L'))).toBe(false);
		// Cut inside the long line: the next call, told it is skipping, resumes after it.
		const cut = chunked(text, {chunkBytes: 8, maxLine: 20, end: 60});
		expect(cut).toMatchObject({lines: ['short'], skipping: true});
		const next = chunked(text, {chunkBytes: 8, maxLine: 20, start: cut.position, skipping: true});
		expect(next.lines).toEqual(['after']);
	});

	it('resumes where it was stopped, with no line lost or repeated', () => {
		const text = Array.from({length: 50}, (_, i) => `line ${i}`).join('\n') + '\n';
		const first = chunked(text, {chunkBytes: 16, stopAfter: 3});
		const rest = chunked(text, {chunkBytes: 16, start: first.position});
		expect([...first.lines, ...rest.lines]).toEqual(Array.from({length: 50}, (_, i) => `line ${i}`));
	});

	it('keeps multi-byte characters split by a chunk whole', () => {
		const text = 'ü👍€\n日本語\n';
		const r = chunked(text, {chunkBytes: 1});
		expect(r.lines).toEqual(['ü👍€', '日本語']);
	});

	it('reads nothing of an empty range', () => {
		expect(chunked('abc\n', {start: 2, end: 2})).toEqual({lines: [], position: 2, skipping: false});
	});
});
