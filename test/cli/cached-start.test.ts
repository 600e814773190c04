// What bin/agentlog.js runs the CLI's bundle with: which cache a command line uses, and a bundle
// run as a CommonJS module whose require of the Markdown script beside it runs that script once.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runBundle, runKind} from '../../src/cli/cached-start.js';
import {tempDir} from '../helpers/tmp.js';

describe('runKind', () => {
	it('gives the screens their own cache: bare agentlog, watch, replay, demo, watch options, a session id', () => {
		for (const args of [
			[],
			['watch'],
			['replay', 's1'],
			['demo'],
			['--max', '3'],
			['-d', 'x'],
			['24e07ee9'],
			['24e07ee9-7e32-4755-ad29-6c259aa43465', '--max', '3'],
		]) {
			expect(runKind(args), args.join(' ')).toBe('screen');
		}
	});

	it('gives every other command, help and the version the commands cache', () => {
		for (const args of [['ls'], ['history', '--json'], ['status'], ['stop', 'a1'], ['help'], ['--help'], ['-h'], ['-V'], ['--version'], ['-v']]) {
			expect(runKind(args), args.join(' ')).toBe('command');
		}
	});
});

describe('runBundle', () => {
	it('runs the bundle as a CommonJS module, and its require of ./markdown.cjs runs the script beside it once', () => {
		const dir = tempDir('cached-start-');
		mkdirSync(dir, {recursive: true});
		const bundle = path.join(dir, 'agentlog.cjs');
		writeFileSync(
			path.join(dir, 'markdown.cjs'),
			'// agentlog bundle 00000000000000aa\nglobalThis.__markdownRuns = (globalThis.__markdownRuns ?? 0) + 1;\nmodule.exports = {renderer: "markdown"};\n',
		);
		writeFileSync(
			bundle,
			'// agentlog bundle 00000000000000bb\n"use strict";\nconst path = require("node:path");\nconst a = require("./markdown.cjs");\nconst b = require("./markdown.cjs");\nmodule.exports = {same: a === b, renderer: a.renderer, file: __filename, sep: path.sep};\n',
		);
		const exported = runBundle(bundle, ['ls']) as {same: boolean; renderer: string; file: string; sep: string};
		expect(exported).toEqual({same: true, renderer: 'markdown', file: bundle, sep: path.sep});
		expect((globalThis as {__markdownRuns?: number}).__markdownRuns).toBe(1);
	});
});
