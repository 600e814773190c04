// `npm run bench qwen`: a Qwen Code session of 50 subagents (the real Qwen Code 0.24.4's records and
// transcripts, test/fixtures/qwen/subagents, each of its two subagents copied 25 times under new
// ids) in `watch <session>` in a real pty: the first frame against the same with a Claude Code
// session of 50 agents (bench/claude-gen.mjs), alternating rounds, as a ratio of medians (target
// ≤ 1.2×); change → screen: a new subagent started by agentlog's hook run as Qwen Code runs it
// (its payload names Qwen's transcript), from the hook's exit to the frame that shows it (target
// p95 ≤ 100 ms). Then an idle `watch` of the Claude session, 30 s each, with no Gemini CLI, Qwen
// Code or opencode folder, and with all three there and idle: CPU compared.
import {spawnSync} from 'node:child_process';
import {chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {sessionIdOf, writeSession} from './claude-gen.mjs';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';
import {cpuTicks, sleep, startInPty, TICKS} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const fixtures = path.join(root, 'test', 'fixtures');
const GOAL = 1.2;
const CHANGE_GOAL = 100;
const AGENTS = 50;
const IDLE_S = 30;

/** Every file under `dir` with `from` replaced by `to` in its text. */
function rewrite(dir, from, to) {
	for (const name of readdirSync(dir, {recursive: true, encoding: 'utf8'})) {
		const file = path.join(dir, name);
		if (statSync(file).isFile()) {
			writeFileSync(file, readFileSync(file, 'utf8').split(from).join(to));
		}
	}
}

/** The Qwen fixture placed at `home/.qwen` and `activity`, its two subagents made 50. */
function writeQwenSession(tmp) {
	const manifest = JSON.parse(readFileSync(path.join(fixtures, 'qwen', 'manifest.json'), 'utf8'));
	const session = manifest.scenarios.subagents.session;
	const home = path.join(tmp, 'home');
	const activity = path.join(tmp, 'activity');
	cpSync(path.join(fixtures, 'qwen', 'subagents', 'qwen'), path.join(home, '.qwen'), {recursive: true});
	cpSync(path.join(fixtures, 'qwen', 'subagents', 'activity'), activity, {recursive: true});
	rewrite(home, path.join(manifest.runRoot, 'subagents'), tmp);
	rewrite(activity, path.join(manifest.runRoot, 'subagents'), tmp);
	const records = path.join(activity, session);
	const [project] = readdirSync(path.join(home, '.qwen', 'projects'));
	const transcripts = path.join(home, '.qwen', 'projects', project, 'subagents', session);
	const sources = readdirSync(records).filter(n => n.endsWith('.json') && !n.startsWith('.'));
	for (let a = 0; a < AGENTS; a++) {
		const source = sources[a % sources.length].slice(0, -'.json'.length);
		const id = `general-purpose-call_bench${String(a).padStart(4, '0')}`;
		const copy = (from, to) => writeFileSync(to, readFileSync(from, 'utf8').split(source).join(id));
		copy(path.join(records, `${source}.json`), path.join(records, `${id}.json`));
		copy(path.join(transcripts, `agent-${source}.jsonl`), path.join(transcripts, `agent-${id}.jsonl`));
		copy(path.join(transcripts, `agent-${source}.meta.json`), path.join(transcripts, `agent-${id}.meta.json`));
	}
	for (const source of sources) {
		rmSync(path.join(records, source));
	}
	const chats = path.join(home, '.qwen', 'projects', project, 'chats', `${session}.jsonl`);
	return {home, activity, session, chats, cwd: path.join(tmp, 'workspace')};
}

/** agentlog's hook as `install-hook --qwen` installs it (its launcher and bundles in a folder of their own). */
function installedHook(tmp) {
	const dir = path.join(tmp, 'hook');
	mkdirSync(dir);
	const launcher = path.join(dir, 'agent-spy.sh');
	writeFileSync(launcher, readFileSync(path.join(root, 'hooks/agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath));
	chmodSync(launcher, 0o755);
	for (const name of ['agent-spy.cjs', 'agent-prune.cjs']) {
		copyFileSync(path.join(root, 'hooks', name), path.join(dir, name));
	}
	return launcher;
}

async function firstFrame(session, env, text) {
	const app = startInPty(session, env, {columns: 120, rows: 40});
	const ms = await app.waitFor(text, 0, 20_000);
	await app.stop();
	return ms;
}

async function idleCpu(env) {
	const app = startInPty('', env, {columns: 120, rows: 40});
	await app.waitFor('stopped', 0, 20_000);
	await sleep(1000);
	const pid = app.nodePid();
	const before = cpuTicks(pid);
	await sleep(IDLE_S * 1000);
	const ticks = cpuTicks(pid) - before;
	await app.stop();
	return {ticks, percent: (ticks / TICKS / IDLE_S) * 100};
}

export async function runQwenBench({rounds = 9, changes = 20} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-qwen-'));
	try {
		const qwen = writeQwenSession(tmp);
		const qwenEnv = cleanEnv({
			HOME: qwen.home,
			AGENTLOG_DIR: qwen.activity,
			CLAUDE_CONFIG_DIR: path.join(qwen.home, '.claude'),
			XDG_STATE_HOME: path.join(tmp, 'state'),
			XDG_DATA_HOME: path.join(tmp, 'no-data'),
		});
		const cc = path.join(tmp, 'cc');
		writeSession({claude: path.join(cc, '.claude'), activity: path.join(cc, 'activity'), s: 1, t0: Date.now() - 3_600_000, agents: AGENTS});
		const ccVars = {
			HOME: cc,
			AGENTLOG_DIR: path.join(cc, 'activity'),
			CLAUDE_CONFIG_DIR: path.join(cc, '.claude'),
			XDG_STATE_HOME: path.join(cc, 'state'),
			XDG_DATA_HOME: path.join(cc, 'data'),
		};
		const ccEnv = cleanEnv(ccVars);
		const qwenFirst = [];
		const ccFirst = [];
		for (let i = 0; i < rounds; i++) {
			qwenFirst.push(await firstFrame(qwen.session, qwenEnv, '[qwen] general-purpose'));
			ccFirst.push(await firstFrame(sessionIdOf(1), ccEnv, sessionIdOf(1).slice(0, 8)));
		}
		// Change → screen: the hook's SubagentStart of a new subagent, as Qwen Code sends it; the
		// same for the Claude session in the same run (the baseline: the load moves both).
		const launcher = installedHook(tmp);
		const changeToScreen = async (session, env, transcript, shown) => {
			const app = startInPty(session, env, {columns: 120, rows: 40});
			await app.waitFor(shown, 0, 20_000);
			const latency = [];
			for (let i = 0; i < changes; i++) {
				const from = app.length;
				const payload = {
					session_id: session,
					transcript_path: transcript,
					cwd: qwen.cwd,
					hook_event_name: 'SubagentStart',
					agent_id: `bench-new-${i}`,
					agent_type: `rq${i}z`,
				};
				spawnSync(launcher, [], {env, input: JSON.stringify(payload)});
				const done = app.elapsed();
				latency.push((await app.waitFor(`rq${i}z`, from)) - done);
			}
			await app.stop();
			return latency;
		};
		const latency = await changeToScreen(qwen.session, qwenEnv, qwen.chats, '[qwen] general-purpose');
		const ccProject = path.join(cc, '.claude', 'projects', '-bench');
		const claudeLatency = await changeToScreen(sessionIdOf(1), ccEnv, path.join(ccProject, `${sessionIdOf(1)}.jsonl`), sessionIdOf(1).slice(0, 8));
		// Idle CPU of the Claude session's watch: no other tool's folder, then all three there (idle).
		const none = await idleCpu(ccEnv);
		cpSync(path.join(qwen.home, '.qwen'), path.join(cc, '.qwen'), {recursive: true});
		cpSync(path.join(fixtures, 'gemini', 'tools', 'gemini'), path.join(cc, '.gemini'), {recursive: true});
		mkdirSync(path.join(cc, 'data', 'opencode'), {recursive: true});
		for (const name of ['opencode.db', 'opencode.db-wal']) {
			copyFileSync(path.join(fixtures, 'opencode', 'parallel', name), path.join(cc, 'data', 'opencode', name));
		}
		const all = await idleCpu(ccEnv);
		const q = summary(qwenFirst);
		const c = summary(ccFirst);
		const l = summary(latency);
		const cl = summary(claudeLatency);
		return {
			lines: [
				`qwen: watch <session> in a pty, ${AGENTS} subagents (the real Qwen Code's records and transcripts)`,
				`  Claude Code session  first frame median ${fmt(c.median)}  p95 ${fmt(c.p95)}`,
				`  Qwen Code session    first frame median ${fmt(q.median)}  p95 ${fmt(q.p95)}   (${ratio(q.median, c.median)} Claude's; target ≤ ${GOAL}×)`,
				`  change → screen (a new subagent, from the hook's exit)  Qwen median ${fmt(l.median)}  p95 ${fmt(l.p95)}; Claude median ${fmt(cl.median)}  p95 ${fmt(cl.p95)}   (${ratio(l.p95, cl.p95)} at p95; target p95 ≤ ${CHANGE_GOAL} ms)`,
				`  idle watch of a Claude session, ${IDLE_S} s: no Gemini/Qwen/opencode folder ${none.percent.toFixed(2)}% (${none.ticks} ticks); all three there ${all.percent.toFixed(2)}% (${all.ticks} ticks)`,
			],
			ok: q.median <= GOAL * c.median && l.p95 <= CHANGE_GOAL,
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
