// Following transcripts: (1) the cost of 8 active agents whose transcripts each grow by 10
// lines/s (CPU and RSS over 30 s, against the same 8 agents with silent transcripts, measured in
// the same run); (2) a 200 MB transcript: how soon the card and the detail pane show its recent
// part (only the tail is read first), how long the full history takes to stream in, that its
// progress is visible, and how fast a key is answered while it streams.
import {closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync, appendFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv, fmt} from './lib.mjs';
import {cpuTicks, rssMb, sleep, startInPty, TICKS, writeAgent} from './pty.mjs';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
let seq = 0;

function toolUseLine(agentId, name, input) {
	const id = `toolu_${++seq}`;
	const assistant = {
		parentUuid: null,
		isSidechain: true,
		type: 'assistant',
		sessionId: SESSION,
		version: '2.1.240',
		agentId,
		cwd: '/home/dev/acme',
		timestamp: new Date().toISOString(),
		message: {
			model: 'claude-sonnet-4-5',
			id: `msg_${seq}`,
			role: 'assistant',
			content: [{type: 'tool_use', id, name, input}],
			usage: {input_tokens: 12, output_tokens: 80, cache_creation_input_tokens: 0, cache_read_input_tokens: 4000},
		},
	};
	const result = {
		type: 'user',
		sessionId: SESSION,
		agentId,
		timestamp: new Date().toISOString(),
		message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content: 'x'.repeat(400)}]},
	};
	return `${JSON.stringify(assistant)}\n${JSON.stringify(result)}\n`;
}

/** Writes a transcript of about `bytes`; returns how many Read calls it holds. */
function generate(file, agentId, bytes) {
	const fd = openSync(file, 'w');
	let written = 0;
	let calls = 0;
	try {
		while (written < bytes) {
			let chunk = '';
			for (let i = 0; i < 500; i++) {
				chunk += toolUseLine(agentId, 'Read', {file_path: `/home/dev/acme/src/file${calls++}.ts`});
			}
			written += writeSync(fd, chunk);
		}
		// The recent part: a marker the card should show at once.
		writeSync(fd, toolUseLine(agentId, 'Grep', {pattern: 'TAIL_MARKER'}).split('\n')[0] + '\n');
	} finally {
		closeSync(fd);
	}
	return calls;
}

async function cpuOver(app, seconds) {
	const pid = app.nodePid();
	const t0 = cpuTicks(pid);
	await sleep(seconds * 1000);
	return {cpu: ((cpuTicks(pid) - t0) / TICKS / seconds) * 100, rss: rssMb(pid)};
}

export async function runTranscriptBench({seconds = 30, megabytes = 200} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-transcripts-'));
	const lines = [];
	let ok = true;
	try {
		// <claude> is the temp folder: transcripts are read only under <claude>/projects.
		const env = activity => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, CLAUDE_CONFIG_DIR: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		const subagents = path.join(tmp, 'projects', SESSION, 'subagents');
		mkdirSync(subagents, {recursive: true});

		// 1. Eight active agents: silent transcripts, then transcripts growing 10 lines/s each.
		const activity = path.join(tmp, 'activity');
		const files = [];
		for (let i = 0; i < 8; i++) {
			const file = path.join(subagents, `agent-g${i}.jsonl`);
			appendFileSync(file, toolUseLine(`g${i}`, 'Read', {file_path: '/home/dev/acme/src/start.ts'}));
			files.push(file);
			writeAgent(path.join(activity, SESSION), `g${i}`, `Grow${i}`, 'active', {transcriptPath: file, cwd: '/home/dev/acme'});
		}
		const app = startInPty('', env(activity), {columns: 120, rows: 30});
		await app.waitFor('Grow7');
		await sleep(1000);
		const quiet = await cpuOver(app, seconds);
		let n = 0;
		const writer = setInterval(() => {
			// 10 lines/s per transcript: one tool call (2 lines) per agent every 200 ms.
			for (const [i, file] of files.entries()) {
				appendFileSync(file, toolUseLine(`g${i}`, 'Grep', {pattern: `step${n}`}));
			}
			n++;
		}, 200);
		await sleep(1000);
		const busy = await cpuOver(app, seconds);
		clearInterval(writer);
		await app.stop();
		lines.push(
			`transcripts: 8 active agents over ${seconds} s`,
			`  transcripts silent            CPU ${quiet.cpu.toFixed(2)} %  RSS ${quiet.rss.toFixed(0)} MB`,
			`  each growing 10 lines/s       CPU ${busy.cpu.toFixed(2)} %  RSS ${busy.rss.toFixed(0)} MB`,
		);

		// 2. A 200 MB transcript.
		const big = path.join(subagents, 'agent-big.jsonl');
		const t0 = Date.now();
		const calls = generate(big, 'big', megabytes * 1024 * 1024);
		const size = statSync(big).size;
		lines.push(
			`transcripts: one ${(size / 1024 / 1024).toFixed(0)} MB transcript (${calls + 1} tool calls, generated in ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
		);
		const bigActivity = path.join(tmp, 'big-activity');
		writeAgent(path.join(bigActivity, SESSION), 'big', 'Huge', 'active', {transcriptPath: big, cwd: '/home/dev/acme'});
		const bigApp = startInPty('', env(bigActivity), {columns: 120, rows: 40});
		const firstFrame = await bigApp.waitFor('Huge');
		const cardTail = await bigApp.waitFor('Grep TAIL_MARKER');
		const from = bigApp.length;
		const pressed = Date.now();
		bigApp.child.stdin.write('\r');
		await bigApp.waitFor('tool calls', from);
		const detail = Date.now() - pressed;
		// Progress is shown while the history streams in; a key is answered meanwhile.
		let progressSeen = false;
		let keyMs;
		try {
			await bigApp.waitFor('reading earlier lines', from, 5000);
			progressSeen = true;
			const keyFrom = bigApp.length;
			const keyAt = Date.now();
			bigApp.child.stdin.write('?');
			await bigApp.waitFor('this help', keyFrom, 10_000);
			keyMs = Date.now() - keyAt;
			// Close the help (back to the list), then open the detail pane again.
			bigApp.child.stdin.write('?');
			await sleep(100);
			bigApp.child.stdin.write('\r');
		} catch {
			// The history was read before the progress could be seen.
		}
		const total = `${calls + 1} calls`;
		const historyDone = await bigApp.waitFor(total, from, 120_000);
		const rss = rssMb(bigApp.nodePid());
		await bigApp.stop();
		lines.push(
			`  first frame                   ${fmt(firstFrame)} after start`,
			`  card shows the recent part    ${fmt(cardTail)} after start (${fmt(cardTail - firstFrame)} after the first frame; target < 300 ms)`,
			`  detail pane after Enter       ${fmt(detail)} (target < 300 ms)`,
			`  progress visible while read   ${progressSeen ? 'yes' : 'no (done before it could be seen)'}${keyMs === undefined ? '' : `; a key (?) answered in ${fmt(keyMs)} meanwhile`}`,
			`  full history streamed in      ${fmt(historyDone)} after start; RSS then ${rss.toFixed(0)} MB`,
		);
		ok &&= cardTail - firstFrame < 300 && detail < 300;
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
