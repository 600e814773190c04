// A real Claude Code fixture (test/fixtures/claude/<scenario>) placed in a temp folder as if it had
// been recorded there: its `claude/` folder copied with every recorded path rewritten, and its
// hook payloads rewritten the same way, ready to be fed to the hook.
import {cpSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from './tmp.js';

const base = path.resolve(import.meta.dirname, '..', 'fixtures', 'claude');

export interface FixtureAgent {
	readonly script: string;
	readonly agentId: string;
	readonly type: string | null;
	readonly description: string | null;
	readonly parent: string | null;
	readonly depth: number | null;
}

export interface PlacedFixture {
	/** The folder that stands for the recorded run root. */
	readonly root: string;
	/** The Claude Code config folder (`CLAUDE_CONFIG_DIR`): `projects/` with the transcripts and `.meta.json`. */
	readonly claude: string;
	/** The recorded payloads, one JSON text each, their paths rewritten. */
	readonly payloads: readonly string[];
	readonly sessionId: string;
	readonly agents: readonly FixtureAgent[];
	/** The fixture's own folder (unchanged files). */
	readonly source: string;
	/** Rewrites a recorded path (or any text holding one) to where the copy is. */
	readonly rewrite: (text: string) => string;
}

export function placeClaudeFixture(scenario: string): PlacedFixture {
	const manifest = JSON.parse(readFileSync(path.join(base, 'manifest.json'), 'utf8')) as {
		scenarios: Record<string, {root: string; sessionId: string; agents: FixtureAgent[]}>;
	};
	const sc = manifest.scenarios[scenario];
	if (sc === undefined) {
		throw new Error(`no fixture scenario ${scenario}`);
	}
	const source = path.join(base, scenario);
	const root = tempDir(`${scenario}-`);
	const rewrite = (text: string) => text.split(sc.root).join(root);
	const claude = path.join(root, 'claude');
	cpSync(path.join(source, 'claude'), claude, {recursive: true});
	for (const name of readdirSync(claude, {recursive: true, encoding: 'utf8'})) {
		const file = path.join(claude, name);
		if (statSync(file).isFile()) {
			writeFileSync(file, rewrite(readFileSync(file, 'utf8')));
		}
	}
	const payloads = readFileSync(path.join(source, 'hook-payloads.jsonl'), 'utf8').split('\n').filter(Boolean).map(rewrite);
	return {root, claude, payloads, sessionId: sc.sessionId, agents: sc.agents, source, rewrite};
}
