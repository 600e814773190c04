// What the build changes in Ink's drawing of a frame (scripts/ink/frame-patches.mjs): rows drawn
// before are kept across frames, a row that is one text is drawn from it without its cells, cells
// of one run of text share their styles, and a text of SGR codes only is its own sanitized text. Frames drawn
// with the patched code must be the frames Ink's own code draws, byte for byte: the same writes
// (styled, wide, clipped, overlapping, transformed, outside the frame) go to both, several frames
// in a row (rows the cache has and has not seen), and the results are compared.
import {EventEmitter} from 'node:events';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import * as originalInk from 'ink';
import OriginalReact from 'react';
import {beforeAll, describe, expect, it} from 'vitest';
// @ts-expect-error: plain ES modules of the build's, without types.
import {inkFramePatches, patchInk, sharedStyles} from '../../scripts/ink/frame-patches.mjs';
import {tempDir} from '../helpers/tmp.js';
import {seededRandom} from '../helpers/seeded-random.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const inkBuild = path.join(root, 'node_modules', 'ink', 'build');

interface Clip {
	readonly x1?: number;
	readonly x2?: number;
	readonly y1?: number;
	readonly y2?: number;
}
interface OutputLike {
	write(x: number, y: number, text: string, options: {transformers: ((line: string, index: number) => string)[]}): void;
	clip(clip: Clip): void;
	unclip(): void;
	get(): {output: string; height: number};
}
type OutputClass = new (options: {width: number; height: number}) => OutputLike;
interface Tokenizer {
	tokenize(text: string): unknown[];
	styledCharsFromTokens(tokens: unknown[]): unknown[];
	styledCharsToString(chars: unknown[]): string;
}

type Sanitize = (text: string) => string;
/** Ink itself (render, Box, Text) and its React, from the patched bundle or the package. */
interface InkLike {
	render: typeof originalInk.render;
	Box: typeof originalInk.Box;
	Text: typeof originalInk.Text;
	React: typeof OriginalReact;
}
let patchedInk: InkLike;
let patched: {Output: OutputClass; sanitizeAnsi: Sanitize} & Tokenizer;
let original: {Output: OutputClass; sanitizeAnsi: Sanitize} & Tokenizer;

beforeAll(async () => {
	const dir = tempDir();
	const entry = path.join(dir, 'entry.mjs');
	writeFileSync(
		entry,
		`export {default as Output} from ${JSON.stringify(path.join(inkBuild, 'output.js'))};\nexport {default as sanitizeAnsi} from ${JSON.stringify(path.join(inkBuild, 'sanitize-ansi.js'))};\nexport {tokenize, styledCharsFromTokens, styledCharsToString} from '@alcalzone/ansi-tokenize';\n`,
	);
	const outfile = path.join(dir, 'patched.mjs');
	await build({
		entryPoints: [entry],
		bundle: true,
		platform: 'node',
		format: 'esm',
		outfile,
		logLevel: 'warning',
		nodePaths: [path.join(root, 'node_modules')],
		// eslint-disable-next-line @typescript-eslint/no-unsafe-call
		plugins: [patchInk('frame-test', inkFramePatches), sharedStyles],
	});
	patched = (await import(pathToFileURL(outfile).href)) as typeof patched;
	const inkEntry = path.join(dir, 'ink-entry.mjs');
	writeFileSync(inkEntry, `export {render, Box, Text} from 'ink';\nexport {default as React} from 'react';\n`);
	const inkOut = path.join(dir, 'ink-patched.mjs');
	const devtoolsStub = path.join(dir, 'devtools-stub.mjs');
	writeFileSync(devtoolsStub, 'export default {initialize() {}, connectToDevTools() {}};\n');
	await build({
		entryPoints: [inkEntry],
		bundle: true,
		platform: 'node',
		format: 'esm',
		outfile: inkOut,
		logLevel: 'error',
		nodePaths: [path.join(root, 'node_modules')],
		// Ink imports it only when DEV=true (as the build, a stub).
		alias: {'react-devtools-core': devtoolsStub},
		define: {'process.env.NODE_ENV': '"production"'},
		banner: {js: "import {createRequire as __testRequire} from 'node:module'; const require = __testRequire(import.meta.url);"},
		// eslint-disable-next-line @typescript-eslint/no-unsafe-call
		plugins: [patchInk('frame-test-ink', inkFramePatches), sharedStyles],
	});
	patchedInk = (await import(pathToFileURL(inkOut).href)) as InkLike;
	const Output = ((await import(pathToFileURL(path.join(inkBuild, 'output.js')).href)) as {default: OutputClass}).default;
	const sanitizeAnsi = ((await import(pathToFileURL(path.join(inkBuild, 'sanitize-ansi.js')).href)) as {default: Sanitize}).default;
	original = {Output, sanitizeAnsi, ...((await import('@alcalzone/ansi-tokenize')) as Tokenizer)};
}, 60_000);

