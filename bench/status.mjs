// `agentlog status` (the tmux status segment, run every few seconds) vs `node -e 0`, as a ratio of
// medians (target ≤ 1.5×), with 1,000 sessions × 20 agent files on disk (as bench/sessions.mjs
// writes them). The newest session's active agents have transcripts under <claude>/projects/
// (status reads those: they can change a count). Also the main bundle's start (`--version`), for
// what the small bundle (dist/cli/status.cjs) saves.
import {appendFileSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {writeAgent} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
const sessionId = s => `${String(s).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`;

function transcript(file, agentId, at, padLines = 0) {
	const common = {isSidechain: true, agentId, sessionId: sessionId(999), cwd: '/home/u/shop', timestamp: at};
	// Tool results of 1 KB each before the last call: a long-running agent's transcript.
	const pad = Array.from({length: padLines}, (_, i) => ({
		...common,
		type: 'user',
		message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `toolu_pad${i}`, content: 'y'.repeat(1000)}]},
	}));
	const lines = [
		...pad,
		{...common, type: 'user', message: {role: 'user', content: 'Review the module.'}},
		{
			...common,
			type: 'assistant',
			message: {id: `msg_${agentId}`, role: 'assistant', content: [{type: 'tool_use', id: `toolu_${agentId}`, name: 'Read', input: {file_path: '/x'}}]},
		},
	];
	writeFileSync(file, `${lines.map(line => JSON.stringify(line)).join('\n')}\n`);
}

function writeSessions(activity, claude, sessions, agents, padLines = 0) {
	const back = (Date.now() - 60_000) / 1000;
	for (let s = 0; s < sessions; s++) {
		const dir = path.join(activity, sessionId(s));
		const newest = s === sessions - 1;
		const subagents = path.join(claude, 'projects', '-home-u-shop', sessionId(s), 'subagents');
		if (newest) {
			mkdirSync(subagents, {recursive: true});
		}
		for (let a = 0; a < agents; a++) {
			const active = a % 3 === 0;
			const file = path.join(subagents, `agent-a${a}.jsonl`);
			if (newest && active) {
				transcript(file, `a${a}`, new Date().toISOString(), padLines);
			}
			writeAgent(dir, `a${a}`, `T${a % 4}`, active ? 'active' : 'stopped', newest && active ? {transcriptPath: file, cwd: '/home/u/shop'} : {});
			utimesSync(path.join(dir, `a${a}.json`), back, back);
		}
		// The newest session is the last one written: its folder's mtime is the latest.
		const when = newest ? Date.now() / 1000 : back;
		utimesSync(dir, when, when);
	}
	// The hook's hint, as it writes it after recording an event (test/store/activity/session-listing-newest.test.ts
	// checks the hook writes it), newer than the activity folder: no session folder came since.
	const hint = path.join(activity, '.newest-session');
	writeFileSync(hint, `${sessionId(sessions - 1)}\n`);
	utimesSync(activity, back, back);
}

