// `npm run bench opencode`: `agentlog watch`'s first frame in a real pty on an opencode session of
// 50 subagents (the real opencode's database, test/fixtures/opencode/fifty: every row in its
// write-ahead log, read by agentlog's own SQLite reader) against the same on a Claude Code session
// of 50 agents (bench/claude-gen.mjs), in alternating rounds, each a ratio to `node -e 0` measured
// in the same run. Target: the opencode session's first frame ≤ 1.2× the Claude session's.
// Then change → screen: `watch` following the newest session while opencode's database changes
// under it (the 50-subagent database and another session's, put in place by rename in turn, as a
// commit changes the log): from the rename to the frame that shows the other agents. Target p95 ≤
// 100 ms.
import {copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {writeSession} from './claude-gen.mjs';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {startInPty} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const fifty = path.join(root, 'test', 'fixtures', 'opencode', 'fifty');
const parallel = path.join(root, 'test', 'fixtures', 'opencode', 'parallel');
const CHANGE_GOAL = 100;

/** `watch` in a pty while the database is replaced by rename, `changes` times, the two states in turn: ms from each rename to its frame. */
async function changeToScreen(oc, env, changes) {
	const data = path.join(oc, 'data', 'opencode');
	const staged = path.join(oc, 'staged');
	const stage = from => {
		rmSync(staged, {recursive: true, force: true});
		mkdirSync(staged);
		for (const name of ['opencode.db', 'opencode.db-wal']) {
			copyFileSync(path.join(from, name), path.join(staged, name));
		}
	};
	const app = startInPty('', env, {columns: 120, rows: 40});
	await app.waitFor('Part 50 is fine', 0, 20_000);
	const latency = [];
	for (let i = 0; i < changes; i++) {
		const [from, text] = i % 2 === 0 ? [parallel, 'Read the readme'] : [fifty, 'Part 50 is fine'];
		stage(from);
		const mark = app.length;
		const at = app.elapsed();
		renameSync(path.join(staged, 'opencode.db-wal'), path.join(data, 'opencode.db-wal'));
		renameSync(path.join(staged, 'opencode.db'), path.join(data, 'opencode.db'));
		latency.push((await app.waitFor(text, mark, 10_000)) - at);
	}
	await app.stop();
	return summary(latency);
}
const GOAL = 1.2;

export async function runOpencodeBench({rounds = 9} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-opencode-'));
	try {
		// The opencode session: its database where opencode keeps it; no Claude Code session.
		const oc = path.join(tmp, 'oc');
		mkdirSync(path.join(oc, 'data', 'opencode'), {recursive: true});
		for (const name of ['opencode.db', 'opencode.db-wal']) {
			copyFileSync(path.join(fifty, name), path.join(oc, 'data', 'opencode', name));
		}
		// The fixture's day, so its session is within the listing's 30 days.
		const now = '2026-11-29T04:00:00Z';
		const ocEnv = cleanEnv({
			HOME: oc,
			AGENTLOG_DIR: path.join(oc, 'activity'),
			CLAUDE_CONFIG_DIR: path.join(oc, 'claude'),
			XDG_STATE_HOME: path.join(oc, 'state'),
			XDG_DATA_HOME: path.join(oc, 'data'),
			AGENTLOG_NOW: now,
		});
		mkdirSync(path.join(oc, 'activity'));
		// The Claude Code session of as many agents, all done, as the hook and the client write it.
		const cc = path.join(tmp, 'cc');
		writeSession({claude: path.join(cc, 'claude'), activity: path.join(cc, 'activity'), s: 1, t0: Date.parse(now) - 600_000, agents: 50});
		const ccEnv = cleanEnv({
			HOME: cc,
			AGENTLOG_DIR: path.join(cc, 'activity'),
			CLAUDE_CONFIG_DIR: path.join(cc, 'claude'),
			XDG_STATE_HOME: path.join(cc, 'state'),
			XDG_DATA_HOME: path.join(cc, 'no-data'),
			AGENTLOG_NOW: now,
		});
		const base = [];
		const ocFirst = [];
		const ccFirst = [];
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env: ccEnv}));
			for (const [env, into, text] of [
				[ocEnv, ocFirst, '[opencode]'],
				[ccEnv, ccFirst, 'stopped'],
			]) {
				const app = startInPty('', env, {columns: 120, rows: 60});
				into.push(await app.waitFor(text, 0, 20_000));
				await app.stop();
			}
		}
		const b = summary(base);
		const o = summary(ocFirst);
		const c = summary(ccFirst);
		const change = await changeToScreen(oc, ocEnv, 20);
		const lines = [
			'opencode: watch in a pty, a session of 50 subagents (the real opencode database) vs a Claude Code session of 50',
			`  node -e 0                 median ${fmt(b.median)}`,
			`  Claude Code, 50 agents    median ${fmt(c.median)}  p95 ${fmt(c.p95)}   (${ratio(c.median, b.median)} node -e 0)`,
			`  opencode, 50 subagents    median ${fmt(o.median)}  p95 ${fmt(o.p95)}   (${ratio(o.median, b.median)} node -e 0; ${ratio(o.median, c.median)} the Claude session, target ≤ ${GOAL}×)`,
			`  change → screen (the database replaced by rename, 50 subagents and 2 in turn)  median ${fmt(change.median)}  p95 ${fmt(change.p95)}   (target p95 ≤ ${CHANGE_GOAL} ms)`,
		];
		return {lines, ok: o.median <= GOAL * c.median && change.p95 <= CHANGE_GOAL};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
