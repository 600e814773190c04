// `sessions --json` over 1,000 sessions × 20 agent files vs over one session, as a ratio (target
// ≤ 2×). Two programs: the CLI as built, and a bundle of the same read the command does with the
// session cache (session-cache.ts), run twice: the first run fills the cache, the others read only
// what changed (here nothing, then one file).
import {mkdtempSync, rmSync, utimesSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {writeAgent} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');

// What `sessions --json` does, with the cache: list, read the facts, apply the rules, print.
const ENTRY = `
import {listSessionDirs} from './src/store/activity/read-agents.js';
import {readSessionFacts, sessionCacheFile} from './src/store/activity/session-cache.js';
import {summarizeSession} from './src/core/monitor/sessions.js';
const activity = process.env.AGENTLOG_DIR;
const now = Date.now();
const dirs = listSessionDirs(activity);
const facts = readSessionFacts(activity, dirs, sessionCacheFile(process.env, process.env.HOME));
const out = dirs.map(dir => ({id: dir.id, summary: summarizeSession(facts.get(dir.id).agents, now, 600000, true)}));
process.stdout.write(JSON.stringify(out) + '\\n');
`;

function writeSessions(activity, sessions, agents) {
	const back = (Date.now() - 60_000) / 1000;
	for (let s = 0; s < sessions; s++) {
		const dir = path.join(activity, `${String(s).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`);
		for (let a = 0; a < agents; a++) {
			writeAgent(dir, `a${a}`, `T${a % 4}`, a % 3 === 0 ? 'active' : 'stopped');
			utimesSync(path.join(dir, `a${a}.json`), back, back);
		}
		utimesSync(dir, back, back);
	}
}

export async function runSessionsBench({rounds = 10} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-sessions-'));
	const lines = [];
	try {
		const cached = path.join(tmp, 'sessions-cached.mjs');
		await build({
			stdin: {contents: ENTRY, resolveDir: root, loader: 'ts'},
			bundle: true,
			platform: 'node',
			target: 'node20',
			format: 'esm',
			outfile: cached,
			logLevel: 'error',
		});
		const one = path.join(tmp, 'one');
		const big = path.join(tmp, 'big');
		writeSessions(one, 1, 20);
		writeSessions(big, 1000, 20);
		const envFor = (activity, state) => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, state)});
		const base = [];
		const cliOne = [];
		const cliBig = [];
		const libOne = [];
		const libBig = [];
		const libChanged = [];
		// Fill the caches once.
		timeRun(process.execPath, [cached], {env: envFor(one, 'state-one')});
		timeRun(process.execPath, [cached], {env: envFor(big, 'state-big')});
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env: envFor(one, 'state-one')}));
			cliOne.push(timeRun(process.execPath, [cli, 'sessions', '--json'], {env: envFor(one, 'state-cli-one')}));
			cliBig.push(timeRun(process.execPath, [cli, 'sessions', '--json'], {env: envFor(big, 'state-cli-big')}));
			libOne.push(timeRun(process.execPath, [cached], {env: envFor(one, 'state-one')}));
			libBig.push(timeRun(process.execPath, [cached], {env: envFor(big, 'state-big')}));
			// One agent file of one session changed (as the hook writes: a rename).
			const dir = path.join(big, `${String(i).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`);
			writeAgent(dir, 'a1', 'T1', 'idle');
			libChanged.push(timeRun(process.execPath, [cached], {env: envFor(big, 'state-big')}));
		}
		const b = summary(base).median;
		const [c1, cb, l1, lb, lc] = [cliOne, cliBig, libOne, libBig, libChanged].map(s => summary(s).median);
		lines.push(
			'sessions --json: 1,000 sessions × 20 agents vs one session',
			`  node -e 0                      median ${fmt(b)}`,
			`  CLI as built      one ${fmt(c1)}   1,000 × 20 ${fmt(cb)}   (${ratio(cb, c1)})`,
			`  with the cache    one ${fmt(l1)}   1,000 × 20 ${fmt(lb)}   (${ratio(lb, l1)}; target ≤ 2×)`,
			`  with the cache, one file changed   ${fmt(lc)}   (${ratio(lc, l1)})`,
		);
		return {lines, ok: lb / l1 <= 2};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
