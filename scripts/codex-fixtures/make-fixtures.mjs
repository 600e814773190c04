#!/usr/bin/env node
// Makes the Codex CLI fixtures in test/fixtures/codex/ with the real, pinned Codex CLI (issue 16,
// docs/codex-rollouts.md#making-fixtures). Not part of `npm test`: the tests read the committed files and never install Codex.
//
//   node scripts/codex-fixtures/make-fixtures.mjs            # every scenario
//   node scripts/codex-fixtures/make-fixtures.mjs v1 v2      # only these
//   node scripts/codex-fixtures/make-fixtures.mjs --keep     # keep the temp folder (requests.jsonl, logs)
//
// What it does, in a temp folder it creates (and removes unless --keep):
// 1. `npm install @openai/codex@<CODEX_VERSION>` there (~400 MB; the binary comes from the npm registry as
//    the platform package, no install script). Never into the repository, never a dependency.
// 2. For each scenario: a loopback HTTP server (127.0.0.1, random port) that speaks the OpenAI Responses
//    API as server-sent events (response.created, response.output_item.done, response.completed with
//    usage), scripted per thread: it tells the root thread from each child by the `thread-id` header and by
//    a marker in the task text ([fixture:<name>]) or the task path (x-codex-turn-metadata.agent_name).
//    A fresh CODEX_HOME with config.toml pointing a model provider at it, and hooks.json with a command
//    hook on every event that appends its stdin payload as one JSON line to hook-payloads.jsonl.
//    Hooks run through `--dangerously-bypass-hook-trust` (a throwaway CODEX_HOME; nothing is approved in
//    config.toml). Then `codex exec --skip-git-repo-check "<prompt>"`.
// 3. Copies CODEX_HOME/sessions/** (the rollouts, as Codex wrote them) and hook-payloads.jsonl into
//    test/fixtures/codex/<scenario>/, replacing what was there.
//
// The model is `gpt-5.5` from Codex's bundled catalog: it gets the classic tool list (function tools,
// multi-agent v1 deferred behind `tool_search`), as a user of that model would. `multi_agent_v2 = true`
// switches a run to the v2 `collaboration` tools. One scenario uses 0.169's default model, `gpt-6.1-sol`
// (v2 and code mode: tools in an `additional_tools` input item, shell commands through the JS `exec` tool).
// The run stays on loopback: update check, analytics, web search, plugin and app sync are switched off.
// Each scenario must produce its expected threads, each driven by its script; otherwise the script throws
// and test/fixtures/codex/ is left as it was. test/fixtures/codex/README.md describes the formats seen.
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {npmInstallInto, PAYLOAD_HOOK_SOURCE} from '../fixture-tools.mjs';

/** The one place the Codex version is pinned (tests may import it: importing runs nothing). */
export const CODEX_VERSION = '0.169.0';
const MODEL = 'gpt-5.5';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outRoot = path.join(repoRoot, 'test/fixtures/codex');

const HOOK_EVENTS = [
	'SessionStart',
	'SessionEnd',
	'UserPromptSubmit',
	'PreModelRequest',
	'PostModelRequest',
	'PreToolUse',
	'PermissionRequest',
	'PostToolUse',
	'PreCompact',
	'PostCompact',
	'SubagentStart',
	'SubagentStop',
	'Stop',
	'Interrupt',
];

// ---------------------------------------------------------------------------------------------------
// Response items the fake model sends.

let seq = 0;
const nextId = prefix => `${prefix}_fixture_${String(++seq).padStart(4, '0')}`;

const message = text => ({type: 'message', role: 'assistant', id: nextId('msg'), status: 'completed', content: [{type: 'output_text', text, annotations: []}]});
const fnCall = (name, args, namespace) => ({
	type: 'function_call',
	id: nextId('fc'),
	call_id: nextId('call'),
	name,
	...(namespace ? {namespace} : {}),
	arguments: JSON.stringify(args),
	status: 'completed',
});
const customCall = (name, input, namespace) => ({
	type: 'custom_tool_call',
	id: nextId('ctc'),
	call_id: nextId('call'),
	name,
	...(namespace ? {namespace} : {}),
	input,
	status: 'completed',
});
const toolSearch = query => ({
	type: 'tool_search_call',
	id: nextId('ts'),
	call_id: nextId('call'),
	execution: 'client',
	status: 'completed',
	arguments: {query, limit: 8},
});

