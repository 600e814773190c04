// `npm run bench prices`: what pricing costs `watch`. Every response of every transcript read is
// priced as it is folded, and the price table is in the CLI bundle; the target is ≤ 5 ms more to
// the first frame than a build without prices, and nothing to the hook (its bundle has no price
// table: checked here by size and content).
//
// The first frame is timed in a 120×40 pty on the workflow bench's sessions (20 subagents, and the
// same with a 200-agent workflow), alternating with AGENTLOG_BENCH_BASELINE=<another build's
// bin/agentlog.js> (a build before prices) so both share the machine's noise. Without a baseline,
// only this build's figures are printed.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, summary} from './lib.mjs';
import {startInPty} from './pty.mjs';
import {writeWorkflowSession} from './workflow-watch.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const GOAL_MS = 5;

export async function runPricesBench({rounds = 25} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-prices-'));
	const baseline = process.env.AGENTLOG_BENCH_BASELINE;
	const builds = [['this build', path.join(root, 'bin', 'agentlog.js')], ...(baseline ? [['baseline', baseline]] : [])];
	const lines = [
		`prices: watch's first frame in a 120×40 pty${baseline ? `, this build vs ${baseline}` : ' (AGENTLOG_BENCH_BASELINE=<bin/agentlog.js> compares a build)'}`,
	];
	let ok = true;
	try {
		const now = Date.now();
		for (const [name, workflowAgents] of [
			['20 agents', 0],
			['220 agents', 200],
		]) {
			const dir = path.join(tmp, name.replace(' ', '-'));
			mkdirSync(dir);
			const made = writeWorkflowSession(dir, workflowAgents, now);
			const env = cleanEnv({AGENTLOG_DIR: made.activity, CLAUDE_CONFIG_DIR: made.claude, HOME: dir, XDG_STATE_HOME: path.join(dir, 'state')});
			const times = new Map(builds.map(([b]) => [b, []]));
			for (let i = 0; i < rounds; i++) {
				for (const [build, entry] of i % 2 === 0 ? builds : [...builds].reverse()) {
					const app = startInPty(made.sessionId, env, {columns: 120, rows: 40, entry});
					times.get(build).push(await app.waitFor(`session ${made.sessionId.slice(0, 8)}`));
					await app.stop();
				}
			}
			const mine = summary(times.get('this build'));
			let line = `  ${name.padEnd(11)} first frame median ${fmt(mine.median)} p95 ${fmt(mine.p95)}`;
			if (baseline) {
				const base = summary(times.get('baseline'));
				const delta = mine.median - base.median;
				ok &&= delta <= GOAL_MS;
				line += ` vs ${fmt(base.median)} p95 ${fmt(base.p95)}: ${delta >= 0 ? '+' : ''}${delta.toFixed(1)} ms (target ≤ ${GOAL_MS} ms)`;
			}
			lines.push(line);
		}
		for (const hook of ['agent-spy.cjs', 'agent-prune.cjs']) {
			const file = path.join(root, 'hooks', hook);
			const table = readFileSync(file, 'utf8').includes('cache_read_mtok');
			ok &&= !table;
			lines.push(`  hooks/${hook.padEnd(16)} ${statSync(file).size} bytes, ${table ? 'WITH' : 'no'} price table`);
		}
		return {lines, ok};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
