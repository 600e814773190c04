// `npm run bench first-frame`: `agentlog watch`'s first frame in a real pty, vs `node -e 0` in the
// same run, on three screens: an empty folder, the demo, and a real Claude Code session (the
// workflow30 fixture: 30 workflow agents in three phases, captured from Claude Code 2.1.328). Each
// figure twice: the wall time a person waits (from the spawn to the frame on the pty) and the CPU
// time the process spent to draw it (bench/first-frame-probe.cjs), which a busy machine moves less.
// The CLI runs from its V8 code cache (src/cli/cached-start.ts); one run per screen without it
// (the first run after a build) is printed too.
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {cleanEnv, fmt, summary} from './lib.mjs';
import {rssMb, startInPty} from './pty.mjs';
import {copyClaudeFixture} from './fixture-copy.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const probe = path.join(root, 'bench', 'first-frame-probe.cjs');
const distCli = path.join(root, 'dist', 'cli');
export const FIRST_FRAME_TARGET = 5;

function lastProbe(file) {
	const [wall, cpu] = readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
	return {wall, cpu};
}

/** `node -e 0`'s wall time from outside, and its CPU time to the end of its start-up from inside. */
function nodeBaseline(env, out) {
	const t0 = process.hrtime.bigint();
	const code =
		"const c = process.cpuUsage(); require('node:fs').appendFileSync(process.env.AGENTLOG_PROBE_OUT, `${performance.now()} ${(c.user + c.system) / 1000}\\n`)";
	spawnSync(process.execPath, ['-e', code], {env});
	const wall = Number(process.hrtime.bigint() - t0) / 1e6;
	return {wall, cpu: lastProbe(out).cpu};
}

function removeCodeCaches() {
	for (const name of readdirSync(distCli)) {
		if (/^\.agentlog-(screen|command)-.*\.v8cache$/u.test(name)) {
			rmSync(path.join(distCli, name), {force: true});
		}
	}
}

async function firstFrame(screen, env) {
	const app = startInPty(screen.args, env, {nodeArgs: `-r ${probe}`, columns: 120, rows: 40});
	const wall = await app.waitFor(screen.text);
	const rss = rssMb(app.nodePid());
	await app.stop();
	return {wall, cpu: lastProbe(env.AGENTLOG_PROBE_OUT).cpu, rss};
}

export async function runFirstFrameBench({rounds = 15} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-first-'));
	try {
		const out = path.join(tmp, 'probe.txt');
		const empty = path.join(tmp, 'empty');
		mkdirSync(empty);
		const fixture = copyClaudeFixture('workflow30', tmp);
		const base = {HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state'), AGENTLOG_PROBE_OUT: out};
		const screens = [
			{name: 'empty folder', args: '', text: 'Waiting for the first subagent', env: {...base, AGENTLOG_DIR: empty}},
			{name: 'demo', args: 'demo', text: 'Waiting for the first subagent', env: base},
			{name: 'workflow30 fixture', args: fixture.sessionId, text: 'check-', env: {...base, ...fixture.env, AGENTLOG_PROBE_OUT: out}},
		].map(s => ({...s, env: cleanEnv({...s.env, AGENTLOG_PROBE_TEXT: s.text})}));
		const lines = ['first-frame: watch in a 120x40 pty, wall (spawn to frame) and CPU (the process, to the frame)'];
		for (const screen of screens) {
			// Each run without a cache writes one (at its exit here): the next screen's first run has it.
			removeCodeCaches();
			screen.cold = await firstFrame(screen, screen.env);
		}
		const nodeRuns = [];
		for (const screen of screens) {
			screen.runs = [];
		}
		for (let i = 0; i < rounds; i++) {
			nodeRuns.push(nodeBaseline(cleanEnv(base), out));
			for (const screen of screens) {
				screen.runs.push(await firstFrame(screen, screen.env));
			}
		}
		const nodeWall = summary(nodeRuns.map(r => r.wall)).median;
		const nodeCpu = summary(nodeRuns.map(r => r.cpu)).median;
		lines.push(`  node -e 0                 wall ${fmt(nodeWall)}   CPU ${fmt(nodeCpu)}`);
		let ok = true;
		for (const screen of screens) {
			const wall = summary(screen.runs.map(r => r.wall));
			const cpu = summary(screen.runs.map(r => r.cpu)).median;
			const rss = summary(screen.runs.map(r => r.rss)).median;
			ok &&= wall.median / nodeWall <= FIRST_FRAME_TARGET;
			lines.push(
				`  ${screen.name.padEnd(24)}  wall median ${fmt(wall.median)} p95 ${fmt(wall.p95)} = ${(wall.median / nodeWall).toFixed(2)}×   CPU ${fmt(cpu)} = ${(cpu / nodeCpu).toFixed(2)}×   RSS ${rss.toFixed(0)} MB   (target ≤ ${FIRST_FRAME_TARGET}× node -e 0)`,
				`  ${''.padEnd(24)}  without the code cache (first run after a build): wall ${fmt(screen.cold.wall)}, CPU ${fmt(screen.cold.cpu)}`,
			);
		}
		return {lines, ok};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