// ---------------------------------------------------------------------------------------------------
// Reading what Codex sent.

/** Every output of a tool call in the request's input, by call id. */
function outputs(input) {
	const byId = new Map();
	for (const item of input) {
		if (item && typeof item.call_id === 'string' && /_output$/.test(item.type ?? '')) byId.set(item.call_id, item);
	}
	return byId;
}

function outputText(item) {
	if (!item) return '';
	if (item.type === 'tool_search_output') return JSON.stringify(item.tools ?? []);
	const out = item.output;
	if (typeof out === 'string') return out;
	if (Array.isArray(out)) return out.map(part => part.text ?? '').join('');
	return JSON.stringify(out ?? item);
}

/** The calls this fake model made earlier in this thread, in order, with their outputs. */
function calls(input) {
	const outs = outputs(input);
	return input
		.filter(item => item && ['function_call', 'custom_tool_call', 'tool_search_call'].includes(item.type))
		.map(item => ({name: item.name ?? item.type, call: item, output: outputText(outs.get(item.call_id))}));
}

/** The agent id in a spawn_agent output (v1: JSON with agent_id or id). */
function spawnedId(output) {
	try {
		const parsed = JSON.parse(output);
		return parsed.agent_id ?? parsed.id ?? parsed.thread_id ?? parsed.agent?.id ?? null;
	} catch {
		const m = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(output);
		return m ? m[0] : null;
	}
}

// ---------------------------------------------------------------------------------------------------
// Scenarios. Each script maps (ctx) → the items of one model response, or 'stall' (never answer).
// ctx: n (this thread's request count, 0 first), done (earlier calls with outputs), sinceTask (the calls
// made since the latest task reached this thread), task (that task's text), finals (v2 FINAL_ANSWER
// mail received, by sender path).

const V1 = 'multi_agent_v1';
const V2 = 'collaboration';

/** A child that answers each task it gets with one shell command, then a report. */
const worker =
	(...turns) =>
	ctx => {
		const turn = turns.find(t => t.when.test(ctx.task)) ?? turns[0];
		if (ctx.sinceTask.length === 0) return [fnCall('exec_command', {cmd: turn.cmd, yield_time_ms: 1000})];
		return [message(turn.report)];
	};

/** A v1 parent: tool_search, spawn_agent with `spawn`, wait_agent, then `then` (or a final message). */
function v1Parent(spawnArgs, finalText, then = () => null) {
	return ctx => {
		const last = ctx.sinceTask.at(-1);
		const spawned = ctx.sinceTask.find(c => c.name === 'spawn_agent');
		const id = spawned && spawnedId(spawned.output);
		if (!last) return [toolSearch('spawn agent subagent')];
		if (last.name === 'tool_search_call' && !spawned) {
			if (!last.output.includes('spawn_agent')) return [message(`${finalText} (no spawn_agent tool here)`)];
			return [fnCall('spawn_agent', spawnArgs, V1)];
		}
		if (last.name === 'spawn_agent') return [fnCall('wait_agent', {targets: [id], timeout_ms: 60000}, V1)];
		return then(ctx, id) ?? [message(finalText)];
	};
}

