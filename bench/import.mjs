// agentlog import: throughput over ~1 GB of generated subagent transcripts (100 agents in 20
// sessions, ~10 MB each, in the shape of Claude Code's: per-block assistant lines sharing a
// message id and usage, tool calls, tool results of 2–40 KB, progress lines, a final message)
// against reading the same bytes with a plain line split (1 MiB chunks, decode, split on '\n'),
// both in a child process after a warm-up read (the page cache holds the files), with each
// child's peak RSS from its own process.resourceUsage() at exit. Then the second run, which
// finds everything up to date.
import {spawnSync} from 'node:child_process';
import {closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv} from './lib.mjs';

const CLI = path.resolve(import.meta.dirname, '..', 'bin', 'agentlog.js');
const SESSIONS = 20;
const AGENTS = 5;
const BYTES_PER_AGENT = 10 * 1024 * 1024;
const MB = 1024 * 1024;

function sessionId(i) {
	return `3f2c9a10-7b4e-4d21-9c55-${String(i).padStart(12, '0')}`;
}

function transcript(fd, sid, agentId) {
	const base = {isSidechain: true, userType: 'external', cwd: '/home/dev/acme', sessionId: sid, version: '2.1.120', gitBranch: 'main', agentId};
	let t = Date.parse('2026-03-01T10:00:00.000Z');
	const ts = () => new Date((t += 700)).toISOString();
	const write = obj => {
		const b = Buffer.from(`${JSON.stringify(obj)}\n`);
		writeSync(fd, b);
		return b.length;
	};
	let size = write({
		...base,
		parentUuid: null,
		type: 'user',
		message: {role: 'user', content: 'Find every route and its handler.'},
		uuid: 'u0',
		timestamp: ts(),
	});
	const usage = {input_tokens: 3, cache_creation_input_tokens: 1200, cache_read_input_tokens: 40_000, output_tokens: 180};
	for (let i = 0; size < BYTES_PER_AGENT; i++) {
		const id = `msg_${agentId}_${i}`;
		const model = 'claude-sonnet-4-5-20250929';
		size += write({
			...base,
			type: 'assistant',
			message: {model, id, role: 'assistant', content: [{type: 'text', text: `Looking at part ${i} of the code base now.`}], usage},
			uuid: `a${i}`,
			timestamp: ts(),
		});
		const tool =
			i % 3 === 0
				? {name: 'Edit', input: {file_path: `/home/dev/acme/src/f${i % 60}.ts`, old_string: 'a', new_string: 'b'}}
				: {name: 'Read', input: {file_path: `/home/dev/acme/src/f${i % 60}.ts`}};
		size += write({
			...base,
			type: 'assistant',
			message: {model, id, role: 'assistant', content: [{type: 'tool_use', id: `toolu_${i}`, ...tool}], stop_reason: 'tool_use', usage},
			uuid: `b${i}`,
			timestamp: ts(),
		});
		size += write({
			...base,
			type: 'progress',
			data: {type: 'hook_progress', hookEvent: 'PostToolUse'},
			parentToolUseID: `toolu_${i}`,
			timestamp: ts(),
			uuid: `p${i}`,
		});
		const result = `${'     1→export const x = 1;\n'.repeat(80 + ((i * 37) % 1400))}`;
		size += write({
			...base,
			type: 'user',
			message: {role: 'user', content: [{tool_use_id: `toolu_${i}`, type: 'tool_result', content: result}]},
			toolUseResult: {type: 'text'},
			uuid: `r${i}`,
			timestamp: ts(),
		});
	}
	write({
		...base,
		type: 'assistant',
		message: {
			model: 'claude-sonnet-4-5-20250929',
			id: `msg_${agentId}_end`,
			role: 'assistant',
			content: [{type: 'text', text: 'Found 42 routes.'}],
			stop_reason: 'end_turn',
			usage,
		},
		uuid: 'z',
		timestamp: ts(),
	});
}

function generate(claude) {
	let total = 0;
	for (let s = 0; s < SESSIONS; s++) {
		const sid = sessionId(s);
		const dir = path.join(claude, 'projects', '-home-dev-acme', sid, 'subagents');
		mkdirSync(dir, {recursive: true});
		for (let a = 0; a < AGENTS; a++) {
			const agentId = `a${String(s).padStart(3, '0')}${a}bench`;
			const file = path.join(dir, `agent-${agentId}.jsonl`);
			const fd = openSync(file, 'w');
			transcript(fd, sid, agentId);
			closeSync(fd);
			writeFileSync(path.join(dir, `agent-${agentId}.meta.json`), JSON.stringify({agentType: 'Explore', description: `Bench agent ${a}`}));
			total += statSync(file).size;
		}
	}
	return total;
}

