// `sessions --json` with 1,000 Codex rollouts on disk (500 Codex sessions over the last 5 days:
// each a root and one subagent, their first lines ~21 KB of instructions as Codex writes them)
// beside 50 Claude sessions × 20 agents, against the same command with no Codex folder, as a
// ratio of medians (goal ≤ 1.5×, must stay ≤ 3×), warm (the caches filled by an earlier run), with
// the Codex cache lost (every rollout read), and a first run against a first run with no Codex
// folder (no cache at all), with peak RSS (the child's own resourceUsage at exit). Each child makes
// 10 requests (a tool call and a token_count each, some reported twice as Codex does); `ls --json`
// of a session whose child made 5,000 reads and prices every request.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';
import {writeAgent} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
const GOAL = 1.5;
const LIMIT = 3;

const uuid7 = (n, tag) => `019ab${String(tag)}${String(n).padStart(3, '0')}-0000-7000-8000-${String(n).padStart(12, '0')}`;

function line(at, type, payload) {
	return JSON.stringify({timestamp: new Date(at).toISOString(), type, payload});
}

/** `n` requests as Codex writes them: a tool call, its output, and the request's token_count (twice now and then, as Codex does). */
function requestLines(t0, n) {
	const out = [];
	const total = {input_tokens: 0, cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: 0, reasoning_output_tokens: 0, total_tokens: 0};
	for (let i = 0; i < n; i++) {
		out.push(
			line(t0 + i, 'response_item', {type: 'function_call', name: 'exec_command', arguments: JSON.stringify({cmd: `rg -n thing${i}`}), call_id: `c${i}`}),
		);
		out.push(line(t0 + i, 'response_item', {type: 'function_call_output', call_id: `c${i}`, output: 'x'.repeat(400)}));
		const last = {
			input_tokens: 2000 + 40 * i,
			cached_input_tokens: i === 0 ? 0 : 1536,
			cache_write_input_tokens: 0,
			output_tokens: 30,
			reasoning_output_tokens: 10,
		};
		last.total_tokens = last.input_tokens + last.output_tokens;
		for (const key of Object.keys(total)) {
			total[key] += last[key];
		}
		const count = line(t0 + i, 'event_msg', {
			type: 'token_count',
			info: {total_token_usage: {...total}, last_token_usage: last, model_context_window: 258400},
			rate_limits: null,
		});
		out.push(count, ...(i % 7 === 6 ? [count] : []));
	}
	return out;
}

/** One Codex session: a root rollout and a child's, dated `t0`, in `<codexHome>/sessions/YYYY/MM/DD/`. */
function writeCodexSession(codexHome, n, t0, requests = 10) {
	const rootId = uuid7(n, 0);
	const childId = uuid7(n, 1);
	const d = new Date(t0).toISOString().slice(0, 10).split('-');
	const dir = path.join(codexHome, 'sessions', d[0], d[1], d[2]);
	mkdirSync(dir, {recursive: true});
	const instructions = {text: 'You are Codex, a coding agent. '.repeat(700), provenance: {type: 'model', model: 'gpt-5.5'}};
	const rootLines = [
		line(t0, 'session_meta', {
			id: rootId,
			session_id: rootId,
			timestamp: new Date(t0).toISOString(),
			cwd: '/home/u/shop',
			source: 'exec',
			thread_source: 'user',
			base_instructions: instructions,
		}),
		line(t0 + 10, 'event_msg', {type: 'task_started', turn_id: 't1', started_at: t0 / 1000}),
	];
	const childLines = [
		line(t0 + 100, 'session_meta', {
			id: childId,
			session_id: rootId,
			parent_thread_id: rootId,
			agent_nickname: 'Erdos',
			agent_role: 'explorer',
			source: {subagent: {thread_spawn: {parent_thread_id: rootId, depth: 1, agent_nickname: 'Erdos', agent_role: 'explorer'}}},
			thread_source: 'subagent',
			base_instructions: instructions,
		}),
		line(t0 + 110, 'event_msg', {type: 'task_started', turn_id: 'c1', started_at: (t0 + 110) / 1000}),
		line(t0 + 120, 'response_item', {type: 'message', role: 'user', content: [{type: 'input_text', text: `Look at module ${n}`}]}),
	];
	childLines.push(line(t0 + 115, 'turn_context', {turn_id: 'c1', model: 'gpt-5.5', cwd: '/home/u/shop'}));
	childLines.push(...requestLines(t0 + 200, requests));
	childLines.push(line(t0 + 900, 'event_msg', {type: 'task_complete', turn_id: 'c1', last_agent_message: `Module ${n} is fine.`}));
	const stamp = new Date(t0).toISOString().slice(0, 19).replaceAll(':', '-');
	for (const [id, lines] of [
		[rootId, rootLines],
		[childId, childLines],
	]) {
		const file = path.join(dir, `rollout-${stamp}-${id}.jsonl`);
		writeFileSync(file, `${lines.join('\n')}\n`);
		utimesSync(file, (t0 + 1000) / 1000, (t0 + 1000) / 1000);
	}
	return rootId;
}

