// The CLI as built (test/global-setup.ts builds dist/ first): Ink's text caches are bounded
// (scripts/build.mjs). Unbounded, they kept every text ever drawn, and a monitor's durations
// change every second, so the heap grew for as long as the monitor ran.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const cliDir = process.env.AGENTLOG_TEST_DIST ?? path.join(path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url)))), 'dist', 'cli');

/** The files the built CLI loads: its one bundle. */
function loadedFiles(): Map<string, string> {
	const file = path.join(cliDir, 'agentlog.cjs');
	return new Map([[file, readFileSync(file, 'utf8')]]);
}

describe('the built CLI', () => {
	const files = [...loadedFiles().values()];

	it("bounds Ink's cache of measured texts", () => {
		const start = /\bmeasureText\d* = \(text\d*\) => \{/;
		const withMeasure = files.filter(text => start.test(text));
		expect(withMeasure.length).toBeGreaterThan(0);
		for (const text of withMeasure) {
			const at = text.search(start);
			const body = text.slice(at, at + 600);
			expect(body).toMatch(/if \(cache\d*\.size >= [\de]+\) cache\d*\.clear\(\);/);
		}
	});

	it("bounds Ink's cache of texts cut to a width", () => {
		const start = /\bwrapText\d* = \(text\d*, maxWidth, wrapType\)/;
		const withWrap = files.filter(text => start.test(text));
		expect(withWrap.length).toBeGreaterThan(0);
		for (const text of withWrap) {
			const at = text.search(start);
			const body = text.slice(at, at + 1200);
			expect(body).toMatch(/if \(\+\+cacheSize\d* > [\de]+\)/);
		}
	});

	it("keeps Ink's cut lines across frames, bounded", () => {
		const withOutput = files.filter(text => text.includes('caches = sharedOutputCaches();'));
		expect(withOutput).toHaveLength(1);
		expect(withOutput[0]).toMatch(/function sharedOutputCaches\(\) \{\s*if \(sharedCaches === void 0 \|\| sharedCaches\.styledChars\.size >= \d+\)/);
		expect(files.some(text => text.includes('caches = new OutputCaches();'))).toBe(false);
	});

	it('keeps rows Ink drew across frames, and one styles array for a run of text (scripts/ink/frame-patches.mjs)', () => {
		expect(files.filter(text => text.includes('Output.prototype.get = function get() {'))).toHaveLength(1);
		expect(files.some(text => text.includes('styles: shared ??= [...codes]'))).toBe(true);
		// A text drawn takes its width from the measure cache layout filled.
		expect(files.some(text => /const currentWidth = \w+\(text\d*\)\.width;/.test(text))).toBe(true);
	});
});