/** The same writes every run. */
const random = seededRandom;

const ESC = '\u001B';
const CODES = ['1', '2', '22', '3', '23', '4', '24', '7', '27', '31', '32', '36', '39', '90', '0', '38;5;208', '48;2;10;20;30', '49', '', '1;31', '38;5', ';'];
// Marks, joiners, selectors and modifiers that would join the character before them.
const JOINING = ['\u0301', '\u200d', '\ufe0f', '🏻', 'ﾞ', '\u0e33'];
const TEXTS = ['━━━━', '████▌', '░░', 'agent', ' ', '│ ├ ', '▸ ', '·', '名前', '👍', 'e\u0301', 'x', ...JOINING, '\t', 'ab  '];
// Escapes other than SGR codes, and C1 controls: Ink's own way draws (and sanitizes) these.
const OTHER_ESCAPES = [
	`${ESC}[?25l`,
	`${ESC}]8;;https://x${'\u0007'}`,
	ESC,
	`${ESC}[1:2m`,
	`${ESC}[<1m`,
	'\u009b31m',
	'\u0085',
	`${ESC}${ESC}[1m`,
	`${ESC}(B`,
	`${ESC}1m`,
];

function styled(next: () => number, parts: number): string {
	let text = '';
	for (let i = 0; i < parts; i++) {
		if (next() < 0.6) {
			text += `${ESC}[${CODES[Math.floor(next() * CODES.length)]}m`;
		}
		text += TEXTS[Math.floor(next() * TEXTS.length)];
	}
	return next() < 0.5 ? `${text}${ESC}[0m` : text;
}

type Op = {kind: 'write'; x: number; y: number; text: string; bold: boolean} | {kind: 'clip'; clip: Clip} | {kind: 'unclip'};

function frameOps(next: () => number, width: number, height: number): Op[] {
	const ops: Op[] = [];
	let clips = 0;
	for (let i = 0; i < 40; i++) {
		const r = next();
		if (r < 0.08) {
			const x1 = Math.floor(next() * width);
			const y1 = Math.floor(next() * height);
			ops.push({kind: 'clip', clip: next() < 0.5 ? {x1, x2: x1 + Math.floor(next() * width)} : {x1, x2: x1 + 10, y1, y2: y1 + 3}});
			clips++;
		} else if (r < 0.12 && clips > 0) {
			ops.push({kind: 'unclip'});
			clips--;
		} else {
			const lines = Array.from({length: 1 + Math.floor(next() * 3)}, () => styled(next, 1 + Math.floor(next() * 8)));
			ops.push({kind: 'write', x: Math.floor(next() * (width + 4)) - 2, y: Math.floor(next() * (height + 4)) - 2, text: lines.join('\n'), bold: next() < 0.2});
		}
	}
	return ops;
}

function draw(Output: OutputClass, width: number, height: number, ops: readonly Op[]): {output: string; height: number} {
	const output = new Output({width, height});
	for (const op of ops) {
		if (op.kind === 'clip') {
			output.clip(op.clip);
		} else if (op.kind === 'unclip') {
			output.unclip();
		} else {
			output.write(op.x, op.y, op.text, {transformers: op.bold ? [(line, index) => `${ESC}[1m${index}${line}${ESC}[22m`] : []});
		}
	}
	return output.get();
}