const scenarios = {
	v1: {
		threads: 3,
		about:
			'Multi-agent v1 (the default for gpt-5.5). The root finds the v1 tools with tool_search, spawns an `explorer`, and waits. The explorer runs `ls -a`, finds the v1 tools itself, spawns a `worker` (depth 2, `[agents] max_depth = 2`), waits for it and reports. The worker runs `pwd` and reports. Everything finishes normally.',
		features: {},
		prompt: 'Use a subagent to look around this folder and report what is in it.',
		scripts: {
			root: v1Parent(
				{agent_type: 'explorer', message: '[fixture:explorer] List the files in the working folder and report what they are.'},
				'The explorer looked around and reported back. Done.',
			),
			explorer(ctx) {
				if (ctx.sinceTask.length === 0) return [fnCall('exec_command', {cmd: 'ls -a', yield_time_ms: 1000})];
				const rest = {...ctx, sinceTask: ctx.sinceTask.slice(1)};
				return v1Parent(
					{agent_type: 'worker', message: '[fixture:worker] Print the working directory and say what it is.'},
					'Explorer report: the folder holds a README, and a nested worker confirmed the path.',
				)(rest);
			},
			worker: worker({when: /./, cmd: 'pwd', report: 'Worker report: the working directory is the fixture workspace.'}),
		},
	},
	v2: {
		threads: 3,
		about:
			'Multi-agent v2 (`[features] multi_agent_v2 = true`; the `collaboration` tools are offered directly, no tool_search). The root spawns `file_counter` with the default `fork_turns` (all: its rollout starts with a copy of the root\'s history) and `line_counter` with `fork_turns: "none"`, waits until both sent their FINAL_ANSWER, gives `line_counter` a second task with `followup_task`, waits again and finishes.',
		features: {multi_agent_v2: true},
		prompt: 'Use two subagents to count the files and lines in this folder.',
		scripts: {
			root(ctx) {
				const names = ctx.sinceTask.map(c => c.name);
				const waits = names.filter(n => n === 'wait_agent').length;
				if (!names.includes('spawn_agent'))
					return [
						fnCall(
							'spawn_agent',
							{task_name: 'file_counter', message: '[fixture:file_counter] Count the files in the working folder and report the number.'},
							V2,
						),
					];
				if (names.filter(n => n === 'spawn_agent').length === 1)
					return [
						fnCall(
							'spawn_agent',
							{task_name: 'line_counter', fork_turns: 'none', message: '[fixture:line_counter] Count the lines of the README and report the number.'},
							V2,
						),
					];
				const both = (ctx.finals['/root/file_counter'] ?? 0) >= 1 && (ctx.finals['/root/line_counter'] ?? 0) >= 1;
				if (!names.includes('followup_task')) {
					if (!both && waits < 6) return [fnCall('wait_agent', {timeout_ms: 30000}, V2)];
					return [fnCall('followup_task', {target: '/root/line_counter', message: 'Second task: now count the words of the README.'}, V2)];
				}
				if ((ctx.finals['/root/line_counter'] ?? 0) < 2 && waits < 10) return [fnCall('wait_agent', {timeout_ms: 30000}, V2)];
				return [message('Both counters reported back, the line counter twice. Done.')];
			},
			file_counter: worker({when: /./, cmd: 'ls -1 | wc -l', report: 'File counter report: the folder holds 1 file.'}),
			line_counter: worker(
				{when: /Second task/, cmd: 'wc -w README', report: 'Line counter, second report: the README has 7 words.'},
				{when: /./, cmd: 'wc -l README', report: 'Line counter report: the README has 1 line.'},
			),
		},
	},
	interrupted: {
		threads: 2,
		about:
			"Multi-agent v1. The root spawns a `worker` and runs `sleep 2` itself; the worker runs `echo starting`, then its next model request is never answered (the fake model stalls), so the worker is mid-turn when the root calls `close_agent` on it. The worker's turn ends with `turn_aborted` (reason `interrupted`); no SubagentStop hook fires for it. The root finishes normally.",
		features: {},
		prompt: 'Start a subagent on a long job, then stop it.',
		scripts: {
			root(ctx) {
				const last = ctx.sinceTask.at(-1);
				const spawned = ctx.sinceTask.find(c => c.name === 'spawn_agent');
				if (!last) return [toolSearch('spawn agent subagent')];
				if (last.name === 'tool_search_call')
					return [fnCall('spawn_agent', {agent_type: 'worker', message: '[fixture:slow] Run the long job in this folder.'}, V1)];
				if (last.name === 'spawn_agent') return [fnCall('exec_command', {cmd: 'sleep 2', yield_time_ms: 5000})];
				if (last.name === 'exec_command') return [fnCall('close_agent', {target: spawnedId(spawned.output)}, V1)];
				return [message('Stopped the worker before it finished.')];
			},
			slow: ctx => (ctx.sinceTask.length === 0 ? [fnCall('exec_command', {cmd: 'echo starting', yield_time_ms: 1000})] : 'stall'),
		},
	},
	'interrupted-v2': {
		threads: 2,
		about:
			'Multi-agent v2. The root spawns `long_job` (`fork_turns: "none"`) and runs `sleep 2`; `long_job` runs `echo starting` and then stalls (its model request is never answered), so it is mid-turn when the root calls `interrupt_agent`. Its turn ends with `turn_aborted`. The root finishes normally.',
		features: {multi_agent_v2: true},
		prompt: 'Start a subagent on a long job, then interrupt it.',
		scripts: {
			root(ctx) {
				const last = ctx.sinceTask.at(-1);
				if (!last)
					return [fnCall('spawn_agent', {task_name: 'long_job', fork_turns: 'none', message: '[fixture:long_job] Run the long job in this folder.'}, V2)];
				if (last.name === 'spawn_agent') return [fnCall('exec_command', {cmd: 'sleep 2', yield_time_ms: 5000})];
				if (last.name === 'exec_command') return [fnCall('interrupt_agent', {target: '/root/long_job'}, V2)];
				return [message('Interrupted the long job before it finished.')];
			},
			long_job: ctx => (ctx.sinceTask.length === 0 ? [fnCall('exec_command', {cmd: 'echo starting', yield_time_ms: 1000})] : 'stall'),
		},
	},
	'killed-v1': {
		threads: 2,
		about:
			"Multi-agent v1, the whole run stopped with SIGINT (as Ctrl-C would) while the root waits and its `worker` child is mid-turn (the child's second model request stalls). Shows what an interrupted run leaves behind: the rollouts end without task_complete.",
		features: {},
		prompt: 'Start a subagent on a long job and wait for it.',
		sigintOnStall: true,
		scripts: {
			root: v1Parent({agent_type: 'worker', message: '[fixture:stuck] Run the long job in this folder.'}, 'Done.'),
			stuck: ctx => (ctx.sinceTask.length === 0 ? [fnCall('exec_command', {cmd: 'echo starting', yield_time_ms: 1000})] : 'stall'),
		},
	},
	'v2-code-mode': {
		threads: 2,
		model: 'gpt-6.1-sol',
		about:
			'The default model of Codex 0.169 (`gpt-6.1-sol`, no `model` override by the user): its catalog entry selects multi-agent v2 and code mode (`tool_mode: code_mode_only`, Responses "lite": the tools arrive as an `additional_tools` input item, not in `tools`). The root calls `collaboration.spawn_agent` directly (task `lister`, `fork_turns: "none"`) and `wait_agent`; the child runs its shell command through the code-mode `exec` tool (a `custom_tool_call` with JavaScript that calls `tools.exec_command`) and reports.',
		features: {},
		prompt: 'Use a subagent to list this folder.',
		scripts: {
			root(ctx) {
				const names = ctx.sinceTask.map(c => c.name);
				if (!names.includes('spawn_agent'))
					return [fnCall('spawn_agent', {task_name: 'lister', fork_turns: 'none', message: '[fixture:lister] List the working folder and report.'}, V2)];
				if (!(ctx.finals['/root/lister'] >= 1) && names.filter(n => n === 'wait_agent').length < 6) return [fnCall('wait_agent', {timeout_ms: 30000}, V2)];
				return [message('The lister reported back. Done.')];
			},
			lister(ctx) {
				if (ctx.sinceTask.length === 0) return [customCall('exec', 'const out = await tools.exec_command({cmd: "ls -a", yield_time_ms: 1000});\ntext(out);\n')];
				return [message('Lister report: the folder holds a README.')];
			},
		},
	},
	'second-task': {
		threads: 2,
		about:
			'Multi-agent v1. The root spawns an `explorer`, waits for its first report, gives it a second task with `send_input`, waits again and finishes. The child rollout has two task_started/task_complete pairs (SubagentStart fires once, SubagentStop twice).',
		features: {},
		prompt: 'Use a subagent to look at this folder, then ask it one more question.',
		scripts: {
			root: v1Parent(
				{agent_type: 'explorer', message: '[fixture:helper] List the files in the working folder.'},
				'The helper answered both tasks. Done.',
				(ctx, id) => {
					const last = ctx.sinceTask.at(-1);
					const sent = ctx.sinceTask.some(c => c.name === 'send_input');
					if (!sent) return [fnCall('send_input', {target: id, message: 'Second task: now print the working directory.'}, V1)];
					if (last.name === 'send_input') return [fnCall('wait_agent', {targets: [id], timeout_ms: 60000}, V1)];
					return null;
				},
			),
			helper: worker(
				{when: /Second task/, cmd: 'pwd', report: 'Second report: the working directory is the fixture workspace.'},
				{when: /./, cmd: 'ls -a', report: 'First report: the folder holds a README.'},
			),
		},
	},
};

