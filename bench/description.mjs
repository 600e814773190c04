// Description lookup in a long parent transcript: a generated 50 MB main-session transcript whose
// Agent call is at its very start (the case the old 2 MB tail read missed), read by the one-shot
// reader (`readAgentActivity`, what `ls` uses; the follower scans the same way in steps). Time of
// the lookup and peak RSS of the process, against the same lookup with an empty parent, each in a
// fresh Node process, median of several runs. Targets: ≤ 300 ms, ≤ 60 MB more than the empty one.
import {spawnSync} from 'node:child_process';
import {closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {cleanEnv, fmt, quantile, ratio} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const AGENT = 'a8c41f0e92b7d3a15';
const RUNS = 7;

const line = o => `${JSON.stringify(o)}\n`;
const common = {parentUuid: null, isSidechain: false, userType: 'external', cwd: '/home/dev/acme', sessionId: SESSION, version: '2.1.240', gitBranch: 'main'};

function call(id, description) {
	return line({
		...common,
		type: 'assistant',
		timestamp: new Date().toISOString(),
		message: {
			model: 'claude-opus-4-1',
			id: `msg_${id}`,
			role: 'assistant',
			content: [{type: 'tool_use', id, name: 'Agent', input: {description, prompt: 'Audit the payment code.', subagent_type: 'general-purpose'}}],
			stop_reason: 'tool_use',
			usage: {input_tokens: 3, output_tokens: 90},
		},
	});
}

function result(id, agentId) {
	const content = [{type: 'text', text: '## Payments\n\nAll good.'}];
	return line({
		...common,
		type: 'user',
		timestamp: new Date().toISOString(),
		message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content}]},
		toolUseResult: {status: 'completed', agentId, content, totalTokens: 77_000, totalToolUseCount: 41, totalDurationMs: 300_000},
	});
}

/** Main-agent work that is not about agents: Read calls with file contents, Bash calls. */
function filler(i) {
	const read = `toolu_r${i}`;
	const bash = `toolu_b${i}`;
	return (
		line({
			...common,
			type: 'assistant',
			timestamp: new Date().toISOString(),
			message: {
				model: 'claude-opus-4-1',
				id: `msg_r${i}`,
				role: 'assistant',
				content: [{type: 'tool_use', id: read, name: 'Read', input: {file_path: `/home/dev/acme/src/module-${i}.ts`}}],
				usage: {input_tokens: 3, output_tokens: 40},
			},
		}) +
		line({
			...common,
			type: 'user',
			timestamp: new Date().toISOString(),
			message: {
				role: 'user',
				content: [{type: 'tool_result', tool_use_id: read, content: 'export const x = 1; // a line of a file the main agent read\n'.repeat(40)}],
			},
		}) +
		line({
			...common,
			type: 'assistant',
			timestamp: new Date().toISOString(),
			message: {
				model: 'claude-opus-4-1',
				id: `msg_b${i}`,
				role: 'assistant',
				content: [{type: 'tool_use', id: bash, name: 'Bash', input: {command: `npm test -- ${i}`}}],
				usage: {input_tokens: 3, output_tokens: 20},
			},
		}) +
		line({
			...common,
			type: 'user',
			timestamp: new Date().toISOString(),
			message: {role: 'user', content: [{type: 'tool_result', tool_use_id: bash, content: 'ok'}]},
			toolUseResult: {stdout: 'ok', stderr: '', interrupted: false, isImage: false},
		})
	);
}

function writeParent(file, megabytes) {
	const fd = openSync(file, 'w');
	try {
		writeSync(fd, call('toolu_FIRST', 'Audit the payment code') + filler(0) + result('toolu_FIRST', AGENT));
		let written = 0;
		for (let i = 1; written < megabytes * 1024 * 1024;) {
			let chunk = '';
			for (let k = 0; k < 200; k++) {
				chunk += filler(i++);
			}
			written += writeSync(fd, chunk);
		}
	} finally {
		closeSync(fd);
	}
}

const CHILD = `
const [module, transcript, claudeDir] = process.argv.slice(1);
const {readAgentActivity} = await import(module);
const before = process.memoryUsage().rss;
const t0 = performance.now();
const state = readAgentActivity({agentId: '${AGENT}', transcriptPath: transcript}, {claudeDir});
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ms, maxRss: process.resourceUsage().maxRSS / 1024, before: before / 1024 / 1024, description: state.description ?? null, source: state.descriptionSource ?? null}));
`;

function runChild(module, transcript, claudeDir) {
	const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD, module, transcript, claudeDir], {env: cleanEnv(), encoding: 'utf8'});
	if (r.status !== 0) {
		throw new Error(`lookup child failed: ${r.stderr}`);
	}
	return JSON.parse(r.stdout);
}

export async function runDescriptionBench({megabytes = 50} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-description-'));
	const lines = [];
	let ok = true;
	try {
		const module = path.join(tmp, 'one-shot.mjs');
		await build({
			entryPoints: [path.join(root, 'src/store/transcripts/read-once.ts')],
			bundle: true,
			platform: 'node',
			format: 'esm',
			outfile: module,
			logLevel: 'error',
		});
		const claude = path.join(tmp, 'claude');
		const sessions = {};
		for (const [name, mb] of [
			['empty', 0],
			['big', megabytes],
		]) {
			const project = path.join(claude, 'projects', `-home-dev-${name}`);
			const subagents = path.join(project, SESSION, 'subagents');
			mkdirSync(subagents, {recursive: true});
			const parent = path.join(project, `${SESSION}.jsonl`);
			if (mb === 0) {
				writeFileSync(parent, '');
			} else {
				writeParent(parent, mb);
			}
			const transcript = path.join(subagents, `agent-${AGENT}.jsonl`);
			writeFileSync(
				transcript,
				line({
					...common,
					isSidechain: true,
					agentId: AGENT,
					type: 'user',
					timestamp: new Date().toISOString(),
					message: {role: 'user', content: 'Audit the payment code.'},
				}),
			);
			sessions[name] = transcript;
		}
		const measure = name => {
			const runs = Array.from({length: RUNS}, () => runChild(module, sessions[name], claude));
			return {
				ms: quantile(
					runs.map(r => r.ms),
					0.5,
				),
				rss: quantile(
					runs.map(r => r.maxRss),
					0.5,
				),
				description: runs[0].description,
				source: runs[0].source,
			};
		};
		const empty = measure('empty');
		const big = measure('big');
		const extra = big.rss - empty.rss;
		lines.push(
			`description: lookup in a ${megabytes} MB parent transcript, the Agent call at its start (one-shot reader, median of ${RUNS} fresh processes)`,
			`  empty parent                  ${fmt(empty.ms)}  peak RSS ${empty.rss.toFixed(0)} MB  (description: ${JSON.stringify(empty.description)} from ${empty.source})`,
			`  ${megabytes} MB parent                 ${fmt(big.ms)}  peak RSS ${big.rss.toFixed(0)} MB  (description: ${JSON.stringify(big.description)} from ${big.source})`,
			`  ratio                         time ${ratio(big.ms, empty.ms)}, +${extra.toFixed(0)} MB peak RSS (targets: ≤ 300 ms, ≤ 60 MB more)`,
		);
		ok = big.ms <= 300 && extra <= 60 && big.description === 'Audit the payment code';
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
