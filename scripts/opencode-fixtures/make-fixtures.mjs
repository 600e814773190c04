#!/usr/bin/env node
// Makes the opencode fixtures in test/fixtures/opencode/ with the real, pinned opencode (npm
// `opencode-ai`, whose platform package ships the binary). Not part of `npm test`: the tests read
// the committed files and never install opencode.
//
//   node scripts/opencode-fixtures/make-fixtures.mjs                  # every scenario
//   node scripts/opencode-fixtures/make-fixtures.mjs parallel cut     # only these
//   node scripts/opencode-fixtures/make-fixtures.mjs --pkg=/tmp/oc    # install there once, reuse it
//
// Each scenario runs `opencode run --model stub/m --format json "<prompt>"` in `env -i` with HOME,
// XDG folders and TMPDIR under /tmp/agentlog-opencode-fixtures/<scenario>/, a workspace holding a
// README and an opencode.json whose one provider (`stub`, @ai-sdk/openai-compatible) points at a
// loopback stand-in for an OpenAI-compatible API (127.0.0.1). opencode installs that provider
// package from the npm registry into its cache on first use. The stand-in plays the model from a
// script per agent, found by the marker `[fixture:<name>]` in the agent's first user message (none:
// the main agent). What is copied: opencode's database as it was left (opencode.db and
// opencode.db-wal, never the -shm), stdout.jsonl (opencode's JSON events) and stand-in.jsonl (every
// request answered). `cut` also copies the database while its child waits on the model (`mid/`),
// then stops opencode with SIGINT.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {npmInstallInto} from '../fixture-tools.mjs';

/** The one place the opencode version is pinned (tests may import it: importing runs nothing). */
export const OPENCODE_VERSION = '1.18.33';
export const RUN_ROOT = '/tmp/agentlog-opencode-fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixturesRoot = path.join(repoRoot, 'test/fixtures/opencode');

/** Each agent's script: what it answers at its nth turn (n = assistant turns so far). */
const SCENARIOS = {
	parallel: {
		prompt: 'Look at this project with two helpers at once.',
		agents: {
			main: turn =>
				turn === 0
					? {
							tools: [
								{
									name: 'task',
									args: {description: 'List the files', prompt: '[fixture:lister] List the files here and say what they are.', subagent_type: 'general'},
								},
								{name: 'task', args: {description: 'Read the readme', prompt: '[fixture:reader] Read README and sum it up.', subagent_type: 'explore'}},
							],
						}
					: {text: 'Both helpers are done: the project has a README and a config.'},
			lister: turn =>
				turn === 0
					? {tools: [{name: 'bash', args: {command: 'ls', description: 'List the files'}}]}
					: turn === 1
						? {tools: [{name: 'glob', args: {pattern: '*'}}]}
						: {text: 'The folder holds **README** and `opencode.json`.'},
			reader: (turn, ws) => (turn === 0 ? {tools: [{name: 'read', args: {filePath: path.join(ws, 'README')}}]} : {text: 'README says: a fixture workspace.'}),
		},
	},
	failed: {
		prompt: 'Ask a helper something.',
		agents: {
			main: turn =>
				turn === 0
					? {tools: [{name: 'task', args: {description: 'Check the config', prompt: '[fixture:broken] Check opencode.json.', subagent_type: 'general'}}]}
					: {text: 'The helper failed; I stop here.'},
			broken: () => ({error: 400}),
		},
	},
	// Fifty subagents, ten at once in five rounds, each with one tool call (the bench's opencode
	// session). Fifty at once stalled opencode 1.18.33 here: 34 of the children's tool calls ended,
	// and none of them asked the model again within two minutes.
	fifty: {
		prompt: 'Fan out fifty helpers.',
		agents: {
			main: turn =>
				turn < 5
					? {
							tools: Array.from({length: 10}, (_, j) => {
								const i = turn * 10 + j;
								return {
									name: 'task',
									args: {
										description: `Check part ${i + 1}`,
										prompt: `[fixture:part${i + 1}] Check part ${i + 1} of the project.`,
										subagent_type: i % 2 === 0 ? 'general' : 'explore',
									},
								};
							}),
						}
					: {text: 'All fifty helpers are done.'},
			...Object.fromEntries(
				Array.from({length: 50}, (_, i) => [
					`part${i + 1}`,
					turn =>
						turn === 0
							? {tools: [{name: 'bash', args: {command: `echo part ${i + 1}`, description: `Look at part ${i + 1}`}}]}
							: {text: `Part ${i + 1} is fine.`},
				]),
			),
		},
	},
	cut: {
		prompt: 'Start a long helper.',
		agents: {
			main: turn =>
				turn === 0
					? {tools: [{name: 'task', args: {description: 'Scan everything', prompt: '[fixture:slow] Scan every file slowly.', subagent_type: 'general'}}]}
					: {text: 'unreached'},
			slow: turn => (turn === 0 ? {tools: [{name: 'bash', args: {command: 'echo scanning', description: 'Start the scan'}}]} : {hold: true}),
		},
		cutWhenHeld: true,
	},
};

