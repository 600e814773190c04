// The README's quick-start commands must exist and work from a fresh clone.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>; bin: Record<string, string>};

describe('README quick start', () => {
	it('names the set-up + demo command and the test command, and both are package scripts', () => {
		expect(readme).toContain('npm install && npm run demo');
		expect(readme).toContain('npm test');
		expect(pkg.scripts.demo).toMatch(/agentlog(\.js)? demo/);
		expect(pkg.scripts.test).toContain('vitest run');
		// npm install runs no script (the package has no install scripts: npm 11 warns of them);
		// the demo builds the CLI first, and the tests build it in vitest's global setup.
		expect(pkg.scripts.prepare).toBeUndefined();
		expect(pkg.scripts.demo).toMatch(/^node scripts\/build\.mjs && /);
		expect(readFileSync(path.join(root, 'test', 'global-setup.ts'), 'utf8')).toContain('scripts/build.mjs');
		expect(readFileSync(path.join(root, 'vitest.config.ts'), 'utf8')).toContain("globalSetup: ['test/global-setup.ts']");
	});

	it('documents every command the CLI has', () => {
		for (const command of ['watch', 'ls', 'sessions', 'install-hook', 'uninstall-hook', 'demo']) {
			expect(readme).toContain(`agentlog ${command}`);
		}
	});

	it('fits a first read, and installs only in ways that work today', () => {
		expect(readme.split('\n').length).toBeLessThanOrEqual(200);
		// The package is not on the registry yet, and the plugin is added from the clone's folder.
		expect(readme).not.toMatch(/npm i(nstall)? -g agentlog\b/u);
		expect(readme).not.toContain('<owner>');
		expect(readme).toContain('npm i -g ./agentlog-*.tgz');
		expect(readme).toContain('/plugin marketplace add /path/to/agentlog');
		// The first steps come before the long parts.
		expect(readme.indexOf('## Install it beside Claude Code')).toBeLessThan(readme.indexOf('## Keys'));
	});

	it('the CI script runs the README test command', () => {
		expect(readFileSync(path.join(root, '.ci', 'run'), 'utf8')).toContain('npm test');
	});
});