// ---------------------------------------------------------------------------------------------------
// The fake Responses API.

const contentText = item =>
	Array.isArray(item.content) ? item.content.map(part => part.text ?? part.encrypted_content ?? '').join('') : String(item.content ?? '');

/** Where the latest task for this thread starts: a user message (v1 task, send_input) or v2 task mail. */
function latestTask(input) {
	for (let i = input.length - 1; i >= 0; i--) {
		const item = input[i];
		if (item?.type === 'message' && item.role === 'user') {
			const text = contentText(item);
			if (!text.startsWith('<')) return {index: i, text};
		}
		if (item?.type === 'agent_message') {
			const text = contentText(item);
			if (/Message Type: (NEW_TASK|FOLLOWUP_TASK|[A-Z_]*TASK)/.test(text) || !/Message Type:/.test(text)) return {index: i, text};
		}
	}
	return {index: 0, text: ''};
}

/** v2 FINAL_ANSWER mail this thread received, counted by sender. */
function finals(input) {
	const bySender = {};
	for (const item of input) {
		if (item?.type !== 'agent_message') continue;
		const text = contentText(item);
		if (/Message Type: FINAL_ANSWER/.test(text)) bySender[item.author ?? 'unknown'] = (bySender[item.author ?? 'unknown'] ?? 0) + 1;
	}
	return bySender;
}

