// Ink's Output.get (ink/build/output.js) as the build puts it in the CLI: the same frame, drawn a
// row at a time, each row kept across frames. Ink draws every frame into a grid of styled cells
// (one object per cell, 15,000 for 250×60) and turns each row back into a string with the escape
// codes between cells; a key that moves the selection changes two rows of sixty, and every frame
// paid for all of them. A row's string depends only on the frame's width and on what was written
// into that row, in order (each write's x and line, after clipping and Ink's transformers): that is
// the row's key, and a row drawn before is taken from the cache. A row not seen before is drawn as
// Ink draws it, or, when it is one text written from a column of the row (a timeline's row, which
// a zoom changes on every row), straight from that text (directRow). scripts/ink/frame-patches.mjs
// checks that Ink's own get() is still the one this follows; test/build/ink-frame.test.ts draws
// frames both ways and compares them.
import sliceAnsi from 'slice-ansi';
import {ansiCodesToString, diffAnsiCodes, reduceAnsiCodesIncremental, styledCharsToString, tokenize} from '@alcalzone/ansi-tokenize';

/** Rows kept (four full 250×60 screens); emptied when full. */
const ROWS_KEPT = 240;
let rows = new Map();
let singles = new Map();
/** A blank cell: cells are replaced in a row, never changed, so every blank can be this one. */
const BLANK = Object.freeze({type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([])});

/** What `output` (an Ink Output) writes into each of its rows: x, line, x, line… */
function writesByRow(output) {
	const writes = Array.from({length: output.height}, () => []);
	const clips = [];
	for (const operation of output.operations) {
		if (operation.type === 'clip') {
			clips.push(operation.clip);
		}
		if (operation.type === 'unclip') {
			clips.pop();
		}
		if (operation.type !== 'write') {
			continue;
		}
		const {text, transformers} = operation;
		let {x, y} = operation;
		let lines = text.split('\n');
		const clip = clips.at(-1);
		if (clip) {
			const clipHorizontally = typeof clip?.x1 === 'number' && typeof clip?.x2 === 'number';
			const clipVertically = typeof clip?.y1 === 'number' && typeof clip?.y2 === 'number';
			if (clipHorizontally) {
				const width = output.caches.getWidestLine(text);
				if (x + width < clip.x1 || x > clip.x2) {
					continue;
				}
			}
			if (clipVertically) {
				const height = lines.length;
				if (y + height < clip.y1 || y > clip.y2) {
					continue;
				}
			}
			if (clipHorizontally) {
				lines = lines.map(line => {
					const from = x < clip.x1 ? clip.x1 - x : 0;
					const width = output.caches.getStringWidth(line);
					const to = x + width > clip.x2 ? clip.x2 - x : width;
					return sliceAnsi(line, from, to);
				});
				if (x < clip.x1) {
					x = clip.x1;
				}
			}
			if (clipVertically) {
				const from = y < clip.y1 ? clip.y1 - y : 0;
				const height = lines.length;
				const to = y + height > clip.y2 ? clip.y2 - y : height;
				lines = lines.slice(from, to);
				if (y < clip.y1) {
					y = clip.y1;
				}
			}
		}
		let offsetY = 0;
		for (let [index, line] of lines.entries()) {
			const row = writes[y + offsetY];
			// As in Ink: a line outside the frame is dropped (and so are the ones after it).
			if (!row) {
				continue;
			}
			for (const transformer of transformers) {
				line = transformer(line, index);
			}
			row.push(x, line);
			offsetY++;
		}
	}
	return writes;
}

/** One row drawn as Ink draws it: its writes into a row of cells, then the cells as a string. */
function drawRow(output, writes) {
	const cells = new Array(output.width).fill(BLANK);
	for (let i = 0; i < writes.length; i += 2) {
		let offsetX = writes[i];
		for (const character of output.caches.getStyledChars(writes[i + 1])) {
			cells[offsetX] = character;
			const characterWidth = Math.max(1, output.caches.getStringWidth(character.value));
			for (let index = 1; index < characterWidth; index++) {
				cells[offsetX + index] = {type: 'char', value: '', fullWidth: false, styles: character.styles};
			}
			offsetX += characterWidth;
		}
	}
	return styledCharsToString(cells.filter(item => item !== undefined)).trimEnd();
}