function textOf(message) {
	if (typeof message?.content === 'string') return message.content;
	return (message?.content ?? []).map(c => c.text ?? '').join('');
}

function startStandIn(scenario, ws, logFile) {
	const log = fs.createWriteStream(logFile);
	let n = 0;
	let onHold;
	const held = new Promise(resolve => (onHold = resolve));
	const waiting = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', c => (body += c));
		req.on('end', () => {
			n++;
			let request;
			try {
				request = JSON.parse(body);
			} catch {
				res.writeHead(400).end('{}');
				return;
			}
			const messages = request.messages ?? [];
			const system = textOf(messages[0]);
			const firstUser = textOf(messages.find(m => m.role === 'user'));
			const agent = system.includes('title generator') ? 'title' : (/\[fixture:([a-z0-9-]+)\]/u.exec(firstUser)?.[1] ?? 'main');
			const turn = messages.filter(m => m.role === 'assistant').length;
			const script = agent === 'title' ? {text: `Fixture ${scenario.name}`} : (scenario.agents[agent]?.(turn, ws) ?? {text: 'unknown agent'});
			const usage = {prompt_tokens: 200 + 10 * turn + (body.length % 97), completion_tokens: 12 + 5 * turn, total_tokens: 0};
			usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
			log.write(`${JSON.stringify({n, agent, turn, model: request.model, bytes: body.length, script, usage})}\n`);
			if (script.error !== undefined) {
				res
					.writeHead(script.error, {'content-type': 'application/json'})
					.end(JSON.stringify({error: {message: 'fixture: this agent fails', type: 'invalid_request_error'}}));
				return;
			}
			if (script.hold) {
				waiting.push(res);
				onHold();
				return;
			}
			res.writeHead(200, {'content-type': 'text/event-stream'});
			const base = {id: `chatcmpl-fx${scenario.name}${n}`, object: 'chat.completion.chunk', created: 1, model: request.model};
			const send = (delta, finish = null, extra = {}) =>
				res.write(`data: ${JSON.stringify({...base, choices: [{index: 0, delta, finish_reason: finish}], ...extra})}\n\n`);
			if (script.tools) {
				send({
					role: 'assistant',
					content: null,
					tool_calls: script.tools.map((t, i) => ({
						index: i,
						id: `call_fx${scenario.name}${n}_${i}`,
						type: 'function',
						function: {name: t.name, arguments: JSON.stringify(t.args)},
					})),
				});
				send({}, 'tool_calls', {usage});
			} else {
				send({role: 'assistant', content: script.text});
				send({}, 'stop', {usage});
			}
			res.write('data: [DONE]\n\n');
			res.end();
		});
	});
	return new Promise(resolve => {
		server.listen(0, '127.0.0.1', () => {
			resolve({
				port: server.address().port,
				held,
				close: () =>
					new Promise(done => {
						for (const res of waiting) res.destroy();
						log.end();
						server.close(() => done());
						server.closeAllConnections?.();
					}),
			});
		});
	});
}

function copyDatabase(dataDir, to) {
	fs.mkdirSync(to, {recursive: true});
	for (const name of ['opencode.db', 'opencode.db-wal']) {
		const from = path.join(dataDir, name);
		if (fs.existsSync(from)) fs.copyFileSync(from, path.join(to, name));
	}
}

