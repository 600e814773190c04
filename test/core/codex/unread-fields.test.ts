// A rollout's first line without its system prompt, cut out of the text before parsing: the
// result must parse to the same object less that key, or be the line itself.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {EMPTY_THREAD, foldRollout} from '../../../src/core/codex/rollout.js';
import {valueEnd, withoutUnreadFields} from '../../../src/core/codex/unread-fields.js';

const BIG = 'You are Codex. '.repeat(600);

function without(value: unknown, key: string): unknown {
	if (Array.isArray(value)) {
		return value.map(v => without(v, key));
	}
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value)
				.filter(([k]) => k !== key)
				.map(([k, v]) => [k, without(v, key)]),
		);
	}
	return value;
}

/** The line cut, parsed, equals the line parsed without `base_instructions` anywhere. */
function expectCut(line: string): void {
	const cut = withoutUnreadFields(line);
	expect(cut.length).toBeLessThan(line.length);
	expect(cut).not.toContain('"base_instructions"');
	expect(JSON.parse(cut)).toEqual(without(JSON.parse(line), 'base_instructions'));
}

describe('valueEnd', () => {
	it('finds the end of strings with escapes, nested objects and arrays, and scalars', () => {
		const s = '{"a":"x\\"}\\\\","b":[1,{"c":"]}"}],"d":-1.5e3,"e":true}';
		const at = (key: string) => s.indexOf(`"${key}":`) + key.length + 3;
		expect(s.slice(at('a'), valueEnd(s, at('a')))).toBe('"x\\"}\\\\"');
		expect(s.slice(at('b'), valueEnd(s, at('b')))).toBe('[1,{"c":"]}"}]');
		expect(s.slice(at('d'), valueEnd(s, at('d')))).toBe('-1.5e3');
		expect(s.slice(at('e'), valueEnd(s, at('e')))).toBe('true');
		expect(valueEnd(s, 0)).toBe(s.length);
	});

	it('says -1 for a value that never ends', () => {
		expect(valueEnd('{"a":"open', 5)).toBe(-1);
		expect(valueEnd('{"a":{"b":[1,2}', 5)).toBe(-1);
		expect(valueEnd('{"a":', 5)).toBe(-1);
	});
});

describe('withoutUnreadFields', () => {
	const meta = (payload: Record<string, unknown>) => JSON.stringify({timestamp: '2026-11-24T05:57:06.857Z', ordinal: 0, type: 'session_meta', payload});

	it('cuts base_instructions wherever it stands among the keys', () => {
		expectCut(meta({id: 'a', base_instructions: {text: BIG}, cwd: '/x'}));
		expectCut(meta({base_instructions: {text: BIG}, id: 'a'}));
		expectCut(meta({id: 'a', cwd: '/x', base_instructions: {text: BIG, provenance: {type: 'model', list: ['}', '"', '\\']}}}));
		expectCut(meta({base_instructions: BIG}));
		expectCut(`{ "payload" : { "id" : "a" , "base_instructions" : { "text" : ${JSON.stringify(BIG)} } , "cwd" : "/x" } }`);
	});

	it('keeps text that only mentions the key (inside a string, escaped)', () => {
		const line = JSON.stringify({type: 'response_item', payload: {type: 'function_call_output', output: `{"base_instructions": {"text": "${BIG}"}}`}});
		expect(line.length).toBeGreaterThan(4096);
		expect(withoutUnreadFields(line)).toBe(line);
		const tricky = JSON.stringify({out: `\\"base_instructions": 1 ${BIG}`});
		expect(withoutUnreadFields(tricky)).toBe(tricky);
	});

	it('leaves short lines and broken lines as they are', () => {
		const short = meta({id: 'a', base_instructions: {text: 'short'}});
		expect(withoutUnreadFields(short)).toBe(short);
		const cut = meta({id: 'a', base_instructions: {text: BIG}}).slice(0, 5000);
		expect(withoutUnreadFields(cut)).toBe(cut);
	});

	it('cuts the real first lines Codex 0.169.0 wrote, and the fold reads the same thread', () => {
		const root = path.join(import.meta.dirname, '../../fixtures/codex');
		const files = readdirSync(root, {recursive: true, encoding: 'utf8'}).filter(f => /rollout-.*\.jsonl$/.test(f));
		expect(files.length).toBeGreaterThan(5);
		for (const file of files) {
			const lines = readFileSync(path.join(root, file), 'utf8').split('\n').filter(Boolean);
			expectCut(lines[0]!);
			// The fold (which cuts) gives the same meta as parsing the whole line.
			const meta = foldRollout(EMPTY_THREAD, [lines[0]!]).meta;
			expect(meta?.threadId).toBe((JSON.parse(lines[0]!) as {payload: {id: string}}).payload.id);
		}
	});
});