export async function runStatusBench({rounds = 20} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-status-'));
	const lines = [];
	try {
		const claude = path.join(tmp, '.claude');
		const activity = path.join(claude, 'agent-activity');
		writeSessions(activity, claude, 1000, 20);
		const env = cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, CLAUDE_CONFIG_DIR: claude, XDG_STATE_HOME: path.join(tmp, 'state')});
		// Fewer sessions on disk (a month of a few a day; the retention pass keeps 30 days).
		const fewClaude = path.join(tmp, 'few', '.claude');
		const fewActivity = path.join(fewClaude, 'agent-activity');
		writeSessions(fewActivity, fewClaude, 50, 20);
		const fewEnv = cleanEnv({AGENTLOG_DIR: fewActivity, HOME: tmp, CLAUDE_CONFIG_DIR: fewClaude, XDG_STATE_HOME: path.join(tmp, 'state')});
		// One session whose 7 active agents have long transcripts (3,000 tool results of 1 KB: ~3 MB each)
		// that grow by ~10 KB each between runs, as working agents' do: the first run (no count-facts
		// cache yet) reads them whole; the next ones only what was appended.
		const bigClaude = path.join(tmp, 'big', '.claude');
		const bigActivity = path.join(bigClaude, 'agent-activity');
		writeSessions(bigActivity, bigClaude, 1, 20, 3000);
		const bigEnv = cleanEnv({AGENTLOG_DIR: bigActivity, HOME: tmp, CLAUDE_CONFIG_DIR: bigClaude, XDG_STATE_HOME: path.join(tmp, 'state')});
		const big = [];
		let cold = 0;
		const bigFiles = readdirSync(path.join(bigClaude, 'projects', '-home-u-shop', sessionId(0), 'subagents')).map(name =>
			path.join(bigClaude, 'projects', '-home-u-shop', sessionId(0), 'subagents', name),
		);
		const growBig = () => {
			const line = JSON.stringify({
				isSidechain: true,
				type: 'user',
				message: {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_g', content: 'z'.repeat(1000)}]},
				timestamp: new Date().toISOString(),
			});
			for (const file of bigFiles) {
				appendFileSync(file, `${Array.from({length: 10}, () => line).join('\n')}\n`);
			}
		};
		const base = [];
		const plain = [];
		const tmux = [];
		const main = [];
		const pinned = [];
		const unhinted = [];
		const floor = [];
		const few = [];
		// The floor the newest-session rule sets: node, one readdir and a stat of each of the 1,000 folders, nothing else.
		const statAll = `const fs = require('node:fs'); const a = ${JSON.stringify(activity)}; for (const n of fs.readdirSync(a)) fs.statSync(a + '/' + n);`;
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env}));
			plain.push(timeRun(process.execPath, [cli, 'status'], {env}));
			tmux.push(timeRun(process.execPath, [cli, 'status', '--format', 'tmux'], {env}));
			main.push(timeRun(process.execPath, [cli, '--version'], {env}));
			pinned.push(timeRun(process.execPath, [cli, 'status', sessionId(999)], {env}));
			floor.push(timeRun(process.execPath, ['-e', statAll], {env}));
			// Without the hint (a hook older than it, or a session folder made since): every folder is stat-ed.
			renameSync(path.join(activity, '.newest-session'), path.join(tmp, 'hint-aside'));
			unhinted.push(timeRun(process.execPath, [cli, 'status'], {env}));
			renameSync(path.join(tmp, 'hint-aside'), path.join(activity, '.newest-session'));
			// Newer than the activity folder again, as the hook's next write makes it.
			utimesSync(path.join(activity, '.newest-session'), new Date(), new Date());
			few.push(timeRun(process.execPath, [cli, 'status'], {env: fewEnv}));
			if (i < 5) {
				if (i === 0) {
					cold = timeRun(process.execPath, [cli, 'status'], {env: bigEnv});
				}
				growBig();
				big.push(timeRun(process.execPath, [cli, 'status'], {env: bigEnv}));
			}
		}
		const [b, p, t, m, pin, f, w, g, u] = [base, plain, tmux, main, pinned, floor, few, big, unhinted].map(s => summary(s).median);
		lines.push(
			'status: the tmux status segment, 1,000 sessions × 20 agents on disk (medians)',
			`  node -e 0 ${fmt(b)}   agentlog status ${fmt(p)} (${ratio(p, b)}; target ≤ 1.5×)   --format tmux ${fmt(t)} (${ratio(t, b)})`,
			`  agentlog status <session id> ${fmt(pin)} (${ratio(pin, b)}): the same session named, without finding the newest of 1,000 folders`,
			`  without the hook's .newest-session hint ${fmt(u)} (${ratio(u, b)}); node stat-ing the 1,000 session folders and nothing else ${fmt(f)} (${ratio(f, b)}): the floor of finding the newest session without it`,
			`  agentlog status with 50 sessions × 20 agents on disk ${fmt(w)} (${ratio(w, b)})`,
			`  agentlog status, one session whose 7 active agents' transcripts are ~3 MB each and grow ~10 KB between runs ${fmt(g)} (${ratio(g, b)}); the first run, read whole: ${fmt(cold)} (${ratio(cold, b)})`,
			`  the main CLI's start (agentlog --version) ${fmt(m)} (${ratio(m, b)}): what the small bundle saves`,
		);
		return {lines, ok: p / b <= 1.5};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
