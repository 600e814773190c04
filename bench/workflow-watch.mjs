// `watch` on a session running a 200-agent workflow against the same session without it (20
// subagents), in a real pty: the first frame and RSS then (target ≤ 1.5× the 20-agent session),
// and a file event reaching the screen: an agent file written as the hook writes it (temp file +
// rename) until its text is on the screen, many samples (target p95 ≤ 100 ms). The sessions are
// shaped like Claude Code 2.1.328's (bench/claude-gen.mjs): transcripts, .meta.json, the workflow's
// subagents/workflows/wf_<run>/ files and journal, the hook's agent files and event log; the
// workflow's 200th agent has just started (the last few running; every tenth failed with StopFailure).
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {writeSession} from './claude-gen.mjs';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';
import {rssMb, sleep, startInPty, writeAgent} from './pty.mjs';

const FIRST_FRAME_GOAL = 1.5;
const LATENCY_GOAL_MS = 100;
const TERMINAL = {columns: 120, rows: 40};

/** One session folder pair (activity + Claude config) with 20 subagents and, when `workflowAgents`, a workflow run. */
export function writeWorkflowSession(dir, workflowAgents, now) {
	const claude = path.join(dir, 'claude');
	const activity = path.join(dir, 'activity');
	// The session started 20 minutes ago; its workflow's last agent started just now (up to 16 run at once).
	const made = writeSession({claude, activity, s: 7, t0: now - 1_200_000, agents: 20, workflowAgents, workflowLive: workflowAgents > 0, now});
	return {claude, activity, sessionId: made.sessionId, agents: made.agents};
}

/** The text that says the first frame with the session is drawn: its header names it. */
const markerOf = s => `session ${s.sessionId.slice(0, 8)}`;
/** What watch prints when it stops on an error, up to the line's end. */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
const crashOf = output => /the monitor stopped on an error: [^\r\n;]*/.exec(output.replace(ESCAPES, ''))?.[0];

export async function runWorkflowWatchBench({rounds = 10, samples = 60} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-workflow-'));
	const lines = [];
	let ok = true;
	try {
		const now = Date.now();
		const small = writeWorkflowSession(path.join(tmp, 'small'), 0, now);
		const big = writeWorkflowSession(path.join(tmp, 'big'), 200, now);
		const envFor = s => cleanEnv({AGENTLOG_DIR: s.activity, CLAUDE_CONFIG_DIR: s.claude, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		mkdirSync(path.join(tmp, 'state'), {recursive: true});

		// 1. First frame, alternating, after one unmeasured start of each (the code cache).
		const first = {small: [], big: []};
		const rss = {small: [], big: []};
		const crashes = {};
		for (let i = -1; i < rounds; i++) {
			for (const [name, s] of [
				['small', small],
				['big', big],
			]) {
				const app = startInPty('', envFor(s), TERMINAL);
				const ms = await app.waitFor(markerOf(s), 0, 15_000);
				if (i >= 0) {
					first[name].push(ms);
					rss[name].push(rssMb(app.nodePid()));
				}
				await app.stop();
				crashes[name] ??= crashOf(app.output);
			}
		}
		const fs = summary(first.small);
		const fb = summary(first.big);
		const rs = summary(rss.small).median;
		const rb = summary(rss.big).median;
		lines.push(
			`workflow: watch, a session with a ${big.agents - small.agents}-agent workflow (${big.agents} agents) vs the same session without it (${small.agents}), in a ${TERMINAL.columns}×${TERMINAL.rows} pty`,
			`  first frame          median ${fmt(fb.median)} vs ${fmt(fs.median)}   (${ratio(fb.median, fs.median)}; target ≤ ${FIRST_FRAME_GOAL.toFixed(2)}×)  p95 ${fmt(fb.p95)} vs ${fmt(fs.p95)}`,
			`  RSS at first frame   median ${rb.toFixed(0)} MB vs ${rs.toFixed(0)} MB   (${ratio(rb, rs)})`,
		);
		ok &&= fb.median / fs.median <= FIRST_FRAME_GOAL;
		for (const [name, crash] of Object.entries(crashes)) {
			if (crash) {
				lines.push(`  watch on the ${name === 'big' ? 'workflow' : '20-agent'} session stopped by itself (after its first frame): "${crash}"`);
				ok = false;
			}
		}

		// 2. A file event → the screen: a new agent file in the session, its type on the screen.
		for (const [name, s] of [
			['big', big],
			['small', small],
		]) {
			const app = startInPty('', envFor(s), TERMINAL);
			await app.waitFor(markerOf(s), 0, 15_000);
			await sleep(500);
			const latency = [];
			const dir = path.join(s.activity, s.sessionId);
			let failure;
			for (let i = 0; i < samples && !failure; i++) {
				const from = app.length;
				const type = `Probe${String(i).padStart(2, '0')}x`;
				const t0 = process.hrtime.bigint();
				writeAgent(dir, `a${String(i).padStart(16, 'f')}`, type, 'active', {sessionId: s.sessionId, provider: 'claude', cwd: '/home/dev/shop'});
				try {
					await app.waitFor(type, from, 3000);
					latency.push(Number(process.hrtime.bigint() - t0) / 1e6);
				} catch (error) {
					failure = `sample ${i + 1}: ${crashOf(app.output) ?? (error instanceof Error ? error.message : String(error))}`;
				}
				await sleep(120);
			}
			failure ??= crashOf(app.output);
			await app.stop();
			const where = name === 'big' ? 'with the workflow' : 'without it';
			if (latency.length > 0) {
				const l = summary(latency);
				const goal = name === 'big' ? `   (target p95 ≤ ${LATENCY_GOAL_MS} ms)` : '';
				lines.push(
					`  agent file → screen (${where}, ${latency.length} new agents)   median ${fmt(l.median)}  p95 ${fmt(l.p95)}  max ${fmt(Math.max(...latency))}${goal}`,
				);
				ok &&= name !== 'big' || l.p95 <= LATENCY_GOAL_MS;
			}
			if (failure) {
				lines.push(`  agent file → screen (${where}) failed at ${failure}`);
				ok = false;
			}
		}
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
