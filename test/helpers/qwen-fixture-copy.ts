// A real Qwen Code fixture (test/fixtures/qwen/<scenario>) placed in a temp folder as if it had been
// recorded there: `home/.qwen/projects` (transcripts, subagent files) and `activity/` (what agentlog's
// hook wrote) copied with every recorded path rewritten.
import {cpSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from './tmp.js';

const base = path.resolve(import.meta.dirname, '..', 'fixtures', 'qwen');

export interface PlacedQwenFixture {
	/** Stands for the recorded run root. */
	readonly root: string;
	/** HOME: Qwen's folder is `home/.qwen`. */
	readonly home: string;
	/** AGENTLOG_DIR. */
	readonly activity: string;
	readonly sessionId: string;
	/** What the stand-in served, one entry per response (stand-in.jsonl). */
	readonly served: readonly {
		readonly agent: string;
		readonly usage?: {prompt_tokens: number; completion_tokens: number; prompt_tokens_details: {cached_tokens: number}};
	}[];
}

export function placeQwenFixture(scenario: string): PlacedQwenFixture {
	const manifest = JSON.parse(readFileSync(path.join(base, 'manifest.json'), 'utf8')) as {
		runRoot: string;
		scenarios: Record<string, {session: string}>;
	};
	const sc = manifest.scenarios[scenario];
	if (sc === undefined) {
		throw new Error(`no fixture scenario ${scenario}`);
	}
	const source = path.join(base, scenario);
	const root = tempDir(`qwen-${scenario}-`);
	const recorded = path.join(manifest.runRoot, scenario);
	const home = path.join(root, 'home');
	const activity = path.join(root, 'activity');
	cpSync(path.join(source, 'qwen'), path.join(home, '.qwen'), {recursive: true});
	cpSync(path.join(source, 'activity'), activity, {recursive: true});
	for (const dir of [home, activity]) {
		for (const name of readdirSync(dir, {recursive: true, encoding: 'utf8'})) {
			const file = path.join(dir, name);
			if (statSync(file).isFile()) {
				writeFileSync(file, readFileSync(file, 'utf8').split(recorded).join(root));
			}
		}
	}
	const served = readFileSync(path.join(source, 'stand-in.jsonl'), 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line) as PlacedQwenFixture['served'][number]);
	return {root, home, activity, sessionId: sc.session, served};
}