function startServer(scenario, logFile, onStall = () => {}) {
	const log = fs.createWriteStream(logFile);
	const roles = new Map(); // thread id -> script name
	const counts = new Map();
	const stalled = new Set();
	let rootThread = null;
	const server = http.createServer((req, res) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', chunk => (body += chunk));
		req.on('end', () => {
			let meta = {};
			try {
				meta = JSON.parse(req.headers['x-codex-turn-metadata'] ?? '{}');
			} catch {
				/* not JSON */
			}
			const thread = req.headers['thread-id'] ?? meta.thread_id ?? 'unknown';
			if (!req.url.endsWith('/responses')) {
				log.write(JSON.stringify({url: req.url, method: req.method, thread, status: 404}) + '\n');
				res.writeHead(404, {'content-type': 'application/json'});
				res.end('{"error":{"message":"not here"}}');
				return;
			}
			const request = JSON.parse(body);
			const input = request.input ?? [];
			const task = latestTask(input);
			if (!roles.has(thread)) {
				let role = null;
				if (!rootThread && meta.thread_source === 'user') role = 'root';
				const tail = typeof meta.agent_name === 'string' && meta.agent_name !== '/root' ? meta.agent_name.split('/').at(-1) : null;
				if (!role && tail && scenario.scripts[tail]) role = tail;
				if (!role) role = /\[fixture:([a-z_]+)\]/.exec(task.text)?.[1] ?? null;
				if (role === 'root') rootThread = thread;
				roles.set(thread, role);
			}
			const role = roles.get(thread);
			const n = counts.get(thread) ?? 0;
			counts.set(thread, n + 1);
			if (n === 0) fs.writeFileSync(path.join(path.dirname(logFile), `request-${thread}-0.json`), body);
			const ctx = {n, input, meta, task: task.text, done: calls(input), sinceTask: calls(input.slice(task.index)), finals: finals(input)};
			const script = role && scenario.scripts[role];
			const items = script ? script(ctx) : [message(`(no script for this thread: ${meta.agent_name ?? thread})`)];
			log.write(
				JSON.stringify({
					url: req.url,
					thread,
					role,
					n,
					meta,
					tools: (request.tools ?? []).map(t => (t.type === 'namespace' ? `${t.name}:{${t.tools.map(x => x.name).join(',')}}` : (t.name ?? t.type))),
					input: input.map(item => ({...item, ...(item.type === 'message' ? {content: JSON.stringify(item.content).slice(0, 400)} : {})})),
					reply: items,
				}) + '\n',
			);
			res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
			const send = event => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
			const responseId = nextId('resp');
			send({type: 'response.created', response: {id: responseId}});
			if (items === 'stall') {
				// Never answer: the turn stays in flight until Codex aborts it (the client closes the stream).
				stalled.add(res);
				onStall();
				res.on('close', () => stalled.delete(res));
				return;
			}
			items.forEach((item, index) => send({type: 'response.output_item.done', output_index: index, item}));
			const inputTokens = 1000 + Math.round(body.length / 40);
			const outputTokens = 20 + 10 * items.length;
			send({
				type: 'response.completed',
				response: {
					id: responseId,
					usage: {
						input_tokens: inputTokens,
						input_tokens_details: {cached_tokens: n > 0 ? 512 : 0},
						output_tokens: outputTokens,
						output_tokens_details: {reasoning_tokens: 0},
						total_tokens: inputTokens + outputTokens,
					},
				},
			});
			res.end();
		});
	});
	return new Promise(resolve => {
		server.listen(0, '127.0.0.1', () =>
			resolve({
				port: server.address().port,
				roles,
				close: async () => {
					for (const res of stalled) res.destroy();
					server.closeAllConnections?.();
					await new Promise(r => server.close(r));
					log.end();
				},
			}),
		);
	});
}