async function runScenario(name, bin) {
	const scenario = {name, ...SCENARIOS[name]};
	const root = path.join(RUN_ROOT, name);
	fs.rmSync(root, {recursive: true, force: true});
	const dirs = {home: path.join(root, 'home'), ws: path.join(root, 'workspace'), tmp: path.join(root, 'tmp')};
	for (const d of Object.values(dirs)) fs.mkdirSync(d, {recursive: true});
	fs.writeFileSync(path.join(dirs.ws, 'README'), 'A fixture workspace.\n');
	const out = path.join(fixturesRoot, name);
	fs.rmSync(out, {recursive: true, force: true});
	fs.mkdirSync(out, {recursive: true});
	const standIn = await startStandIn(scenario, dirs.ws, path.join(out, 'stand-in.jsonl'));
	fs.writeFileSync(
		path.join(dirs.ws, 'opencode.json'),
		`${JSON.stringify(
			{
				$schema: 'https://opencode.ai/config.json',
				provider: {
					stub: {
						npm: '@ai-sdk/openai-compatible',
						name: 'Stub',
						options: {baseURL: `http://127.0.0.1:${standIn.port}/v1`, apiKey: 'fixture-not-a-key'},
						models: {m: {name: 'm'}},
					},
				},
				autoupdate: false,
				share: 'disabled',
			},
			null,
			2,
		)}\n`,
	);
	const env = {PATH: process.env.PATH, HOME: dirs.home, TMPDIR: dirs.tmp, LANG: 'C.UTF-8', OPENCODE_DISABLE_AUTOUPDATE: '1'};
	const stdout = fs.openSync(path.join(out, 'stdout.jsonl'), 'w');
	const child = spawn(bin, ['run', '--model', 'stub/m', '--format', 'json', scenario.prompt], {cwd: dirs.ws, env, stdio: ['ignore', stdout, 'pipe']});
	let stderr = '';
	child.stderr.on('data', c => (stderr += c));
	const exited = new Promise(resolve => child.on('exit', (code, signal) => resolve({code, signal})));
	const dataDir = path.join(dirs.home, '.local/share/opencode');
	if (scenario.cutWhenHeld) {
		await Promise.race([standIn.held, exited]);
		// Let the held request's bookkeeping reach the database, then copy it as a monitor would see it.
		await new Promise(r => setTimeout(r, 1500));
		copyDatabase(dataDir, path.join(out, 'mid'));
		child.kill('SIGINT');
	}
	const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
	const end = await exited;
	clearTimeout(timer);
	fs.closeSync(stdout);
	await standIn.close();
	copyDatabase(dataDir, out);
	fs.writeFileSync(
		path.join(out, 'run.json'),
		`${JSON.stringify({opencode: OPENCODE_VERSION, prompt: scenario.prompt, exit: end, stderrTail: stderr.slice(-2000)}, null, 2)}\n`,
	);
	console.log(`${name}: exit ${JSON.stringify(end)}; ${fs.readFileSync(path.join(out, 'stand-in.jsonl'), 'utf8').trim().split('\n').length} requests`);
}

async function main() {
	const args = process.argv.slice(2);
	const pkg = args.find(a => a.startsWith('--pkg='))?.slice(6) ?? fs.mkdtempSync('/tmp/opencode-pkg-');
	const wanted = args.filter(a => !a.startsWith('--'));
	const names = wanted.length === 0 ? Object.keys(SCENARIOS) : wanted;
	for (const name of names) if (!(name in SCENARIOS)) throw new Error(`no scenario ${name}: ${Object.keys(SCENARIOS).join(', ')}`);
	const bin = path.join(pkg, 'node_modules', `opencode-${process.platform}-${process.arch}`, 'bin', 'opencode');
	if (!fs.existsSync(bin)) npmInstallInto(pkg, `opencode-ai@${OPENCODE_VERSION}`);
	for (const name of names) await runScenario(name, bin);
	fs.rmSync(RUN_ROOT, {recursive: true, force: true});
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await main();
}
