// The real Gemini CLI session files in test/fixtures/gemini (made by
// scripts/gemini-fixtures/make-fixtures.mjs), found by what the manifest says of them.
import {cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {EMPTY_CHAT, foldGeminiChat, type GeminiChat} from '../../src/core/gemini/chat.js';
import {tempDir} from './tmp.js';

export const GEMINI_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/gemini');

interface ManifestFile {
	readonly file: string;
	readonly kind: 'main' | 'subagent';
	readonly sessionId: string;
	readonly script: string | null;
}

interface Manifest {
	readonly geminiVersion: string;
	readonly scenarios: Record<string, {readonly files: readonly ManifestFile[]; readonly exit: number | string}>;
}

export const geminiManifest = (): Manifest => JSON.parse(readFileSync(path.join(GEMINI_FIXTURES, 'manifest.json'), 'utf8')) as Manifest;

/** A scenario's file by the script that drove it (`main`, `reader`, …): its path and id. */
export function geminiFile(scenario: string, script: string): {readonly path: string; readonly id: string} {
	const found = geminiManifest().scenarios[scenario]?.files.find(f => f.script === script);
	if (found === undefined) {
		throw new Error(`no ${script} in gemini fixture ${scenario}`);
	}
	return {path: path.join(GEMINI_FIXTURES, scenario, found.file), id: found.sessionId};
}

export function foldGeminiFile(file: string): GeminiChat {
	return foldGeminiChat(EMPTY_CHAT, readFileSync(file, 'utf8').split('\n'));
}

/** The `gemini` home of a scenario (its `tmp/` and `projects.json`), as GEMINI_CLI_HOME/.gemini. */
export const geminiHomeOf = (scenario: string): string => path.join(GEMINI_FIXTURES, scenario, 'gemini');

/** The scenarios' `.gemini` folders copied into one fresh temp folder; its path (`…/.gemini`). */
export function copyGeminiHome(...scenarios: string[]): string {
	const gemini = path.join(tempDir('gemini-'), '.gemini');
	for (const s of scenarios) {
		cpSync(geminiHomeOf(s), gemini, {recursive: true});
	}
	return gemini;
}

/** Where a scenario's file by its script is in a home made by `copyGeminiHome`. */
export const copiedGeminiFile = (gemini: string, scenario: string, script: string): string =>
	path.join(gemini, path.relative(geminiHomeOf(scenario), geminiFile(scenario, script).path));
