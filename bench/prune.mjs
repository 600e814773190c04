// Cost of retention (src/store/history/prune.ts). `node bench/prune.mjs` (after `npm run build`).
//  - pruneOnceADay with a stamp less than a day old: µs per call in this process (mean of 20,000
//    after warm-up); this is what every hook run pays but one a day.
//  - the hook with its daily claim (claimDailyPrune; the pass itself is agent-prune.cjs, loaded
//    only the day it runs) vs the same source with the claim made a no-op, both bundled (without
//    the code cache): median of interleaved runs, stamp recent.
//  - one full pass over 1,000 sessions (5 agent files and a 10-line log each): all 40 days old
//    (all read and removed), the same as a dry run (all read, none removed), and all recent (lstat
//    only). Median of 3 runs each on a fresh copy.
// Targets: the recent-stamp call ≤ 20 µs; the hook ≤ 0.3 ms slower; a full pass ≤ 2 s.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {cleanEnv, quantile} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const DAY = 24 * 60 * 60 * 1000;
const CALLS = 20_000;
const SESSIONS = 1000;

function sessionId(i) {
	return `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
}

/** `count` sessions, each last written `lastMs`: 5 stopped agents, a start and a stop line each. */
function writeSessions(activity, count, lastMs) {
	const at = ms => new Date(ms).toISOString();
	for (let i = 0; i < count; i++) {
		const id = sessionId(i);
		const dir = path.join(activity, id);
		mkdirSync(dir, {recursive: true});
		const lines = [];
		for (let a = 0; a < 5; a++) {
			const agentId = `a${a}${'0'.repeat(15)}`;
			lines.push(JSON.stringify({v: 1, at: at(lastMs - 60_000), event: 'SubagentStart', sessionId: id, agentId, type: 'Explore', state: 'active'}));
			lines.push(
				JSON.stringify({
					v: 1,
					at: at(lastMs),
					event: 'SubagentStop',
					sessionId: id,
					agentId,
					type: 'Explore',
					state: 'stopped',
					data: {lastMessage: 'Found it. '.repeat(20)},
				}),
			);
			const file = path.join(dir, `${agentId}.json`);
			writeFileSync(
				file,
				JSON.stringify({
					agentId,
					type: 'Explore',
					status: 'stopped',
					startedAt: at(lastMs - 60_000),
					updatedAt: at(lastMs),
					stoppedAt: at(lastMs),
					lastMessage: 'Found it. '.repeat(20),
				}),
			);
			utimesSync(file, lastMs / 1000, lastMs / 1000);
		}
		const log = path.join(dir, 'events.jsonl');
		writeFileSync(log, `${lines.join('\n')}\n`);
		utimesSync(log, lastMs / 1000, lastMs / 1000);
		utimesSync(dir, lastMs / 1000, lastMs / 1000);
	}
}

async function bundle(options) {
	await build({bundle: true, platform: 'node', target: 'node20', logLevel: 'error', legalComments: 'none', absWorkingDir: root, ...options});
}

export async function runPruneBench() {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-prune-'));
	try {
		const module = path.join(tmp, 'prune.mjs');
		await bundle({
			stdin: {
				contents:
					"export {pruneOnceADay, pruneSessions} from './src/store/history/prune.ts';\nexport {PRUNE_STAMP_NAME} from './src/store/history/daily-prune.ts';\n",
				resolveDir: root,
				loader: 'ts',
			},
			format: 'esm',
			outfile: module,
		});
		const {pruneOnceADay, pruneSessions, PRUNE_STAMP_NAME} = await import(pathToFileURL(module).href);
		const out = [];
		let ok = true;

		// 1. The recent stamp.
		const activity = path.join(tmp, 'activity');
		mkdirSync(activity);
		const now = Date.now();
		writeFileSync(path.join(activity, PRUNE_STAMP_NAME), '');
		const noop = () => {};
		for (let i = 0; i < 500; i++) {
			pruneOnceADay(activity, now, noop);
		}
		const t0 = process.hrtime.bigint();
		for (let i = 0; i < CALLS; i++) {
			pruneOnceADay(activity, now, noop);
		}
		const perCall = Number(process.hrtime.bigint() - t0) / 1000 / CALLS;
		ok &&= perCall <= 20;
		out.push(`prune: pruneOnceADay with a recent stamp: ${perCall.toFixed(1)} µs a call (mean of ${CALLS.toLocaleString('en')}; target ≤ 20 µs)`);

		// 2. The hook with the call vs without.
		// The hook's use case (src/app/hook/daily-prune.ts) claims the day with claimDailyPrune and
		// loads the pass (agent-prune.cjs) only when it got it: "without" makes the claim a no-op, so
		// the bundle leaves store/history/daily-prune.ts out.
		const useCase = path.join(root, 'src/app/hook/daily-prune.ts');
		const source = readFileSync(useCase, 'utf8');
		const importLine = "import {claimDailyPrune} from '../../store/history/daily-prune.js';\n";
		const variants = source.includes(importLine)
			? [
					['without', source.replace(importLine, 'const claimDailyPrune = (..._args: unknown[]): boolean => false;\n')],
					['with', source],
				]
			: undefined;
		if (variants) {
			const hooks = {};
			for (const [name, contents] of variants) {
				hooks[name] = path.join(tmp, `agent-spy-${name}.cjs`);
				const swap = {
					name: 'daily-prune-variant',
					setup(b) {
						b.onLoad({filter: /src[\\/]app[\\/]hook[\\/]daily-prune\.ts$/}, () => ({contents, loader: 'ts', resolveDir: path.dirname(useCase)}));
					},
				};
				await bundle({entryPoints: [path.join(root, 'hooks/agent-spy.ts')], plugins: [swap], format: 'cjs', outfile: hooks[name]});
			}
			const session = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
			const payload = JSON.stringify({session_id: session, cwd: root, hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'Explore'});
			const env = cleanEnv({AGENTLOG_DIR: activity});
			const samples = {with: [], without: []};
			for (let i = 0; i < 210; i++) {
				for (const name of i % 2 === 0 ? ['with', 'without'] : ['without', 'with']) {
					const start = process.hrtime.bigint();
					const r = spawnSync(process.execPath, [hooks[name]], {input: payload, env});
					samples[name].push(Number(process.hrtime.bigint() - start) / 1e6);
					if (r.status !== 0) {
						throw new Error(`hook exited ${r.status}`);
					}
				}
			}
			const [w, wo] = [quantile(samples.with.slice(10), 0.5), quantile(samples.without.slice(10), 0.5)];
			ok &&= w - wo <= 0.3;
			const kb = name => (readFileSync(hooks[name]).length / 1024).toFixed(0);
			out.push(
				`prune: hook run, stamp recent: ${w.toFixed(2)} ms with the call vs ${wo.toFixed(2)} ms without (median of 200 each, interleaved; +${(w - wo).toFixed(2)} ms; bundle ${kb('with')} KB vs ${kb('without')} KB; target ≤ +0.3 ms)`,
			);
		} else {
			out.push('prune: hook comparison skipped (src/app/hook/daily-prune.ts no longer imports claimDailyPrune)');
		}

		// 3. A full pass over 1,000 sessions.
		const passes = [
			['40 days old, all removed', 40 * DAY, false],
			['40 days old, dry run (all read)', 40 * DAY, true],
			['2 days old (lstat only)', 2 * DAY, false],
		];
		for (const [name, ageMs, dryRun] of passes) {
			const samples = [];
			let removed = 0;
			// A pass that removes needs a fresh copy each time; the others leave it as it was.
			const removes = !dryRun && ageMs > 30 * DAY;
			let dir = '';
			for (let rep = 0; rep < 3; rep++) {
				if (rep === 0 || removes) {
					dir = path.join(tmp, `pass-${name.length}-${rep}`);
					writeSessions(dir, SESSIONS, now - ageMs);
				}
				const start = process.hrtime.bigint();
				const result = pruneSessions(dir, {now, olderThanMs: 30 * DAY, dryRun});
				samples.push(Number(process.hrtime.bigint() - start) / 1e6);
				removed = result.removed.length;
			}
			rmSync(dir, {recursive: true, force: true});
			const median = quantile(samples, 0.5);
			ok &&= median <= 2000;
			out.push(
				`prune: full pass over ${SESSIONS.toLocaleString('en')} sessions, ${name}: ${median.toFixed(0)} ms (median of 3; ${removed} listed as removed; target ≤ 2 s)`,
			);
		}
		return {ok, lines: out};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const result = await runPruneBench();
	process.stdout.write(`${result.lines.join('\n')}\n${result.ok ? '' : '  (over target on this run)\n'}`);
}