/** A row's text as one write: SGR codes and texts (sometimes another escape), maybe reset at the end. */
function rowText(next: () => number, parts: number, others: boolean): string {
	let text = '';
	for (let i = 0; i < parts; i++) {
		if (others && next() < 0.3) {
			text += OTHER_ESCAPES[Math.floor(next() * OTHER_ESCAPES.length)];
		}
		if (next() < 0.7) {
			text += `${ESC}[${CODES[Math.floor(next() * CODES.length)]}m`;
		}
		text += TEXTS[Math.floor(next() * TEXTS.length)];
	}
	return next() < 0.5 ? `${text}${ESC}[0m` : text;
}

describe("the build's frame drawing", () => {
	it('draws a row that is one text, from any column, as Ink does (styled, wide, joining marks, too long, other escapes)', () => {
		const next = random(23);
		for (let round = 0; round < 80; round++) {
			const width = 5 + Math.floor(next() * 60);
			const height = 1 + Math.floor(next() * 10);
			const others = round % 2 === 1;
			const ops: Op[] = Array.from({length: height}, (_, y) => ({
				kind: 'write',
				x: next() < 0.5 ? 0 : Math.floor(next() * (width + 2)),
				y,
				text: rowText(next, 1 + Math.floor(next() * 14), others),
				bold: next() < 0.1,
			}));
			// Then some rows written over, and a clip: those are drawn cell by cell.
			const over: Op[] = [
				...ops,
				{kind: 'clip', clip: {x1: 2, x2: width - 2}},
				{kind: 'write', x: 1, y: 0, text: rowText(next, 3, false), bold: false},
				{kind: 'unclip'},
			];
			for (const frame of [ops, ops, over]) {
				expect(draw(patched.Output, width, height, frame)).toEqual(draw(original.Output, width, height, frame));
			}
		}
	});

	it('draws each other escape and each joining mark after a code, in a row that is one text, as Ink does', () => {
		for (const other of [...OTHER_ESCAPES, ...JOINING.map(mark => `${ESC}[32m${mark}`)]) {
			const ops: Op[] = [
				{kind: 'write', x: 0, y: 0, text: `${ESC}[31mab${other}cd${ESC}[39m`, bold: false},
				{kind: 'write', x: 3, y: 1, text: `${other}ab`, bold: false},
			];
			expect(draw(patched.Output, 20, 2, ops)).toEqual(draw(original.Output, 20, 2, ops));
		}
	});

	it('a timeline row as the app writes it: the same row as Ink draws', () => {
		const row = `${ESC}[1m▸ worker-1 ${ESC}[22m${ESC}[90m───${ESC}[39m   ${ESC}[32m━━━━━${ESC}[39m${ESC}[32m▶${ESC}[39m${ESC}[35m◆${ESC}[39m${ESC}[31m✗${ESC}[39m`;
		const ops: Op[] = [{kind: 'write', x: 0, y: 0, text: row, bold: false}];
		const drawn = draw(patched.Output, 40, 1, ops);
		expect(drawn).toEqual(draw(original.Output, 40, 1, ops));
		expect(drawn.output).toBe(`${ESC}[1m▸ worker-1 ${ESC}[22m${ESC}[90m───${ESC}[39m   ${ESC}[32m━━━━━▶${ESC}[35m◆${ESC}[31m✗${ESC}[39m`);
	});

	it('sanitizes every text as Ink does', () => {
		const next = random(31);
		for (let i = 0; i < 2000; i++) {
			const text = rowText(next, 1 + Math.floor(next() * 10), next() < 0.5);
			expect(patched.sanitizeAnsi(text)).toBe(original.sanitizeAnsi(text));
		}
		expect(patched.sanitizeAnsi(`a${ESC}[?25lb${ESC}[31mc`)).toBe(`ab${ESC}[31mc`);
	});

	it("draws every frame as Ink's own code does, frames after frames", () => {
		const next = random(7);
		let frames = 0;
		for (let round = 0; round < 60; round++) {
			const width = 5 + Math.floor(next() * 40);
			const height = 1 + Math.floor(next() * 12);
			const ops = frameOps(next, width, height);
			// Drawn again: every row from the cache, and with one write changed: some rows from it.
			const changed = ops.map(op => (op.kind === 'write' && next() < 0.1 ? {...op, text: styled(next, 3)} : op));
			for (const frame of [ops, ops, changed]) {
				expect(draw(patched.Output, width, height, frame)).toEqual(draw(original.Output, width, height, frame));
				frames++;
			}
		}
		expect(frames).toBe(180);
	});

	it('draws a row of styled characters back as the tokenizer does', () => {
		const next = random(11);
		for (let i = 0; i < 500; i++) {
			const text = styled(next, 1 + Math.floor(next() * 12));
			const back = (t: Tokenizer) => t.styledCharsToString(t.styledCharsFromTokens(t.tokenize(text)));
			expect(back(patched)).toBe(back(original));
		}
	});

	it('a full screen of bars: the same frame, and the same again from the cache', () => {
		const bar = (i: number) =>
			`${ESC}[1m▸ worker-${i}${ESC}[22m ${ESC}[32m${'━'.repeat(i % 50)}${ESC}[39m${ESC}[31m${'█'.repeat(30)}${ESC}[39m ${ESC}[2m·${ESC}[22m`;
		const ops: Op[] = Array.from({length: 60}, (_, y) => ({kind: 'write', x: 0, y, text: bar(y), bold: false}));
		const first = draw(patched.Output, 250, 60, ops);
		expect(first).toEqual(draw(original.Output, 250, 60, ops));
		expect(draw(patched.Output, 250, 60, ops)).toEqual(first);
		expect(first.output.split('\n')[3]).toContain('worker-3');
	});
});