/** An SGR sequence as ansi-tokenize reads one: ESC [, digits and semicolons, m. */
// eslint-disable-next-line no-control-regex -- escapes are what is looked for
const SGR = /\u001B\[[\d;]*m/g;
/** What the tokenizer reads otherwise than as text: any other escape, and the C1 controls. */
// eslint-disable-next-line no-control-regex -- escapes are what is looked for
const NOT_TEXT = /[\u001B\u0080-\u009F]/;
/**
 * Characters that never join a grapheme cluster with the character before them (no combining
 * marks, joiners, variation selectors or emoji modifiers): Latin, punctuation, arrows, symbols,
 * box drawing and blocks. The tokenizer segments the whole line into graphemes and skips those
 * that start inside an SGR sequence: a mark right after one would go with its `m`.
 */
// eslint-disable-next-line no-control-regex -- the C0 controls are among them (each is a grapheme of its own)
const STARTS_CLEAN = /^[\u0000-\u02FF\u2010-\u20CF\u2100-\u2BFF]/;

/**
 * The row Ink draws from one write of `line` at column `x` (0 <= x < the width) and nothing else,
 * without its cells: the cells are x blanks, the line's characters in order (a wide one's second
 * cell adds nothing to the string), then blanks, and the string of the cells is each stretch of
 * text with, before it, the codes from the styles of the character before (none for the first) to
 * its own, then the codes from the last character's styles to none; the blanks at the end are
 * trimmed. The styles are the line's SGR codes so far, reduced as the tokenizer reduces them.
 * Undefined when the line holds anything else (another escape, C1 controls, a stretch of text
 * starting with a character that could join the sequence before it): Ink's way then.
 */
function directRow(x, line) {
	let row = ' '.repeat(x);
	let codes = [];
	let written = [];
	let from = 0;
	const text = until => {
		const part = line.slice(from, until);
		if (part === '') {
			return true;
		}
		if (NOT_TEXT.test(part) || (from > 0 && !STARTS_CLEAN.test(part))) {
			return false;
		}
		row += ansiCodesToString(diffAnsiCodes(written, codes)) + part;
		written = codes;
		return true;
	};
	SGR.lastIndex = 0;
	for (let match = SGR.exec(line); match !== null; match = SGR.exec(line)) {
		if (!text(match.index)) {
			return undefined;
		}
		codes = reduceAnsiCodesIncremental(codes, tokenize(match[0]));
		from = SGR.lastIndex;
	}
	if (!text(line.length)) {
		return undefined;
	}
	return (row + ansiCodesToString(diffAnsiCodes(written, []))).trimEnd();
}

/**
 * A row drawn before, or undefined. A row of one write is kept by its line (with its x and the
 * width): the same string frame after frame while its text does not change, its hash already
 * known, where a key made of it was a new string to hash each frame.
 */
function keptRow(output, writes) {
	if (writes.length === 2) {
		const kept = singles.get(writes[1]);
		return kept !== undefined && kept.x === writes[0] && kept.width === output.width ? kept.row : undefined;
	}
	return rows.get(rowKey(output, writes));
}

/** Each line with its length before it: no two different rows share a key. */
function rowKey(output, writes) {
	let key = `${output.width}`;
	for (let i = 0; i < writes.length; i += 2) {
		key += `|${writes[i]},${writes[i + 1].length}:${writes[i + 1]}`;
	}
	return key;
}

function keepRow(output, writes, row) {
	if (rows.size + singles.size >= ROWS_KEPT) {
		rows = new Map();
		singles = new Map();
	}
	if (writes.length === 2) {
		singles.set(writes[1], {x: writes[0], width: output.width, row});
	} else {
		rows.set(rowKey(output, writes), row);
	}
}

/** Ink's Output.get: the frame's text and height. */
export function outputRows(output) {
	const lines = writesByRow(output).map(writes => {
		let line = keptRow(output, writes);
		if (line === undefined) {
			const x = writes[0];
			line = (writes.length === 2 && Number.isInteger(x) && x >= 0 && x < output.width ? directRow(x, writes[1]) : undefined) ?? drawRow(output, writes);
			keepRow(output, writes, line);
		}
		return line;
	});
	return {output: lines.join('\n'), height: lines.length};
}