function writeClaudeSessions(activity, sessions, agents) {
	const back = (Date.now() - 6 * 86_400_000) / 1000;
	for (let s = 0; s < sessions; s++) {
		const dir = path.join(activity, `${String(s).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`);
		for (let a = 0; a < agents; a++) {
			writeAgent(dir, `a${a}`, `T${a % 4}`, 'stopped');
			utimesSync(path.join(dir, `a${a}.json`), back, back);
		}
		utimesSync(dir, back, back);
	}
}

/** `ls --json <session>`: its children's rollouts read whole, each request priced. */
function measureLs(env, session) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, [cli, 'ls', '--json', session], {env, encoding: 'utf8', maxBuffer: 1 << 28});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`ls --json exited ${r.status}: ${r.stderr}`);
	}
	return ms;
}

/** `status --format json` (the newest session's counts, as a status bar runs it every few seconds). */
function measureStatus(env) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, [cli, 'status', '--format', 'json'], {env, encoding: 'utf8'});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`status exited ${r.status}: ${r.stderr}`);
	}
	return ms;
}

function measure(env, probe) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, ['--import', probe, cli, 'sessions', '--json'], {env, encoding: 'utf8'});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`sessions --json exited ${r.status}: ${r.stderr}`);
	}
	const found = /agentlog-bench-rss (\d+)/.exec(r.stderr);
	return {ms, rssMb: found ? Number(found[1]) / 1024 : Number.NaN, sessions: JSON.parse(r.stdout).length};
}