/** A stdout that keeps the last frame Ink wrote (debug mode writes each frame whole, at once). */
class FrameStdout extends EventEmitter {
	readonly columns = 60;
	readonly rows = 30;
	last = '';
	write = (frame: string) => {
		this.last = frame;
		return true;
	};
}

describe("the build's layout of texts that change", () => {
	// Texts of the same width and others (wider than the box, wrapped, wide characters, empty),
	// plain and nested, changing frame after frame: each frame as Ink's own code lays it out.
	const POOL = [
		'━━━━━━━━━━',
		'──────────',
		'abcdefghij',
		'名前名前名',
		'short',
		'',
		'a much longer text than the box is wide, cut or wrapped',
		'▸ x',
		`${ESC}[32m━━━━━━━━━━${ESC}[39m`,
	];
	function frames(ink: InkLike, seed: number): string[] {
		const h = ink.React.createElement;
		const next = random(seed);
		const pick = () => POOL[Math.floor(next() * POOL.length)]!;
		const screen = (texts: readonly string[], width: number) =>
			h(
				ink.Box,
				{flexDirection: 'column', width},
				h(ink.Text, {wrap: 'truncate'}, texts[0]),
				h(ink.Text, {wrap: 'truncate'}, texts[1]),
				h(ink.Text, {wrap: 'wrap'}, texts[2]),
				h(ink.Text, {wrap: 'truncate'}, h(ink.Text, {bold: true}, texts[3]), ' ', h(ink.Text, {color: 'green'}, texts[4])),
				h(ink.Box, {flexDirection: 'row'}, h(ink.Text, {}, texts[5]), h(ink.Text, {wrap: 'truncate'}, texts[6])),
				h(ink.Text, {}, 'end'),
			);
		const stdout = new FrameStdout();
		const width = () => (next() < 0.8 ? 12 : 8 + Math.floor(next() * 40));
		const instance = ink.render(screen(Array.from({length: 7}, pick), 12), {stdout: stdout as unknown as NodeJS.WriteStream, debug: true, patchConsole: false});
		const out = [stdout.last];
		for (let i = 0; i < 60; i++) {
			instance.rerender(screen(Array.from({length: 7}, pick), width()));
			out.push(stdout.last);
		}
		instance.unmount();
		return out;
	}

	it("lays out every frame as Ink's own code does", () => {
		for (const seed of [1, 2, 3, 4, 5, 6]) {
			const mine = frames(patchedInk, seed);
			expect(mine).toEqual(frames({...originalInk, React: OriginalReact}, seed));
			expect(new Set(mine).size).toBeGreaterThan(30);
		}
	});
});
