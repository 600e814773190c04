// A thousand agents in one session, and 5,000 over 200 sessions.
//
// The 1,000: one Claude Code 2.1.328 session running a workflow of 10 phases × 100 agents. The
// client's own files come from bench/claude-gen.mjs (the workflow run file, each agent's transcript
// of realistic size and .meta.json, the journal, the main transcript); agentlog's files (each
// agent's file, the event log) are written by the real hook: the installed launcher
// (hooks/agent-spy.sh → agent-spy.cjs) run once per event with SessionStart, SubagentStart,
// SubagentStop and StopFailure payloads shaped like the recorded ones in
// test/fixtures/claude/workflow/hook-payloads.jsonl, in the order the client fires them, up to 4
// at once. The hook stamps its own clock, so its times are the generation's. Every one of the
// 1,000 must be listed: `ls --json` is counted.
// The 5,000: 200 sessions of 25 subagents each (foreground, background, resumed, interrupted,
// nested; ~4 permission asks each), written by claude-gen directly (agent files and log lines in
// the hook's format): through the hook they would take ~10,000 launcher runs.
// The generated data is kept between runs in $TMPDIR/agentlog-bench-thousand-<version>-<hash of the
// hook>, made again when the hook or GEN_VERSION changes (AGENTLOG_BENCH_THOUSAND_FRESH=1: always).
//
// Measured, each beside its baseline in the same run:
// - `watch`'s first frame on the 1,000-agent session against a 20-agent session, alternating
//   rounds, in a real 120×40 pty (target ≤ 1.5×), and RSS then (≤ 200 MB); the same for the newest
//   of the 200 sessions of 5,000 agents (the session `ls` picks);
// - a key → its frame (bench/key-frame-probe.mjs marks the frame each key made) in the list (j k),
//   the timeline (+ -, < >, j k) and the filter line (/ and typing), 250×60 (target p95 ≤ 50 ms);
// - a file change → the screen while 16 agents write at once (each appending transcript lines
//   every 50 ms and rewriting its agent file as the hook does every 200 ms): a new agent's file
//   until its type is on the screen (target p95 ≤ 100 ms);
// - `history --json` and `stats --json` over the 5,000 agents against a plain readline +
//   JSON.parse of the same event-log lines, warm and first run (target warm ≤ 2×);
// - `report` on the 1,000-agent session, warm, whole process (target ≤ 500 ms).
import {spawn, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
	appendFileSync,
	chmodSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	statSync,
	truncateSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {templates, writeSession} from './claude-gen.mjs';
import {PLAIN_PARSE} from './history-transcripts.mjs';
import {cleanEnv, fmt, measureNode, ratio, summary, writeRssProbe} from './lib.mjs';
import {cpuTicks, keyFrameMark, keyFrameProbe, rssMb, sleep, startInPty, writeAgent} from './pty.mjs';
import {writeWorkflowSession} from './workflow-watch.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
/** Bump when what is generated changes (the hook's own changes are in the cache's name already). */
const GEN_VERSION = 1;
const PHASES = 10;
const PER_PHASE = 100;
const SESSIONS = 200;
const PER_SESSION = 25;
const WRITERS = 16;
const CWD = '/home/dev/shop';
const GOALS = {firstFrame: 1.5, rssMb: 200, keyP95: 50, fileP95: 100, history: 2, reportMs: 500};
const TERMINAL = {columns: 120, rows: 40};
const KEY_TERMINAL = {columns: 250, rows: 60};

const log = text => process.stderr.write(`thousand: ${text}\n`);

/** The launcher and the built hook in `dir`, as install-hook lays them out. */
function installHook(dir) {
	mkdirSync(dir, {recursive: true});
	const launcher = path.join(dir, 'agent-spy.sh');
	writeFileSync(launcher, readFileSync(path.join(root, 'hooks', 'agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath));
	chmodSync(launcher, 0o755);
	copyFileSync(path.join(root, 'hooks', 'agent-spy.cjs'), path.join(dir, 'agent-spy.cjs'));
	copyFileSync(path.join(root, 'hooks', 'agent-prune.cjs'), path.join(dir, 'agent-prune.cjs'));
	return launcher;
}

function runHook(launcher, payload, env) {
	return new Promise((resolve, reject) => {
		const child = spawn(launcher, [], {env, stdio: ['pipe', 'ignore', 'ignore']});
		child.on('error', reject);
		child.on('close', status => (status === 0 ? resolve() : reject(new Error(`the hook exited ${status}`))));
		child.stdin.end(JSON.stringify(payload));
	});
}

/**
 * The 1,000-agent session: the client's files by claude-gen, agentlog's by the hook, fired as
 * the client fires it (SessionStart; each agent's SubagentStart, then its SubagentStop or, one in
 * ten, StopFailure), in time order, up to `parallel` hooks at once.
 */
async function writeThousand(dir, now, parallel = 4) {
	const claude = path.join(dir, 'claude');
	const activity = path.join(dir, 'activity');
	const home = path.join(dir, 'home');
	mkdirSync(home, {recursive: true});
	const made = writeSession({
		claude,
		activity,
		s: 11,
		t0: now - 3 * 3_600_000,
		agents: 0,
		workflowAgents: PHASES * PER_PHASE,
		phaseSize: PER_PHASE,
		cwd: CWD,
		now,
		writeAgentFiles: false,
	});
	const launcher = installHook(path.join(dir, 'hooks'));
	const env = cleanEnv({AGENTLOG_DIR: activity, HOME: home, CLAUDE_CONFIG_DIR: claude});
	const base = {session_id: made.sessionId, transcript_path: made.mainTranscript, cwd: CWD};
	const promptId = '861b0778-de33-4552-b468-e8b697260d2a';
	const task = {id: 'wmonorepo', type: 'workflow', status: 'running', description: `Build and test ${PHASES * PER_PHASE} packages`, name: 'monorepo-checks'};
	const events = [];
	for (const a of made.workflow.agents) {
		const agent = {...base, prompt_id: promptId, agent_id: a.agentId, agent_type: 'workflow-subagent'};
		events.push({at: a.start, agentId: a.agentId, payload: {...agent, hook_event_name: 'SubagentStart'}});
		const common = {...agent, permission_mode: 'bypassPermissions', effort: {level: 'medium'}};
		events.push({
			at: a.end,
			agentId: a.agentId,
			payload: a.failed
				? {...agent, effort: {level: 'medium'}, hook_event_name: 'StopFailure', error: 'unknown', last_assistant_message: a.error}
				: {
						...common,
						hook_event_name: 'SubagentStop',
						stop_hook_active: false,
						agent_transcript_path: a.file,
						last_assistant_message: a.report,
						background_tasks: [task],
						session_crons: [],
					},
		});
	}
	events.sort((x, y) => x.at - y.at);
	const t0 = Date.now();
	await runHook(launcher, {...base, hook_event_name: 'SessionStart', source: 'startup'}, env);
	// Up to `parallel` at once; an agent's stop never before its start has run.
	const started = new Map();
	const running = new Set();
	for (const e of events) {
		while (running.size >= parallel) {
			await Promise.race(running);
		}
		const before = started.get(e.agentId);
		const p = (async () => {
			if (before) {
				await before;
			}
			await runHook(launcher, e.payload, env);
		})();
		if (!before) {
			started.set(e.agentId, p);
		}
		const tracked = p.finally(() => running.delete(tracked));
		running.add(tracked);
	}
	await Promise.all(running);
	const hookMs = Date.now() - t0;
	return {
		claude,
		activity,
		home,
		sessionId: made.sessionId,
		agents: made.agents,
		hookRuns: events.length + 1,
		hookMs,
		transcripts: made.workflow.agents.map(a => [a.agentId, a.file]),
	};
}

/** 5,000 agents in 200 sessions, an hour apart, written by claude-gen (agent files and log lines in the hook's format). */
function writeMany(dir, now) {
	const home = path.join(dir, 'home');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	let agents = 0;
	let events = 0;
	for (let s = 0; s < SESSIONS; s++) {
		const made = writeSession({claude, activity, s: 100 + s, t0: now - (SESSIONS - s) * 3_600_000, agents: PER_SESSION, asks: 3.75, now});
		agents += made.agents;
		events += made.events;
	}
	return {home, claude, activity, agents, events};
}

/** The data, generated once per hook build and GEN_VERSION. */
async function generated() {
	const hookHash = createHash('sha256')
		.update(readFileSync(path.join(root, 'hooks', 'agent-spy.cjs')))
		.update(readFileSync(path.join(root, 'bench', 'claude-gen.mjs')))
		.digest('hex')
		.slice(0, 12);
	const dir = path.join(os.tmpdir(), `agentlog-bench-thousand-v${GEN_VERSION}-${hookHash}`);
	const doneFile = path.join(dir, 'done.json');
	if (existsSync(doneFile) && !process.env.AGENTLOG_BENCH_THOUSAND_FRESH) {
		return {...JSON.parse(readFileSync(doneFile, 'utf8')), cached: true};
	}
	// Earlier versions' data goes.
	for (const name of readdirSync(os.tmpdir())) {
		if (name.startsWith('agentlog-bench-thousand-v')) {
			rmSync(path.join(os.tmpdir(), name), {recursive: true, force: true});
		}
	}
	mkdirSync(dir, {recursive: true});
	const now = Date.now();
	const t0 = Date.now();
	log('writing the 1,000-agent session through the hook…');
	const big = await writeThousand(path.join(dir, 'big'), now);
	const bigMs = Date.now() - t0;
	const small = writeWorkflowSession(path.join(dir, 'small'), 0, now);
	log(`…${bigMs} ms; writing 5,000 agents in 200 sessions…`);
	const t1 = Date.now();
	const many = writeMany(path.join(dir, 'many'), now);
	const manyMs = Date.now() - t1;
	const data = {dir, now, big, small, many, bigMs, manyMs};
	writeFileSync(doneFile, JSON.stringify(data));
	return {...data, cached: false};
}

const markerOf = s => `session ${s.sessionId.slice(0, 8)}`;

/** The size of every file under `dir`. */
function bytesUnder(dir) {
	let total = 0;
	for (const entry of readdirSync(dir, {withFileTypes: true})) {
		const full = path.join(dir, entry.name);
		total += entry.isDirectory() ? bytesUnder(full) : statSync(full).size;
	}
	return total;
}

/**
 * Waits until the app's CPU time stops growing (two quarter-seconds without a tick): after its first
 * frame it still reads the workflow and the transcripts, and on a loaded machine that can take
 * seconds of wall time; keys pressed before then would measure that read, not the key.
 */
async function settle(app, maxMs = 30_000) {
	const pid = app.nodePid();
	const until = Date.now() + maxMs;
	let last = cpuTicks(pid);
	let quiet = 0;
	while (quiet < 2 && Date.now() < until) {
		await sleep(250);
		const now = cpuTicks(pid);
		quiet = now - last <= 1 ? quiet + 1 : 0;
		last = now;
	}
}

/** ms from writing each key to the frame it made, and in the app (read → frame written). */
async function keyFrames(app, keys, samples, pause = 60) {
	const out = [];
	out.inProcess = [];
	for (let i = 0; i < samples; i++) {
		const from = app.length;
		const t0 = process.hrtime.bigint();
		const n = app.press(keys[i % keys.length]);
		await app.waitFor(keyFrameMark(n), from, 20_000);
		out.push(Number(process.hrtime.bigint() - t0) / 1e6);
		out.inProcess.push(await app.probeMs(n, from));
		await sleep(pause);
	}
	return out;
}

/** Each kind of key, on one watch of session `s`. */
async function keyRound(s, env, samples) {
	const app = startInPty('', env, {...KEY_TERMINAL, nodeArgs: `--import ${keyFrameProbe}`});
	try {
		await app.waitFor(markerOf(s), 0, 30_000);
		await settle(app);
		app.press('a');
		await settle(app);
		const list = await keyFrames(app, ['j', 'j', 'k', 'k'], samples);
		let n = app.press('t');
		await app.waitFor(keyFrameMark(n), 0, 20_000);
		await settle(app);
		const zoom = await keyFrames(app, ['+', '+', '-', '-'], samples);
		app.press('+');
		await settle(app);
		const pan = await keyFrames(app, ['<', '>'], samples);
		const moveInTimeline = await keyFrames(app, ['j', 'k'], samples);
		n = app.press('t');
		await app.waitFor(keyFrameMark(n), 0, 20_000);
		await settle(app);
		// The filter line: / opens it, each letter typed filters the list again, Esc clears it.
		const typing = [];
		typing.inProcess = [];
		for (let i = 0; typing.length < samples; i++) {
			const opened = await keyFrames(app, ['/'], 1);
			const word = i % 2 === 0 ? 'check-04' : 'failed';
			const typed = await keyFrames(app, [...word], word.length, 40);
			typing.push(...opened, ...typed);
			typing.inProcess.push(...opened.inProcess, ...typed.inProcess);
			n = app.press('\u001B');
			await app.waitFor(keyFrameMark(n), 0, 20_000);
			await settle(app);
		}
		return {list, zoom, pan, moveInTimeline, typing};
	} finally {
		await app.stop();
	}
}

/** 16 writers on the session's last agents: transcript lines every 50 ms, the agent file rewritten (temp + rename) every 200 ms. */
export function startWriters(s) {
	const dir = path.join(s.activity, s.sessionId);
	const line = JSON.stringify({...templates().sub.toolCall, agentId: 'x', sessionId: s.sessionId, cwd: CWD, timestamp: new Date().toISOString()});
	const saved = [];
	const timers = [];
	for (const [agentId, transcript] of s.transcripts.slice(-WRITERS)) {
		const file = path.join(dir, `${agentId}.json`);
		const text = readFileSync(file, 'utf8');
		const record = JSON.parse(text);
		saved.push({file, text, transcript, size: statSync(transcript).size});
		let ticks = 0;
		timers.push(
			setInterval(() => {
				appendFileSync(transcript, `${line.replace('"agentId":"x"', `"agentId":"${agentId}"`)}\n`);
				if (++ticks % 4 === 0) {
					const tmp = path.join(dir, `.${agentId}.tmp`);
					writeFileSync(tmp, `${JSON.stringify({...record, updatedAt: new Date().toISOString()}, null, 2)}\n`);
					renameSync(tmp, file);
				}
			}, 50),
		);
	}
	return () => {
		for (const t of timers) {
			clearInterval(t);
		}
		for (const x of saved) {
			writeFileSync(x.file, x.text);
			truncateSync(x.transcript, x.size);
		}
	};
}

/** A new agent file → its type on the screen, `samples` times, while the 16 writers write. */
async function fileToScreen(s, env, samples) {
	const app = startInPty('', env, TERMINAL);
	const dir = path.join(s.activity, s.sessionId);
	const stop = startWriters(s);
	const probes = [];
	const latency = [];
	try {
		await app.waitFor(markerOf(s), 0, 30_000);
		await settle(app);
		for (let i = 0; i < samples; i++) {
			const from = app.length;
			const agentId = `a${String(i).padStart(16, 'e')}`;
			const type = `Probe${String(i).padStart(2, '0')}z`;
			probes.push(path.join(dir, `${agentId}.json`));
			const t0 = process.hrtime.bigint();
			writeAgent(dir, agentId, type, 'active', {sessionId: s.sessionId, provider: 'claude', cwd: CWD});
			await app.waitFor(type, from, 20_000);
			latency.push(Number(process.hrtime.bigint() - t0) / 1e6);
			await sleep(150);
		}
	} finally {
		stop();
		await app.stop();
		for (const p of probes) {
			rmSync(p, {force: true});
		}
	}
	return latency;
}

export async function runThousandBench({
	rounds = 8,
	keySamples = Number(process.env.AGENTLOG_BENCH_KEY_SAMPLES ?? 40),
	fileSamples = 60,
	historyRounds = 5,
} = {}) {
	const data = await generated();
	const {big, small, many} = data;
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-thousand-run-'));
	const lines = [];
	const say = (...more) => {
		lines.push(...more);
		for (const line of more) {
			log(line);
		}
	};
	let ok = true;
	try {
		const state = name => {
			const dir = path.join(tmp, `state-${name}`);
			mkdirSync(dir, {recursive: true});
			return dir;
		};
		const bigEnv = cleanEnv({AGENTLOG_DIR: big.activity, CLAUDE_CONFIG_DIR: big.claude, HOME: big.home, XDG_STATE_HOME: state('big')});
		const smallEnv = cleanEnv({AGENTLOG_DIR: small.activity, CLAUDE_CONFIG_DIR: small.claude, HOME: tmp, XDG_STATE_HOME: state('small')});
		const listed = spawnSync(process.execPath, [cli, 'ls', big.sessionId, '--json'], {env: bigEnv, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
		const count = listed.status === 0 ? JSON.parse(listed.stdout).length : Number.NaN;
		const stopped = listed.status === 0 ? JSON.parse(listed.stdout).filter(a => a.status === 'stopped').length : Number.NaN;
		const claudeBytes = bytesUnder(big.claude);
		say(
			`thousand: one session, a workflow of ${PHASES} phases × ${PER_PHASE} agents written through the hook (${big.hookRuns} launcher runs, ${(big.hookMs / 1000).toFixed(0)} s), ${(claudeBytes / 1024 / 1024).toFixed(0)} MB of the client's files; ${data.cached ? 'generated by an earlier run' : `generated now (the 5,000: ${(data.manyMs / 1000).toFixed(0)} s)`}`,
			`  ls --json lists ${count} agents (${stopped} stopped)   (must be ${PHASES * PER_PHASE})`,
		);
		ok &&= count === PHASES * PER_PHASE;

		// AGENTLOG_BENCH_THOUSAND_PARTS=first,keys,files,history: only those parts.
		const parts = (process.env.AGENTLOG_BENCH_THOUSAND_PARTS ?? 'first,keys,files,history').split(',');
		// 1. The first frame, alternating, after one unmeasured start of each.
		if (parts.includes('first')) {
			const first = {small: [], big: [], many: []};
			const rss = {small: [], big: [], many: []};
			// The 5,000 over 200 sessions: watch opens the newest, the one `ls` picks too.
			const manyFirstEnv = cleanEnv({AGENTLOG_DIR: many.activity, CLAUDE_CONFIG_DIR: many.claude, HOME: many.home, XDG_STATE_HOME: state('many-first')});
			const newest = spawnSync(process.execPath, [cli, 'ls', '--json'], {env: manyFirstEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
			const manySession = {sessionId: JSON.parse(newest.stdout)[0].sessionId};
			for (let i = -1; i < rounds; i++) {
				for (const [name, s, env] of [
					['small', small, smallEnv],
					['big', big, bigEnv],
					['many', manySession, manyFirstEnv],
				]) {
					const app = startInPty('', env, TERMINAL);
					const ms = await app.waitFor(markerOf(s), 0, 30_000);
					if (i >= 0) {
						first[name].push(ms);
						rss[name].push(rssMb(app.nodePid()));
					}
					await app.stop();
				}
			}
			const fs = summary(first.small);
			const fb = summary(first.big);
			const fm = summary(first.many);
			const rb = Math.max(...rss.big);
			say(
				`  watch, first frame (${TERMINAL.columns}×${TERMINAL.rows} pty, ${rounds} rounds)   median ${fmt(fb.median)} vs ${fmt(fs.median)} for 20 agents (${ratio(fb.median, fs.median)}; target ≤ ${GOALS.firstFrame}×)  p95 ${fmt(fb.p95)} vs ${fmt(fs.p95)}`,
				`  RSS at the first frame   median ${summary(rss.big).median.toFixed(0)} MB, max ${rb.toFixed(0)} MB vs ${summary(rss.small).median.toFixed(0)} MB   (target ≤ ${GOALS.rssMb} MB)`,
			);
			const rm = Math.max(...rss.many);
			say(
				`  watch, first frame of the newest of 200 sessions (5,000 agents)   median ${fmt(fm.median)} vs ${fmt(fs.median)} (${ratio(fm.median, fs.median)}; target ≤ ${GOALS.firstFrame}×)  p95 ${fmt(fm.p95)}   RSS max ${rm.toFixed(0)} MB`,
			);
			ok &&= fb.median / fs.median <= GOALS.firstFrame && rb <= GOALS.rssMb && fm.median / fs.median <= GOALS.firstFrame && rm <= GOALS.rssMb;
		}

		// 2. Keys → frames, two watches.
		if (parts.includes('keys')) {
			const kinds = {list: [], zoom: [], pan: [], moveInTimeline: [], typing: []};
			for (const k of Object.values(kinds)) {
				k.inProcess = [];
			}
			for (let r = 0; r < 2; r++) {
				const got = await keyRound(big, bigEnv, Math.ceil(keySamples / 2));
				for (const [kind, k] of Object.entries(kinds)) {
					k.push(...got[kind]);
					k.inProcess.push(...got[kind].inProcess);
				}
			}
			say(`  a key → its frame (${KEY_TERMINAL.columns}×${KEY_TERMINAL.rows}; in the app: read → frame written)   target p95 ≤ ${GOALS.keyP95} ms`);
			for (const [kind, label] of [
				['list', 'list, j k'],
				['zoom', 'timeline, + -'],
				['pan', 'timeline, < >'],
				['moveInTimeline', 'timeline, j k'],
				['typing', '/ and typing'],
			]) {
				const k = kinds[kind];
				const sm = summary(k);
				const ip = summary(k.inProcess);
				say(`    ${label.padEnd(16)} median ${fmt(sm.median)}  p95 ${fmt(sm.p95)}   in the app ${fmt(ip.median)} / ${fmt(ip.p95)}   (${k.length} keys)`);
				ok &&= sm.p95 <= GOALS.keyP95;
			}
		}

		// 3. A file change → the screen while 16 agents write.
		if (parts.includes('files')) {
			const latency = await fileToScreen(big, bigEnv, fileSamples);
			const l = summary(latency);
			say(
				`  a new agent file → the screen while ${WRITERS} agents write (transcript lines every 50 ms, agent files every 200 ms)   median ${fmt(l.median)}  p95 ${fmt(l.p95)}  max ${fmt(Math.max(...latency))}   (target p95 ≤ ${GOALS.fileP95} ms)`,
			);
			ok &&= l.p95 <= GOALS.fileP95;
		}

		// 4. history and stats over the 5,000; report on the 1,000.
		if (parts.includes('history')) {
			const probe = writeRssProbe(path.join(tmp, 'rss-probe.mjs'));
			const plain = path.join(tmp, 'plain-parse.mjs');
			writeFileSync(plain, PLAIN_PARSE);
			const manyState = path.join(tmp, 'state-many');
			const manyEnv = cleanEnv({
				HOME: many.home,
				CLAUDE_CONFIG_DIR: many.claude,
				AGENTLOG_DIR: many.activity,
				XDG_STATE_HOME: manyState,
				AGENTLOG_NOW: new Date(data.now).toISOString(),
			});
			const commands = [
				['history --json', [cli, 'history', '--json']],
				['stats --json', [cli, 'stats', '--json']],
			];
			const firstRun = new Map();
			for (const [name, args] of commands) {
				rmSync(manyState, {recursive: true, force: true});
				mkdirSync(manyState, {recursive: true});
				firstRun.set(name, measureNode(args, manyEnv, probe));
			}
			const warm = new Map(commands.map(([name]) => [name, []]));
			const base = [];
			measureNode([plain], manyEnv, probe);
			for (let i = 0; i < historyRounds; i++) {
				base.push(measureNode([plain], manyEnv, probe));
				for (const [name, args] of commands) {
					warm.get(name).push(measureNode(args, manyEnv, probe));
				}
			}
			const med = xs => summary(xs.map(x => x.ms));
			const cpu = xs => summary(xs.map(x => x.cpuMs)).median;
			const b = med(base);
			say(
				`  over ${many.agents.toLocaleString('en')} agents / ${many.events.toLocaleString('en')} events in ${SESSIONS} sessions: a plain readline + JSON.parse of the log lines   median ${fmt(b.median)}  p95 ${fmt(b.p95)}  CPU ${fmt(cpu(base))}`,
			);
			for (const [name] of commands) {
				const w = med(warm.get(name));
				const f = firstRun.get(name);
				say(
					`    ${name.padEnd(15)} warm median ${fmt(w.median)}  p95 ${fmt(w.p95)}  = ${ratio(w.median, b.median)} (target ≤ ${GOALS.history}×)  CPU ${fmt(cpu(warm.get(name)))} (${ratio(cpu(warm.get(name)), cpu(base))})  max RSS ${Math.max(...warm.get(name).map(x => x.rssMb)).toFixed(0)} MB;  first run ${fmt(f.ms)} (${ratio(f.ms, b.median)}), CPU ${fmt(f.cpuMs)}`,
				);
				ok &&= w.median / b.median <= GOALS.history;
			}
			const floor = [];
			const report = [];
			measureNode([cli, 'report', big.sessionId], bigEnv, probe);
			for (let i = 0; i < historyRounds; i++) {
				floor.push(measureNode(['-e', '0'], bigEnv, probe));
				report.push(measureNode([cli, 'report', big.sessionId], bigEnv, probe));
			}
			const rp = med(report);
			const fl = med(floor);
			say(
				`  report on the 1,000-agent session, warm   median ${fmt(rp.median)}  p95 ${fmt(rp.p95)}  (${ratio(rp.median, fl.median)} of node -e 0, ${fmt(fl.median)})  CPU ${fmt(cpu(report))}  max RSS ${Math.max(...report.map(x => x.rssMb)).toFixed(0)} MB   (target ≤ ${GOALS.reportMs} ms)`,
			);
			ok &&= rp.median <= GOALS.reportMs;
		}
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
