// docs/development.md is the map of the code: it must name every folder of src/, and every path it
// names in backticks (`src/…`, `hooks/…`, `test/…`, `scripts/…`) must exist, so a moved or renamed
// file shows up here instead of misleading the next reader.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const guide = readFileSync(path.join(root, 'docs', 'development.md'), 'utf8');

function folders(dir: string): string[] {
	return readdirSync(path.join(root, dir), {withFileTypes: true})
		.filter(entry => entry.isDirectory())
		.flatMap(entry => {
			const rel = `${dir}/${entry.name}`;
			return [rel, ...folders(rel)];
		});
}

/** The repository paths a text names in backticks; `<scenario>`-style placeholders and globs are not paths. */
function namedPaths(text: string): string[] {
	return [...text.matchAll(/`((?:src|hooks|test|scripts|bench|docs)\/[^`\s]*)`/g)].map(m => m[1] ?? '').filter(p => !/[<>*]/.test(p));
}

describe('docs/development.md', () => {
	it('names every folder of src/', () => {
		const all = folders('src');
		expect(all.length).toBeGreaterThan(40);
		expect(all.filter(folder => !guide.includes(`\`${folder}\``))).toEqual([]);
	});

	it('names only paths that exist', () => {
		const named = namedPaths(guide);
		expect(named.length).toBeGreaterThan(30);
		expect(named.filter(p => !existsSync(path.join(root, p)))).toEqual([]);
	});

	it('would name a path that does not exist', () => {
		expect(namedPaths('read `src/core/gone.ts`, not `test/fixtures/claude/<scenario>/x` or `hooks/*.cjs`')).toEqual(['src/core/gone.ts']);
	});
});
