// A real Claude Code fixture (test/fixtures/claude/<scenario>) copied whole into a fresh folder,
// its recorded paths pointing there, and the process's environment pointed at it (an hour after
// the run's end, so an agent that never stopped is stale by the clock), for tests that run the
// CLI in-process (runMain). `restoreFixtureEnv` puts the variables back after each test.
import {cpSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach} from 'vitest';
import {tempDir} from './tmp.js';

const base = path.resolve(import.meta.dirname, '..', 'fixtures', 'claude');

export const fixtureManifest = JSON.parse(readFileSync(path.join(base, 'manifest.json'), 'utf8')) as {
	scenarios: Record<string, {root: string; sessionId: string; exitedAt: string}>;
};
export const fixtureScenarios = Object.keys(fixtureManifest.scenarios).sort();

export interface PlacedFixtureEnv {
	readonly root: string;
	/** `XDG_STATE_HOME`: not made yet. */
	readonly state: string;
	readonly sessionId: string;
	/** The session's folder in the activity folder. */
	readonly sessionDir: string;
	/** `CLAUDE_CONFIG_DIR`. */
	readonly claude: string;
}

const KEYS = ['HOME', 'CLAUDE_CONFIG_DIR', 'AGENTLOG_DIR', 'XDG_STATE_HOME', 'AGENTLOG_NOW'] as const;

/** Puts back, after each test of the file, the variables `placeFixtureEnv` sets. */
export function restoreFixtureEnv(): void {
	const saved = {...process.env};
	afterEach(() => {
		for (const key of KEYS) {
			if (saved[key] === undefined) {
				delete process.env[key];
			} else {
				process.env[key] = saved[key];
			}
		}
	});
}

export function placeFixtureEnv(name: string, prefix: string): PlacedFixtureEnv {
	const sc = fixtureManifest.scenarios[name]!;
	const root = path.join(tempDir(prefix), name);
	cpSync(path.join(base, name), root, {recursive: true});
	for (const rel of readdirSync(root, {recursive: true, encoding: 'utf8'})) {
		const file = path.join(root, rel);
		if (rel.endsWith('.json') || rel.endsWith('.jsonl')) {
			const text = readFileSync(file, 'utf8');
			if (text.includes(sc.root)) {
				writeFileSync(file, text.split(sc.root).join(root));
			}
		}
	}
	process.env.HOME = path.join(root, 'home');
	process.env.CLAUDE_CONFIG_DIR = path.join(root, 'claude');
	process.env.AGENTLOG_DIR = path.join(root, 'activity');
	process.env.AGENTLOG_NOW = new Date(Date.parse(sc.exitedAt) + 3_600_000).toISOString();
	const state = path.join(root, 'state');
	process.env.XDG_STATE_HOME = state;
	return {root, state, sessionId: sc.sessionId, sessionDir: path.join(root, 'activity', sc.sessionId), claude: path.join(root, 'claude')};
}