// ---------------------------------------------------------------------------------------------------
// Running Codex.

function toml(value) {
	return JSON.stringify(value);
}

function writeCodexHome(home, {port, model, features, hookScript, payloadFile}) {
	fs.mkdirSync(home, {recursive: true});
	const lines = [
		`model = ${toml(model)}`,
		'model_provider = "fixture"',
		// Nothing but the loopback server: no update check, analytics, web search, plugin or app sync.
		'check_for_update_on_startup = false',
		'web_search = "disabled"',
		'',
		'[analytics]',
		'enabled = false',
		'',
		'[feedback]',
		'enabled = false',
		'',
		'[model_providers.fixture]',
		'name = "fixture"',
		`base_url = ${toml(`http://127.0.0.1:${port}/v1`)}`,
		'wire_api = "responses"',
		'requires_openai_auth = false',
		'request_max_retries = 0',
		'stream_max_retries = 0',
		'',
		'[features]',
		'plugins = false',
		'remote_plugin = false',
		'apps = false',
		'in_app_updates = false',
		...Object.entries(features).map(([k, v]) => `${k} = ${toml(v)}`),
		'',
		'[agents]',
		'max_depth = 2',
		'',
	];
	fs.writeFileSync(path.join(home, 'config.toml'), lines.join('\n'));
	const command = [process.execPath, hookScript, payloadFile].map(arg => JSON.stringify(arg)).join(' ');
	const hooks = {};
	for (const event of HOOK_EVENTS) hooks[event] = [{hooks: [{type: 'command', command, timeout: 10}]}];
	fs.writeFileSync(path.join(home, 'hooks.json'), JSON.stringify({hooks}, null, 2) + '\n');
}

