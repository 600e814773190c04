// A real Claude Code fixture (test/fixtures/claude/<scenario>) copied for a benchmark, its recorded
// paths pointing at the copy, as test/helpers/claude-fixture-run.ts does for the tests.
import {cpSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const fixtures = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'test', 'fixtures', 'claude');

/** The scenario copied to `<into>/<name>`; the env to run the CLI on it, its clock an hour after the run. */
export function copyClaudeFixture(name, into) {
	const {runRoot, scenarios} = JSON.parse(readFileSync(path.join(fixtures, 'manifest.json'), 'utf8'));
	const scenario = scenarios[name];
	const recorded = scenario.root ?? path.join(runRoot, name);
	const root = path.join(into, name);
	cpSync(path.join(fixtures, name), root, {recursive: true});
	const walk = dir => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) {
				walk(file);
			} else {
				const text = readFileSync(file, 'utf8');
				if (text.includes(recorded)) {
					writeFileSync(file, text.split(recorded).join(root));
				}
			}
		}
	};
	walk(root);
	return {
		root,
		sessionId: scenario.sessionId,
		env: {
			HOME: path.join(root, 'home'),
			CLAUDE_CONFIG_DIR: path.join(root, 'claude'),
			AGENTLOG_DIR: path.join(root, 'activity'),
			XDG_STATE_HOME: path.join(root, 'state'),
			AGENTLOG_NOW: new Date(Date.parse(scenario.exitedAt) + 60 * 60 * 1000).toISOString(),
		},
	};
}