const PLAIN_SPLIT = `
import {closeSync, openSync, readdirSync, readSync} from 'node:fs';
import path from 'node:path';
const root = process.argv[1];
const buf = Buffer.allocUnsafe(1024 * 1024);
const decoder = new TextDecoder();
let lines = 0;
for (const project of readdirSync(path.join(root, 'projects'))) {
	for (const session of readdirSync(path.join(root, 'projects', project))) {
		const dir = path.join(root, 'projects', project, session, 'subagents');
		for (const name of readdirSync(dir)) {
			if (!name.endsWith('.jsonl')) continue;
			const fd = openSync(path.join(dir, name), 'r');
			let carry = '';
			for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) {
				const parts = (carry + decoder.decode(buf.subarray(0, n), {stream: true})).split('\\n');
				carry = parts.pop();
				lines += parts.length;
			}
			closeSync(fd);
		}
	}
}
process.stdout.write(String(lines));
`;

function runChild(args, env, probe) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, ['--import', probe, ...args], {env, encoding: 'utf8', maxBuffer: 64 * MB});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
	}
	const m = /agentlog-bench-rss (\d+)/u.exec(r.stderr);
	return {ms, rssMb: m ? Number(m[1]) / 1024 : Number.NaN, stdout: r.stdout};
}

export async function runImportBench() {
	const root = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-import-'));
	try {
		const claude = path.join(root, 'claude');
		const probe = path.join(root, 'probe.mjs');
		writeFileSync(probe, "process.on('exit', () => { process.stderr.write(`agentlog-bench-rss ${process.resourceUsage().maxRSS}\\n`); });\n");
		const t0 = Date.now();
		const total = generate(claude);
		const genS = (Date.now() - t0) / 1000;
		const env = cleanEnv({HOME: root, CLAUDE_CONFIG_DIR: claude});
		const plainArgs = ['--input-type=module', '-e', PLAIN_SPLIT, claude];
		runChild(plainArgs, env, probe); // warm the page cache
		const plain = runChild(plainArgs, env, probe);
		const activity = path.join(root, 'activity');
		const first = runChild([CLI, 'import', '--json', '--dir', activity], env, probe);
		const summary = JSON.parse(first.stdout);
		const again = runChild([CLI, 'import', '--json', '--dir', activity], env, probe);
		const againSummary = JSON.parse(again.stdout);
		const mb = total / MB;
		const importRate = mb / (first.ms / 1000);
		const plainRate = mb / (plain.ms / 1000);
		const sessions = readdirSync(activity).length;
		const ok = summary.imported === SESSIONS * AGENTS && againSummary.imported === 0 && first.rssMb < 200;
		return {
			ok,
			lines: [
				`import: ${SESSIONS * AGENTS} generated transcripts, ${mb.toFixed(0)} MB in ${SESSIONS} sessions (made in ${genS.toFixed(1)} s)`,
				`  plain line split (1 MiB chunks):   ${plain.ms.toFixed(0)} ms = ${plainRate.toFixed(0)} MB/s, peak RSS ${plain.rssMb.toFixed(0)} MB`,
				`  agentlog import:                   ${first.ms.toFixed(0)} ms = ${importRate.toFixed(0)} MB/s, peak RSS ${first.rssMb.toFixed(0)} MB (${summary.imported} agents into ${sessions} session logs)`,
				`  import / plain split throughput:   ${(importRate / plainRate).toFixed(2)}× (plain split is ${(plainRate / importRate).toFixed(1)}× faster; import parses every line)`,
				`  second run (all up to date):       ${again.ms.toFixed(0)} ms, peak RSS ${again.rssMb.toFixed(0)} MB (${againSummary.upToDate} up to date)`,
				`  target: bounded memory (peak RSS < 200 MB whatever the total): ${first.rssMb < 200 ? 'yes' : 'NO'}`,
			],
		};
	} finally {
		rmSync(root, {recursive: true, force: true});
	}
}
