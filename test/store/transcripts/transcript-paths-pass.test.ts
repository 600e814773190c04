import {mkdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {TranscriptRoots} from '../../../src/store/transcripts/transcript-paths.js';
import {tempDir} from '../../helpers/tmp.js';

describe('TranscriptRoots, live', () => {
	it('resolves a path once per synchronous pass, and sees a link swapped at the next pass', async () => {
		const claude = tempDir('claude-');
		const project = path.join(claude, 'projects', '-w');
		mkdirSync(project, {recursive: true});
		const inside = path.join(project, 'real.jsonl');
		writeFileSync(inside, '{}\n');
		const outside = path.join(tempDir('elsewhere-'), 'secret.jsonl');
		writeFileSync(outside, '{}\n');
		const link = path.join(project, 'main.jsonl');
		symlinkSync(inside, link);
		const roots = new TranscriptRoots(claude);
		const first = roots.resolve(link);
		expect(first).toMatchObject({ok: true});
		// Swapped within the pass: the pass keeps what it found (the same object, no second realpath).
		rmSync(link);
		symlinkSync(outside, link);
		expect(roots.resolve(link)).toBe(first);
		// The next pass looks again: a link out of the projects folder is refused.
		await Promise.resolve();
		expect(roots.resolve(link)).toEqual({ok: false, reason: 'refused'});
		rmSync(link);
		await Promise.resolve();
		expect(roots.resolve(link)).toEqual({ok: false, reason: 'missing'});
	});
});
