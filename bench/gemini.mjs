// `npm run bench gemini`: `agentlog watch <session>` in a real pty, time to the first frame that
// shows a session of 50 Gemini CLI subagents (their own session files, each ~10 tool calls, every
// message written twice as Gemini writes it), against the same with a Claude Code session of 50
// subagents (bench/claude-gen.mjs) in the same run, as a ratio of medians (goal ≤ 1.2×). Then
// change → screen: a new subagent's file written into the session's folder while `watch` shows it,
// from the write to the frame that shows its task (target p95 ≤ 100 ms). Then the CPU an idle
// `watch` takes over 10 s with no Gemini folder (Gemini not installed): its poll is one failed
// directory read twice a second.
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {writeSession, sessionIdOf} from './claude-gen.mjs';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';
import {cpuTicks, sleep, startInPty, TICKS} from './pty.mjs';

const GOAL = 1.2;
const AGENTS = 50;
const hex = (n, w) => (n >>> 0).toString(16).padStart(w, '0').slice(-w);
const uuid = (a, b) => `${hex(a * 2654435761, 8)}-${hex(b, 4)}-4${hex(a, 3)}-8${hex(b, 3)}-${hex(a * 40503 + b, 12)}`;

/** One Gemini session under `<gemini>/tmp/shop/chats/`: a main file naming each child in its invoke_agent calls, and 50 child files. */
function writeGeminiSession(gemini, t0) {
	const sessionId = uuid(7, 7);
	const chats = path.join(gemini, 'tmp', 'shop', 'chats');
	const childDir = path.join(chats, sessionId);
	mkdirSync(childDir, {recursive: true});
	const iso = ms => new Date(ms).toISOString();
	const main = [JSON.stringify({sessionId, projectHash: 'x'.repeat(64), startTime: iso(t0), lastUpdated: iso(t0), kind: 'main'})];
	for (let a = 0; a < AGENTS; a++) {
		const id = uuid(a + 1, 1);
		const start = t0 + a * 2000;
		const lines = [
			JSON.stringify({
				sessionId: id,
				projectHash: 'x'.repeat(64),
				startTime: iso(start),
				lastUpdated: iso(start),
				kind: 'subagent',
				directories: ['/home/dev/shop'],
			}),
		];
		lines.push(JSON.stringify({id: `${id}-u`, timestamp: iso(start), type: 'user', content: [{text: `Look into part ${a} of the shop.`}]}));
		for (let i = 0; i < 10; i++) {
			const at = iso(start + 100 * (i + 1));
			const msg = {
				id: `${id}-m${i}`,
				timestamp: at,
				type: 'gemini',
				content: '',
				thoughts: [],
				tokens: {input: 2000 + i * 40, output: 17, cached: 256, thoughts: 0, tool: 0, total: 2057 + i * 40},
				model: 'gemini-2.5-pro',
			};
			const name = i === 9 ? 'complete_task' : 'read_file';
			const args = i === 9 ? {result: {response: `Part ${a} is fine.`}} : {file_path: `src/part${a}/file${i}.ts`};
			const call = {
				id: `${id}#${i}-0`,
				name,
				args,
				result: [{functionResponse: {id: `${id}#${i}-0`, name, response: {output: 'x'.repeat(400)}}}],
				status: 'success',
				timestamp: at,
			};
			lines.push(JSON.stringify(msg), JSON.stringify({$set: {lastUpdated: at}}), JSON.stringify({...msg, toolCalls: [call]}));
			lines.push(JSON.stringify({id: `${id}-r${i}`, timestamp: at, type: 'user', content: [{functionResponse: call.result[0].functionResponse}]}));
		}
		lines.push(JSON.stringify({$set: {summary: `{\n  "response": "Part ${a} is fine."\n}`}}));
		writeFileSync(path.join(childDir, `${id}.jsonl`), `${lines.join('\n')}\n`);
		const end = iso(start + 1200);
		const output = `Subagent 'generalist' finished.\nTermination Reason: GOAL\nResult:\nPart ${a} is fine.`;
		const invoke = {
			id: `invoke_agent__${a}`,
			name: 'invoke_agent',
			args: {agent_name: 'generalist', prompt: `Look into part ${a} of the shop.`},
			agentId: id,
			status: 'success',
			timestamp: end,
			result: [{functionResponse: {id: `invoke_agent__${a}`, name: 'invoke_agent', response: {output}}}],
		};
		main.push(JSON.stringify({id: `main-${a}`, timestamp: end, type: 'gemini', content: '', model: 'gemini-2.5-pro', toolCalls: [invoke]}));
	}
	writeFileSync(path.join(chats, `session-${iso(t0).slice(0, 16).replace(/:/g, '-')}-${sessionId.slice(0, 8)}.jsonl`), `${main.join('\n')}\n`);
	return sessionId;
}

/**
 * `watch <session>` in a pty while `changes` new subagents' files are written into its folder: ms
 * from each write to its frame. A stand-in for Gemini CLI runs meanwhile (a process whose script is
 * `gemini.js`, in the project's folder that `.project_root` names): a child with no end and no Gemini
 * running it is shown cut off, as it is once a real Gemini is gone.
 */