function installCodex(dir) {
	npmInstallInto(dir, `@openai/codex@${CODEX_VERSION}`);
	const bin = path.join(dir, 'node_modules/.bin/codex');
	const version = spawnSync(bin, ['--version'], {encoding: 'utf8'}).stdout.trim();
	if (!version.includes(CODEX_VERSION)) throw new Error(`installed codex says ${JSON.stringify(version)}, expected ${CODEX_VERSION}`);
	return bin;
}

async function runScenario(name, scenario, {bin, work}) {
	const dir = path.join(work, name);
	const home = path.join(dir, 'codex-home');
	const workspace = path.join(dir, 'workspace');
	const payloadFile = path.join(dir, 'hook-payloads.jsonl');
	const hookScript = path.join(work, 'hook.cjs');
	fs.mkdirSync(workspace, {recursive: true});
	fs.writeFileSync(path.join(workspace, 'README'), 'A folder for the Codex fixture run.\n');
	let child = null;
	const server = await startServer(scenario, path.join(dir, 'requests.jsonl'), () => {
		if (scenario.sigintOnStall) setTimeout(() => child?.kill('SIGINT'), 1000);
	});
	writeCodexHome(home, {port: server.port, model: scenario.model ?? MODEL, features: scenario.features, hookScript, payloadFile});
	const args = ['exec', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', '--color', 'never', scenario.prompt];
	console.log(`[${name}] codex ${args.join(' ')}`);
	child = spawn(bin, args, {
		cwd: workspace,
		env: {...process.env, CODEX_HOME: home, HOME: path.join(dir, 'home'), NO_COLOR: '1', RUST_LOG: 'warn'},
		stdio: ['ignore', fs.openSync(path.join(dir, 'stdout.txt'), 'w'), fs.openSync(path.join(dir, 'stderr.txt'), 'w')],
	});
	const timer = setTimeout(() => child.kill('SIGINT'), 120_000);
	const [code, signal] = await once(child, 'exit');
	clearTimeout(timer);
	await server.close();
	console.log(`[${name}] codex exited ${code ?? signal}; threads: ${JSON.stringify(Object.fromEntries(server.roles))}`);
	const stderr = () => fs.readFileSync(path.join(dir, 'stderr.txt'), 'utf8').slice(-3000);
	if (code !== 0 && !scenario.sigintOnStall) throw new Error(`[${name}] codex exited ${code ?? signal}:\n${stderr()}`);
	const rollouts = fs.readdirSync(path.join(home, 'sessions'), {recursive: true}).filter(f => /rollout-.*\.jsonl$/.test(f));
	const unknown = [...server.roles].filter(([, role]) => !role);
	if (rollouts.length !== scenario.threads || unknown.length)
		throw new Error(`[${name}] expected ${scenario.threads} threads with scripts, got ${rollouts.length} rollouts; unscripted: ${JSON.stringify(unknown)}`);
	return {home, payloadFile, exit: code ?? signal, roles: Object.fromEntries(server.roles)};
}

/** The first line of a rollout, parsed (it is one JSON object of ~22 KB). */
function sessionMeta(file) {
	const text = fs.readFileSync(file, 'utf8');
	return JSON.parse(text.slice(0, text.indexOf('\n'))).payload;
}

function copyResults(name, scenario, {home, payloadFile, exit, roles}) {
	const dest = path.join(outRoot, name);
	fs.rmSync(dest, {recursive: true, force: true});
	fs.mkdirSync(dest, {recursive: true});
	fs.cpSync(path.join(home, 'sessions'), path.join(dest, 'sessions'), {recursive: true});
	if (fs.existsSync(payloadFile)) fs.copyFileSync(payloadFile, path.join(dest, 'hook-payloads.jsonl'));
	const threads = [];
	for (const file of fs.readdirSync(dest, {recursive: true}).sort()) {
		const full = path.join(dest, file);
		if (!fs.statSync(full).isFile()) continue;
		const size = fs.statSync(full).size;
		console.log(`  ${path.relative(repoRoot, full)} ${size} bytes${size > 200_000 ? '  (over 200 KB)' : ''}`);
		if (!/rollout-.*\.jsonl$/.test(file)) continue;
		const meta = sessionMeta(full);
		const spawn = meta.source?.subagent?.thread_spawn ?? null;
		threads.push({
			script: roles[meta.id] ?? null,
			id: meta.id,
			file: file.split(path.sep).join('/'),
			bytes: size,
			parent: meta.parent_thread_id ?? null,
			depth: spawn?.depth ?? 0,
			nickname: meta.agent_nickname ?? null,
			role: meta.agent_role ?? null,
			path: meta.agent_path ?? null,
		});
	}
	threads.sort((a, b) => a.depth - b.depth || a.id.localeCompare(b.id));
	return {
		about: scenario.about,
		model: scenario.model ?? MODEL,
		prompt: scenario.prompt,
		features: scenario.features,
		exit,
		root: threads.find(t => t.depth === 0)?.id ?? null,
		threads,
	};
}

/** manifest.json (read by tests) and the generated part of README.md. */
function writeManifest(results) {
	const file = path.join(outRoot, 'manifest.json');
	const old = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {scenarios: {}};
	const manifest = {
		codexVersion: CODEX_VERSION,
		model: MODEL,
		command: 'node scripts/codex-fixtures/make-fixtures.mjs',
		scenarios: {...old.scenarios, ...results},
	};
	for (const [name, result] of Object.entries(results)) manifest.scenarios[name] = {generated: new Date().toISOString().slice(0, 10), ...result};
	fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
	const readme = path.join(outRoot, 'README.md');
	if (!fs.existsSync(readme)) return;
	const rows = Object.entries(manifest.scenarios).flatMap(([name, sc]) => [
		``,
		`### ${name} (generated ${sc.generated}, codex exited ${sc.exit})`,
		``,
		sc.about,
		``,
		`| thread | script | depth | parent | nickname | agent_role | agent_path | file |`,
		`| --- | --- | --- | --- | --- | --- | --- | --- |`,
		...sc.threads.map(
			t =>
				`| \`${t.id}\` | ${t.script} | ${t.depth} | ${t.parent ? `\`…${t.parent.slice(-6)}\`` : '-'} | ${t.nickname ?? '-'} | ${t.role ?? '-'} | ${t.path ?? '-'} | \`${t.file.replace(/^sessions\/\d+\/\d+\/\d+\//, '…/')}\` (${Math.round(t.bytes / 1024)} KB) |`,
		),
	]);
	const text = fs.readFileSync(readme, 'utf8');
	const start = '<!-- generated by make-fixtures.mjs: start -->';
	const end = '<!-- generated by make-fixtures.mjs: end -->';
	if (!text.includes(start) || !text.includes(end)) return;
	fs.writeFileSync(readme, text.slice(0, text.indexOf(start) + start.length) + '\n' + rows.join('\n') + '\n\n' + text.slice(text.indexOf(end)));
}

async function main() {
	const argv = process.argv.slice(2);
	const keep = argv.includes('--keep');
	const wanted = argv.filter(a => !a.startsWith('--'));
	for (const w of wanted) if (!scenarios[w]) throw new Error(`unknown scenario ${w}; known: ${Object.keys(scenarios).join(', ')}`);
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'codex-fixtures-'));
	console.log(`work folder: ${work}`);
	try {
		const bin = installCodex(path.join(work, 'pkg'));
		fs.writeFileSync(path.join(work, 'hook.cjs'), PAYLOAD_HOOK_SOURCE);
		const runs = {};
		for (const [name, scenario] of Object.entries(scenarios)) {
			if (wanted.length && !wanted.includes(name)) continue;
			runs[name] = {scenario, result: await runScenario(name, scenario, {bin, work})};
		}
		// Only when every wanted scenario ran as scripted: replace the committed files.
		const results = {};
		for (const [name, {scenario, result}] of Object.entries(runs)) results[name] = copyResults(name, scenario, result);
		writeManifest(results);
	} finally {
		if (keep) console.log(`kept ${work}`);
		else fs.rmSync(work, {recursive: true, force: true});
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
