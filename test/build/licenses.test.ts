// The license of agentlog, and the notices of the packages bundled into dist/cli, which their
// licenses ask to travel with every copy.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {license: string; files: string[]};

describe('licenses', () => {
	it('agentlog has a LICENSE file that says what package.json says, and ships it', () => {
		expect(pkg.license).toBe('MIT');
		const text = readFileSync(path.join(root, 'LICENSE'), 'utf8');
		expect(text).toMatch(/^MIT License\n/u);
		expect(text).toContain('Permission is hereby granted, free of charge');
		expect(pkg.files).toContain('LICENSE');
	});

	it("the build writes the bundled packages' notices beside the bundle, each with its license text", () => {
		// global-setup built dist/ for this run.
		const notices = readFileSync(path.join(root, 'dist', 'cli', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
		const sections = notices.split(/^-{72}\n/mu).slice(1);
		const heads = sections.filter((_, i) => i % 2 === 0).map(head => head.trim());
		const bodies = sections.filter((_, i) => i % 2 === 1);
		for (const bundled of ['ink', 'react', 'marked', 'marked-terminal', 'chokidar', 'commander', 'chalk', 'yoga-layout', 'jsonc-parser']) {
			expect(
				heads.some(head => head.startsWith(`${bundled} `)),
				bundled,
			).toBe(true);
		}
		expect(heads.length).toBe(bodies.length);
		for (const [i, body] of bodies.entries()) {
			expect(body.trim().length, heads[i]).toBeGreaterThan(20);
		}
		// Packages that ship no license file are named with what their package.json says, never silently left out.
		expect(notices).toContain('yoga-layout');
		expect(new Set(heads).size).toBe(heads.length);
	});
});
