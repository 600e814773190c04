// `agentlog ls --json` over 1,000 agents with transcripts vs over 1,000 without: the cost of
// reading every transcript once (the one-shot reader) as a ratio. Both folders are generated in
// a temp folder; the transcripts are small, shaped like real ones (prompt, tool calls, results,
// an ended turn), under <claude>/projects/ where ls may open them.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';

const cli = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

function transcriptLines(id, at) {
	const common = {isSidechain: true, agentId: id, sessionId: SESSION, cwd: '/home/u/shop', version: '2.1.90', timestamp: at};
	const lines = [{...common, type: 'user', message: {role: 'user', content: `Review module ${id}.`}}];
	for (let i = 0; i < 10; i++) {
		lines.push({
			...common,
			type: 'assistant',
			message: {
				id: `msg_${id}_${i}`,
				model: 'claude-sonnet-4-5',
				role: 'assistant',
				content: [
					{type: 'tool_use', id: `toolu_${id}_${i}`, name: i % 2 ? 'Read' : 'Grep', input: {file_path: `/home/u/shop/src/f${i}.ts`, pattern: 'router'}},
				],
				usage: {input_tokens: 3, output_tokens: 40, cache_read_input_tokens: 9000},
			},
		});
		lines.push({...common, type: 'user', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `toolu_${id}_${i}`, content: 'x'.repeat(400)}]}});
	}
	lines.push({
		...common,
		type: 'assistant',
		message: {
			id: `msg_${id}_end`,
			model: 'claude-sonnet-4-5',
			role: 'assistant',
			stop_reason: 'end_turn',
			content: [{type: 'text', text: 'Let me compile a report:\n\n## Module is clean\n\nNothing to fix.'}],
			usage: {input_tokens: 3, output_tokens: 80},
		},
	});
	return `${lines.map(l => JSON.stringify(l)).join('\n')}\n`;
}

function generate(root, withTranscripts) {
	const claude = path.join(root, '.claude');
	const activity = path.join(claude, 'agent-activity');
	const session = path.join(activity, SESSION);
	const subagents = path.join(claude, 'projects', '-home-u-shop', SESSION, 'subagents');
	mkdirSync(session, {recursive: true});
	mkdirSync(subagents, {recursive: true});
	const t0 = Date.now() - 3_600_000;
	for (let i = 0; i < 1000; i++) {
		const id = `a${i.toString(16).padStart(16, '0')}`;
		const at = new Date(t0 + i * 1000).toISOString();
		const transcriptPath = path.join(subagents, `agent-${id}.jsonl`);
		if (withTranscripts) {
			writeFileSync(transcriptPath, transcriptLines(id, at));
		}
		writeFileSync(
			path.join(session, `${id}.json`),
			JSON.stringify({
				agentId: id,
				type: `worker-${i % 7}`,
				status: 'stopped',
				startedAt: at,
				updatedAt: at,
				stoppedAt: at,
				lastMessage: 'Done.',
				sessionId: SESSION,
				...(withTranscripts ? {transcriptPath} : {}),
			}),
		);
	}
	return {claude, activity, home: root};
}

export async function runLsBench({rounds = 5} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-ls-'));
	const lines = [];
	try {
		const plain = generate(path.join(tmp, 'plain'), false);
		const full = generate(path.join(tmp, 'full'), true);
		const envOf = f => cleanEnv({HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity});
		const time = f => {
			const samples = [];
			for (let i = 0; i < rounds; i++) {
				// Output to /dev/null: the JSON of 1,000 agents with their tool calls is megabytes.
				const t0 = process.hrtime.bigint();
				const r = spawnSync(process.execPath, [cli, 'ls', '--json', '--all'], {env: envOf(f), stdio: ['ignore', 'ignore', 'pipe']});
				if (r.status !== 0) {
					throw new Error(`ls --json exited ${r.status}: ${r.stderr}`);
				}
				samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
			}
			return summary(samples).median;
		};
		const without = time(plain);
		const withT = time(full);
		lines.push(
			'ls --json: 1,000 agents with transcripts vs 1,000 without',
			`  without transcripts  median ${fmt(without)}`,
			`  with transcripts     median ${fmt(withT)}   (${ratio(withT, without)})`,
		);
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok: true};
}
