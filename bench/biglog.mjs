// `agentlog history` and `stats` (text and --json), `export` (JSON Lines, one row per agent) and
// `history --events --json` (every line, written as it is read) over one session whose event log
// is ~1 GB (AGENTLOG_BENCH_BIGLOG_MB, default 1024), generated in a temp folder and removed after.
// The log is read line by line and folded as it is read: memory is bounded by the agents (a few
// hundred bytes each), the longest line and the reorder window, not by the log. Baseline, in the
// same run: node reading the same file line by line (readline) and JSON.parse-ing each line,
// nothing kept. Peak RSS and CPU time from each child's own process.resourceUsage() at exit.
// Goal: ≤ 200 MB RSS for each command.
import {spawnSync} from 'node:child_process';
import {closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
const RSS_GOAL_MB = 200;
const SESSION = '0000b16b-0000-4000-8000-000000000000';

/** Writes the log: per agent a start, its Agent call (prompt) and a stop with a ~16 KB report. Returns {agents, lines}. */
function generate(file, bytes, t0) {
	const fd = openSync(file, 'w');
	const report = JSON.stringify(`## Findings\n\n${'The module is clean; nothing to fix. "quoted" \\ '.repeat(400)}`);
	const prompt = JSON.stringify('Review the module for bugs and report. '.repeat(50));
	let written = 0;
	let agents = 0;
	let batch = '';
	while (written < bytes) {
		const id = `a${agents.toString(16).padStart(16, '0')}`;
		const ms = t0 + agents * 2000;
		const at = n => new Date(ms + n).toISOString();
		const head = (n, event) => `{"v":1,"at":"${at(n)}","event":"${event}","sessionId":"${SESSION}","agentId":"${id}","type":"Explore"`;
		batch +=
			`${head(0, 'SubagentStart')},"state":"active","cwd":"/home/u/shop"}\n` +
			`${head(5, 'PostToolUse')},"data":{"toolUseId":"toolu_${agents}","description":"Review module ${agents}","prompt":${prompt},"status":"completed","totalTokens":${1000 + agents},"totalToolUseCount":7}}\n` +
			`${head(1500 - (agents % 3), 'SubagentStop')},"state":"stopped","data":{"lastMessage":${report}}}\n`;
		agents++;
		if (batch.length > 8 * 1024 * 1024) {
			written += writeSync(fd, batch);
			batch = '';
		}
	}
	written += writeSync(fd, batch);
	closeSync(fd);
	return {agents, lines: agents * 3};
}

function measure(args, env, probe) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, ['--import', probe, ...args], {env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	const found = /agentlog-bench-rss (\d+) (\d+)/.exec(r.stderr);
	return {status: r.status, ms, rssMb: found ? Number(found[1]) / 1024 : Number.NaN, cpuMs: found ? Number(found[2]) / 1000 : Number.NaN, stderr: r.stderr};
}

export async function runBigLogBench() {
	const mb = Number(process.env.AGENTLOG_BENCH_BIGLOG_MB ?? 1024);
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-biglog-'));
	const lines = [];
	let ok = true;
	try {
		const activity = path.join(tmp, 'activity');
		const dir = path.join(activity, SESSION);
		mkdirSync(dir, {recursive: true});
		const file = path.join(dir, 'events.jsonl');
		const now = Date.parse('2026-03-01T12:00:00Z');
		const t1 = Date.now();
		const {agents, lines: count} = generate(file, mb * 1024 * 1024, now - 400 * 86_400_000);
		const size = statSync(file).size;
		const probe = path.join(tmp, 'rss-probe.mjs');
		writeFileSync(
			probe,
			"process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`agentlog-bench-rss ${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}\\n`); });\n",
		);
		const baseline = path.join(tmp, 'baseline.mjs');
		writeFileSync(
			baseline,
			"import {createReadStream} from 'node:fs'; import {createInterface} from 'node:readline';\n" +
				'let n = 0; for await (const l of createInterface({input: createReadStream(process.argv[2]), crlfDelay: Infinity})) { if (JSON.parse(l).v) n++; }\n' +
				'process.stdout.write(`${n}\\n`);\n',
		);
		const env = cleanEnv({HOME: tmp, CLAUDE_CONFIG_DIR: path.join(tmp, '.claude'), AGENTLOG_DIR: activity, AGENTLOG_NOW: new Date(now).toISOString()});
		lines.push(`goal: every command ≤ ${RSS_GOAL_MB} MB max RSS over the log (memory bounded by its agents, not its size)`);
		lines.push(
			`biglog: one log of ${(size / 1024 / 1024).toFixed(0)} MB, ${count.toLocaleString('en')} lines, ${agents.toLocaleString('en')} agents (generated in ${Date.now() - t1} ms)`,
		);
		const runs = [
			['baseline: readline + JSON.parse', [baseline, file]],
			['history --json', [cli, 'history', '--json']],
			['history', [cli, 'history']],
			['stats --json', [cli, 'stats', '--json']],
			['stats', [cli, 'stats']],
			['export (jsonl)', [cli, 'export']],
			['history --events --json', [cli, 'history', '--events', '--json']],
		];
		let floor;
		let floorRss;
		for (const [name, args] of runs) {
			const m = measure(args, env, probe);
			if (m.status !== 0) {
				ok = false;
				lines.push(`  ${name.padEnd(32)} exited ${m.status}: ${m.stderr.slice(-300)}`);
				continue;
			}
			floor ??= m.ms;
			floorRss ??= m.rssMb;
			const goal = name.startsWith('baseline') ? '' : `   (goal ≤ ${RSS_GOAL_MB} MB)`;
			if (goal && m.rssMb > RSS_GOAL_MB) {
				ok = false;
			}
			lines.push(
				`  ${name.padEnd(32)} ${fmt(m.ms).padStart(11)}  ${ratio(m.ms, floor).padStart(7)}  CPU ${fmt(m.cpuMs).padStart(11)}  max RSS ${m.rssMb.toFixed(0)} MB (${ratio(m.rssMb, floorRss)})${goal}`,
			);
		}
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