async function changeToScreen(gemini, sessionId, env, changes) {
	const childDir = path.join(gemini, 'tmp', 'shop', 'chats', sessionId);
	const project = path.join(path.dirname(gemini), 'shop');
	mkdirSync(project, {recursive: true});
	writeFileSync(path.join(gemini, 'tmp', 'shop', '.project_root'), project);
	const script = path.join(path.dirname(gemini), 'gemini.js');
	writeFileSync(script, 'setInterval(() => {}, 1 << 30);\n');
	const standIn = spawn(process.execPath, [script], {cwd: project, stdio: 'ignore'});
	try {
		await sleep(200);
		return await changesSeen(childDir, sessionId, env, changes);
	} finally {
		standIn.kill();
	}
}

async function changesSeen(childDir, sessionId, env, changes) {
	const app = startInPty(sessionId, env, {columns: 120, rows: 40});
	try {
		return await latencies(app, childDir, changes);
	} finally {
		// Also when a frame never comes: no watch is left running after the bench.
		await app.stop();
	}
}

async function latencies(app, childDir, changes) {
	await app.waitFor('[gemini] generalist');
	const latency = [];
	for (let i = 0; i < changes; i++) {
		const id = uuid(1000 + i, 2);
		const start = new Date().toISOString();
		const lines = [
			JSON.stringify({sessionId: id, projectHash: 'x'.repeat(64), startTime: start, lastUpdated: start, kind: 'subagent', directories: ['/home/dev/shop']}),
			JSON.stringify({id: `${id}-u`, timestamp: start, type: 'user', content: [{text: `rq${i}z look at the new part.`}]}),
		];
		const mark = app.length;
		const at = app.elapsed();
		writeFileSync(path.join(childDir, `${id}.jsonl`), `${lines.join('\n')}\n`);
		latency.push((await app.waitFor(`rq${i}z`, mark)) - at);
	}
	return summary(latency);
}

/** First frames of `watch <session>`: until `text` shows (the session's id; for Gemini its agents' name, so they are drawn too). */
async function firstFrames(session, env, rounds, text = session.slice(0, 8)) {
	const times = [];
	for (let i = 0; i < rounds; i++) {
		const app = startInPty(session, env);
		times.push(await app.waitFor(text));
		await app.stop();
	}
	return summary(times);
}

export async function runGeminiBench({rounds = 9} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-gemini-'));
	try {
		const t0 = Date.now() - 3_600_000;
		// Claude Code: a session of 50 subagents (agent files, transcripts).
		const claudeHome = path.join(tmp, 'claude-home');
		const claude = path.join(claudeHome, '.claude');
		const activity = path.join(claude, 'agent-activity');
		writeSession({claude, activity, s: 1, t0, agents: AGENTS});
		const claudeEnv = cleanEnv({HOME: claudeHome, CLAUDE_CONFIG_DIR: claude, AGENTLOG_DIR: activity, XDG_STATE_HOME: path.join(claudeHome, 'state')});
		// Gemini CLI: the same number of subagents, nothing of Claude's.
		const geminiHome = path.join(tmp, 'gemini-home');
		const gemini = path.join(geminiHome, '.gemini');
		const geminiSession = writeGeminiSession(gemini, t0);
		const geminiEnv = cleanEnv({
			HOME: geminiHome,
			CLAUDE_CONFIG_DIR: path.join(geminiHome, '.claude'),
			AGENTLOG_DIR: path.join(geminiHome, '.claude', 'agent-activity'),
			XDG_STATE_HOME: path.join(geminiHome, 'state'),
			GEMINI_CLI_HOME: geminiHome,
		});
		const c = await firstFrames(sessionIdOf(1), claudeEnv, rounds);
		const g = await firstFrames(geminiSession, geminiEnv, rounds, '[gemini] generalist');
		const change = await changeToScreen(gemini, geminiSession, geminiEnv, 20);
		// Idle watch with no Gemini folder: CPU over 10 s after its first frame.
		const idle = startInPty('', claudeEnv);
		await idle.waitFor(sessionIdOf(1).slice(0, 8));
		await sleep(1000);
		const before = cpuTicks(idle.nodePid());
		await sleep(10_000);
		const cpu = ((cpuTicks(idle.nodePid()) - before) / TICKS / 10) * 100;
		await idle.stop();
		const r = g.median / c.median;
		return {
			lines: [
				`gemini: watch <session> in a pty, ${AGENTS} subagents`,
				`  Claude Code session  first frame median ${fmt(c.median)}  p95 ${fmt(c.p95)}`,
				`  Gemini CLI session   first frame median ${fmt(g.median)}  p95 ${fmt(g.p95)}   (${ratio(g.median, c.median)} Claude's; goal ≤ ${GOAL}×)`,
				`  change → screen (a new subagent's file, 50 there)  median ${fmt(change.median)}  p95 ${fmt(change.p95)}   (target p95 ≤ 100 ms)`,
				`  idle watch, no Gemini folder: ${cpu.toFixed(2)}% CPU over 10 s`,
			],
			ok: r <= GOAL && change.p95 <= 100,
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