export async function runCodexBench({rounds = 10} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-codex-'));
	const lines = [];
	try {
		const activity = path.join(tmp, 'activity');
		writeClaudeSessions(activity, 50, 20);
		const codexHome = path.join(tmp, 'codex');
		const now = Date.now();
		for (let n = 0; n < 500; n++) {
			// Spread over the last 5 days.
			writeCodexSession(codexHome, n, now - 5 * 86_400_000 + n * 860_000);
		}
		const probe = path.join(tmp, 'rss-probe.mjs');
		writeFileSync(probe, "process.on('exit', () => { process.stderr.write(`agentlog-bench-rss ${process.resourceUsage().maxRSS}\\n`); });\n");
		const env = state => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, state), CODEX_HOME: codexHome});
		const noCodex = state => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, state), CODEX_HOME: path.join(tmp, 'no-codex')});
		measure(env('warm'), probe);
		measure(noCodex('base'), probe);
		const base = [];
		const warm = [];
		const codexCold = [];
		const firstBase = [];
		const first = [];
		let rss = {base: 0, warm: 0, codexCold: 0, first: 0};
		let shown = 0;
		for (let i = 0; i < rounds; i++) {
			const b = measure(noCodex('base'), probe);
			const w = measure(env('warm'), probe);
			// The Codex cache lost (or a thousand new rollouts), the Claude sessions' cache warm.
			rmSync(path.join(tmp, 'codex-cold'), {recursive: true, force: true});
			mkdirSync(path.join(tmp, 'codex-cold', 'agentlog'), {recursive: true});
			copyFileSync(path.join(tmp, 'warm', 'agentlog', 'sessions-cache.json'), path.join(tmp, 'codex-cold', 'agentlog', 'sessions-cache.json'));
			const cc = measure(env('codex-cold'), probe);
			// A first run: no cache of any kind, with and without the rollouts.
			rmSync(path.join(tmp, 'first-base'), {recursive: true, force: true});
			const fb = measure(noCodex('first-base'), probe);
			rmSync(path.join(tmp, 'first'), {recursive: true, force: true});
			const f = measure(env('first'), probe);
			base.push(b.ms);
			warm.push(w.ms);
			codexCold.push(cc.ms);
			firstBase.push(fb.ms);
			first.push(f.ms);
			rss = {
				base: Math.max(rss.base, b.rssMb),
				warm: Math.max(rss.warm, w.rssMb),
				codexCold: Math.max(rss.codexCold, cc.rssMb),
				first: Math.max(rss.first, f.rssMb),
			};
			shown = w.sessions;
		}
		// status: the live rule looks at the last days' rollouts (here 600 of the 1,000), its own cache warm.
		measureStatus(env('warm'));
		measureStatus(noCodex('base'));
		const statusBase = [];
		const statusCodex = [];
		for (let i = 0; i < rounds * 2; i++) {
			statusBase.push(measureStatus(noCodex('base')));
			statusCodex.push(measureStatus(env('warm')));
		}
		const [sb, sc] = [statusBase, statusCodex].map(s => summary(s).median);
		// ls of one Codex session whose child made 5,000 requests (a 4 MB rollout): every request priced.
		const bigHome = path.join(tmp, 'codex-big');
		const bigSession = writeCodexSession(bigHome, 999, now - 3_600_000, 5000);
		const bigEnv = cleanEnv({AGENTLOG_DIR: path.join(tmp, 'no-activity'), HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'big'), CODEX_HOME: bigHome});
		measureLs(bigEnv, bigSession);
		const big = [];
		for (let i = 0; i < rounds; i++) {
			big.push(measureLs(bigEnv, bigSession));
		}
		const [b, w, cc, fb, f] = [base, warm, codexCold, firstBase, first].map(s => summary(s).median);
		lines.push(
			`codex: sessions --json with 1,000 Codex rollouts (500 sessions over 5 days) beside 50 Claude sessions × 20 agents (medians of ${rounds}; ${shown} sessions listed)`,
			`  no Codex folder ${fmt(b)} (RSS ${rss.base.toFixed(0)} MB)   with the rollouts, caches warm ${fmt(w)} (${ratio(w, b)}; goal ≤ ${GOAL}×, must stay ≤ ${LIMIT}×; RSS ${rss.warm.toFixed(0)} MB)`,
			`  with the rollouts, the Codex cache lost (every rollout read) ${fmt(cc)} (${ratio(cc, b)}; RSS ${rss.codexCold.toFixed(0)} MB)`,
			`  a first run (no cache at all): no Codex folder ${fmt(fb)}, with the rollouts ${fmt(f)} (${ratio(f, fb)}; RSS ${rss.first.toFixed(0)} MB)`,
			`codex: status --format json (medians of ${rounds * 2}), no Codex folder ${fmt(sb)}, with the 1,000 rollouts (its live cache warm) ${fmt(sc)} (${ratio(sc, sb)})`,
			`codex: ls --json of a session whose child made 5,000 requests (medians of ${rounds}) ${fmt(summary(big).median)}`,
		);
		return {lines, ok: w / b <= GOAL};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
