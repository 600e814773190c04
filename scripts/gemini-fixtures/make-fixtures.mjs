#!/usr/bin/env node
// Makes the Gemini CLI fixtures in test/fixtures/gemini/ with the real, pinned Gemini CLI. Not part of
// `npm test`: the tests read the committed files and never install Gemini CLI.
//
//   node scripts/gemini-fixtures/make-fixtures.mjs            # every scenario
//   node scripts/gemini-fixtures/make-fixtures.mjs tools cut  # only these
//   node scripts/gemini-fixtures/make-fixtures.mjs --keep     # keep the temp folder (requests.jsonl, logs)
//
// What it does, in a temp folder it creates (and removes unless --keep):
// 1. `npm install @google/gemini-cli@<GEMINI_VERSION>` there (one bundled package). Never into the
//    repository, never a dependency.
// 2. For each scenario: a loopback HTTP server (127.0.0.1, random port) that speaks the Gemini API
//    (`models/<m>:streamGenerateContent?alt=sse` and `:generateContent`), scripted per agent. It tells
//    the main agent (its tools hold `invoke_agent`) from a subagent (its tools hold `complete_task`),
//    and one subagent from another by a marker in its task ([fixture:<name>]). Calls that ask for JSON
//    (the model router, the next-speaker check) get a JSON object built from their schema.
//    A fresh home (HOME = GEMINI_CLI_HOME) with settings.json choosing the API-key auth (the gateway
//    auth that GOOGLE_GEMINI_BASE_URL selects is refused headless), telemetry and updates off. Then, in
//    `env -i`, `gemini -m <model> -p "<prompt>" --output-format stream-json --yolo` in a trusted workspace.
// 3. Copies home/.gemini/tmp/** (the session files, as Gemini CLI wrote them), projects.json and the
//    stream-json output into test/fixtures/gemini/<scenario>/, replacing what was there.
// Each scenario must produce its expected subagent files, each driven by its script; otherwise the script
// throws and test/fixtures/gemini/ is left as it was. test/fixtures/gemini/README.md describes the result.
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {npmInstallInto} from '../fixture-tools.mjs';

/** The one place the Gemini CLI version is pinned (tests may import it: importing runs nothing). */
export const GEMINI_VERSION = '0.61.0';
const MODEL = 'gemini-2.5-pro';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outRoot = path.join(repoRoot, 'test/fixtures/gemini');

// ---------------------------------------------------------------------------------------------------
// What the fake model sends: parts of one candidate.

const text = t => ({text: t});
const call = (name, args) => ({functionCall: {name, args}});
const invoke = (name, task) => call('invoke_agent', {agent_name: name, prompt: task});
/** The generalist's complete_task takes `{result: {response}}` (its output schema); a custom agent's takes `{result}`. */
const complete = (result, custom) => call('complete_task', {result: custom ? result : {response: result}});

/** The function responses Gemini CLI sent back so far in this conversation, in order. */
function responses(contents) {
	return contents.flatMap(c => (c.parts ?? []).filter(p => p.functionResponse).map(p => p.functionResponse));
}

/** A JSON value for a response schema (router, next-speaker check, loop check): the first enum value, else a plain value. */
function fromSchema(schema) {
	const type = String(schema?.type ?? '').toLowerCase();
	if (Array.isArray(schema?.enum) && schema.enum.length) return schema.enum.includes('user') ? 'user' : schema.enum[0];
	if (type === 'object') return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, fromSchema(v)]));
	if (type === 'array') return [];
	if (type === 'integer' || type === 'number') return 10;
	if (type === 'boolean') return false;
	return 'fixture';
}

// ---------------------------------------------------------------------------------------------------
// Scenarios. A script maps ctx (n = this agent's model turns so far, done = function responses it got)
// to the parts of one model turn, or 'error' (HTTP 400), or 'stall' (never answer).

/** A subagent that runs its tools one per turn, then completes with `report`. */
const child =
	(report, ...tools) =>
	ctx =>
		ctx.n < tools.length ? [tools[ctx.n]] : [complete(report)];
/** The same for a custom agent (from ~/.gemini/agents/*.md). */
const customChild =
	(report, ...tools) =>
	ctx =>
		ctx.n < tools.length ? [tools[ctx.n]] : [complete(report, true)];

const readNotes = call('read_file', {file_path: 'notes.txt'});
const listDir = call('list_directory', {dir_path: '.'});
const shell = (command, description) => call('run_shell_command', {command, description});

const scenarios = {
	tools: {
		about:
			'The main agent invokes two subagents one after the other: `reader` (built-in generalist) reads a file and runs a shell command, `lister` (a custom agent from ~/.gemini/agents/lister.md) lists the folder; each completes with a report, then the main agent answers.',
		prompt: 'Use subagents to look at this folder.',
		subagents: 2,
		scripts: {
			main: ctx =>
				ctx.n === 0
					? [text('I will ask a subagent to read the notes.'), invoke('generalist', '[fixture:reader] Read notes.txt and count its lines with wc.')]
					: ctx.n === 1
						? [invoke('lister', '[fixture:lister] List the files in this folder.')]
						: [text('Both subagents are done: notes.txt has three lines and the folder holds notes.txt.')],
			reader: child('notes.txt has 3 lines; the first is "alpha".', readNotes, shell('wc -l notes.txt', 'Count the lines')),
			lister: customChild('The folder holds notes.txt only.', listDir),
		},
	},
	fail: {
		about:
			'The main agent invokes `broken` (generalist); the stand-in answers its second model request with HTTP 400, so the subagent ends with an error; the main agent answers.',
		prompt: 'Use a subagent that fails.',
		subagents: 1,
		scripts: {
			main: ctx => (ctx.n === 0 ? [invoke('generalist', '[fixture:broken] Read notes.txt, then report.')] : [text('The subagent failed; nothing was done.')]),
			broken: ctx => (ctx.n === 0 ? [readNotes] : 'error'),
		},
	},
	parallel: {
		about: 'The main agent calls `invoke_agent` twice in one turn (`left` and `right`, both generalist); each runs one shell command and completes.',
		prompt: 'Run two subagents at once.',
		subagents: 2,
		scripts: {
			main: ctx =>
				ctx.n === 0
					? [invoke('generalist', '[fixture:left] Print the word left.'), invoke('generalist', '[fixture:right] Print the word right.')]
					: [text('Left and right are done.')],
			left: child('It printed left.', shell('echo left', 'Print left')),
			right: child('It printed right.', shell('sleep 1; echo right', 'Print right')),
		},
	},
	turns: {
		about:
			'The main agent invokes `looper` (a custom agent with max_turns: 2) that lists the folder on every turn, so it runs out of turns and gets one last grace turn, in which it completes.',
		prompt: 'Use a subagent that runs out of turns.',
		subagents: 1,
		scripts: {
			main: ctx => (ctx.n === 0 ? [invoke('looper', '[fixture:looper] Keep listing the folder.')] : [text('The looper ran out of turns.')]),
			looper: ctx => (ctx.n < 2 ? [listDir] : [complete('Interrupted: out of turns; the folder holds notes.txt.', true)]),
		},
	},
	cut: {
		about:
			'The main agent invokes `stuck` (generalist), which reads a file; its next model request is never answered, and the CLI is killed (SIGKILL) one second later.',
		prompt: 'Use a subagent that will be cut off.',
		subagents: 1,
		cut: true,
		scripts: {
			main: ctx => (ctx.n === 0 ? [invoke('generalist', '[fixture:stuck] Read notes.txt, then think for a long time.')] : [text('Done.')]),
			stuck: ctx => (ctx.n === 0 ? [readNotes] : 'stall'),
		},
	},
};

// ---------------------------------------------------------------------------------------------------
// The loopback stand-in.

function startServer(scenario, logFile, onStall) {
	const log = fs.createWriteStream(logFile);
	const stalled = new Set();
	const served = {};
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', c => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8');
			let body = {};
			try {
				body = JSON.parse(raw);
			} catch {
				// Not JSON (a GET): answered as a utility call.
			}
			const url = req.url ?? '';
			const tools = (body.tools ?? []).flatMap(t => (t.functionDeclarations ?? []).map(f => f.name));
			const contents = body.contents ?? [];
			const sse = url.includes('alt=sse');
			let role = 'utility';
			if (tools.includes('complete_task')) role = /\[fixture:([a-z]+)\]/.exec(raw)?.[1] ?? 'unknown-subagent';
			else if (tools.includes('invoke_agent')) role = 'main';
			let parts;
			if (url.includes(':countTokens')) {
				res.writeHead(200, {'content-type': 'application/json'});
				res.end(JSON.stringify({totalTokens: Math.round(raw.length / 4)}));
				log.write(JSON.stringify({url, role, reply: 'countTokens'}) + '\n');
				return;
			}
			const schema = body.generationConfig?.responseJsonSchema ?? body.generationConfig?.responseSchema;
			if (role === 'utility') parts = schema ? [text(JSON.stringify(fromSchema(schema)))] : [text('fixture')];
			else {
				const n = contents.filter(c => c.role === 'model').length;
				const script = scenario.scripts[role];
				parts = script ? script({n, done: responses(contents)}) : [text(`(no script for ${role})`)];
				(served[role] ??= []).push(parts);
			}
			log.write(JSON.stringify({url, role, tools, schema: Boolean(schema), contents: JSON.stringify(contents).slice(-600), reply: parts}) + '\n');
			if (parts === 'error') {
				res.writeHead(400, {'content-type': 'application/json'});
				res.end(JSON.stringify({error: {code: 400, message: 'fixture: the stand-in refuses this request', status: 'INVALID_ARGUMENT'}}));
				return;
			}
			if (parts === 'stall') {
				res.writeHead(200, {'content-type': 'text/event-stream'});
				res.flushHeaders();
				stalled.add(res);
				res.on('close', () => stalled.delete(res));
				onStall();
				return;
			}
			const promptTokens = 1000 + Math.round(raw.length / 40);
			const outputTokens = 10 + 7 * parts.length;
			const cached = contents.length > 2 ? 256 : 0;
			const chunk = {
				candidates: [{content: {role: 'model', parts}, finishReason: 'STOP', index: 0}],
				usageMetadata: {
					promptTokenCount: promptTokens,
					candidatesTokenCount: outputTokens,
					cachedContentTokenCount: cached,
					totalTokenCount: promptTokens + outputTokens,
				},
				modelVersion: MODEL,
			};
			if (sse) {
				res.writeHead(200, {'content-type': 'text/event-stream'});
				res.end(`data: ${JSON.stringify(chunk)}\n\n`);
			} else {
				res.writeHead(200, {'content-type': 'application/json'});
				res.end(JSON.stringify(chunk));
			}
		});
	});
	return new Promise(resolve => {
		server.listen(0, '127.0.0.1', () =>
			resolve({
				port: server.address().port,
				served,
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
// Running Gemini CLI.

function installGemini(dir) {
	npmInstallInto(dir, `@google/gemini-cli@${GEMINI_VERSION}`);
	const bin = path.join(dir, 'node_modules/@google/gemini-cli/bundle/gemini.js');
	const version = spawnSync(process.execPath, [bin, '--version'], {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: dir}}).stdout.trim();
	if (!version.includes(GEMINI_VERSION)) throw new Error(`installed gemini says ${JSON.stringify(version)}, expected ${GEMINI_VERSION}`);
	return bin;
}

/** Custom agents, as a user writes them (markdown with front matter), in ~/.gemini/agents/. */
const CUSTOM_AGENTS = {
	lister:
		'---\nname: lister\ndescription: Lists the files of a folder.\ntools:\n  - list_directory\nmax_turns: 5\n---\nYou list folders. Call complete_task with what you found.\n',
	looper:
		'---\nname: looper\ndescription: Lists the folder again and again.\ntools:\n  - list_directory\nmax_turns: 2\n---\nList the folder until you are told to stop.\n',
};

function writeHome(home) {
	fs.mkdirSync(path.join(home, '.gemini/agents'), {recursive: true});
	for (const [name, text] of Object.entries(CUSTOM_AGENTS)) fs.writeFileSync(path.join(home, `.gemini/agents/${name}.md`), text);
	const settings = {
		security: {auth: {selectedType: 'gemini-api-key'}},
		privacy: {usageStatisticsEnabled: false},
		telemetry: {enabled: false},
		general: {disableAutoUpdate: true, disableUpdateNag: true},
	};
	fs.writeFileSync(path.join(home, '.gemini/settings.json'), JSON.stringify(settings, null, 2) + '\n');
}

async function runScenario(name, scenario, {bin, work}) {
	const dir = path.join(work, name);
	const home = path.join(dir, 'home');
	const workspace = path.join(dir, name);
	fs.mkdirSync(workspace, {recursive: true});
	fs.writeFileSync(path.join(workspace, 'notes.txt'), 'alpha\nbeta\ngamma\n');
	writeHome(home);
	let child = null;
	const signals = [];
	const server = await startServer(scenario, path.join(dir, 'requests.jsonl'), () => {
		// Headless Gemini CLI 0.61 did not stop on SIGINT within 5 s (see README.md), so the cut is a kill,
		// as when the terminal is closed or the machine stops: nothing more is written.
		if (!scenario.cut || signals.length) return;
		signals.push('SIGKILL');
		setTimeout(() => child?.kill('SIGKILL'), 1000);
	});
	const args = [bin, '-m', MODEL, '-p', scenario.prompt, '--output-format', 'stream-json', '--yolo'];
	console.log(`[${name}] gemini ${args.slice(1).join(' ')}`);
	// TMPDIR too: the CLI writes its error reports (gemini-client-error-*.json) to the system's temp folder.
	const tmpdir = path.join(dir, 'tmpdir');
	fs.mkdirSync(tmpdir, {recursive: true});
	const env = {
		PATH: process.env.PATH,
		TMPDIR: tmpdir,
		HOME: home,
		GEMINI_CLI_HOME: home,
		GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${server.port}`,
		GEMINI_API_KEY: 'fixture-dummy-key',
		GEMINI_CLI_TRUST_WORKSPACE: 'true',
		NO_COLOR: '1',
		TERM: 'dumb',
	};
	child = spawn(process.execPath, args, {
		cwd: workspace,
		env,
		stdio: ['ignore', fs.openSync(path.join(dir, 'stdout.jsonl'), 'w'), fs.openSync(path.join(dir, 'stderr.txt'), 'w')],
	});
	const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
	const [code, signal] = await once(child, 'exit');
	clearTimeout(timer);
	await server.close();
	const exit = code ?? signal;
	console.log(`[${name}] gemini exited ${exit}; served: ${Object.keys(server.served).join(', ')}`);
	const stderr = () => fs.readFileSync(path.join(dir, 'stderr.txt'), 'utf8').slice(-3000);
	if (code !== 0 && !scenario.cut && !scenario.failExit) console.log(`[${name}] stderr:\n${stderr()}`);
	const chats = path.join(home, '.gemini/tmp');
	const subagents = fs.readdirSync(chats, {recursive: true}).filter(f => /chats\/[^/]+\/[^/]+\.jsonl$/.test(f));
	const unknown = Object.keys(server.served).filter(r => r !== 'main' && !scenario.scripts[r]);
	if (subagents.length !== scenario.subagents || unknown.length)
		throw new Error(`[${name}] expected ${scenario.subagents} subagent files, got ${subagents.length}; unscripted: ${unknown}\n${stderr()}`);
	return {home, dir, exit, signals, served: server.served};
}

function firstLine(file) {
	const t = fs.readFileSync(file, 'utf8');
	return JSON.parse(t.slice(0, t.indexOf('\n')));
}

function copyResults(name, scenario, {home, dir, exit, signals, served}) {
	const dest = path.join(outRoot, name);
	fs.rmSync(dest, {recursive: true, force: true});
	fs.mkdirSync(dest, {recursive: true});
	fs.cpSync(path.join(home, '.gemini/tmp'), path.join(dest, 'gemini/tmp'), {recursive: true});
	fs.copyFileSync(path.join(home, '.gemini/projects.json'), path.join(dest, 'gemini/projects.json'));
	fs.copyFileSync(path.join(dir, 'stdout.jsonl'), path.join(dest, 'stream.jsonl'));
	const files = [];
	for (const file of fs.readdirSync(dest, {recursive: true}).sort()) {
		const full = path.join(dest, file);
		if (!fs.statSync(full).isFile()) continue;
		const size = fs.statSync(full).size;
		console.log(`  ${path.relative(repoRoot, full)} ${size} bytes${size > 200_000 ? '  (over 200 KB)' : ''}`);
		if (!/\.jsonl$/.test(file) || !file.includes('chats')) continue;
		const meta = firstLine(full);
		const marker = /\[fixture:([a-z]+)\]/.exec(fs.readFileSync(full, 'utf8'))?.[1];
		files.push({
			file: file.split(path.sep).join('/'),
			kind: meta.kind,
			sessionId: meta.sessionId,
			script: meta.kind === 'main' ? 'main' : (marker ?? null),
			bytes: size,
		});
	}
	return {about: scenario.about, prompt: scenario.prompt, exit, signals, files, served};
}

function writeManifest(results) {
	const file = path.join(outRoot, 'manifest.json');
	const old = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {scenarios: {}};
	const manifest = {
		geminiVersion: GEMINI_VERSION,
		model: MODEL,
		command: 'node scripts/gemini-fixtures/make-fixtures.mjs',
		scenarios: {...old.scenarios},
	};
	for (const [name, result] of Object.entries(results)) manifest.scenarios[name] = {generated: new Date().toISOString().slice(0, 10), ...result};
	fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
}

async function main() {
	const argv = process.argv.slice(2);
	const keep = argv.includes('--keep');
	const wanted = argv.filter(a => !a.startsWith('--'));
	for (const w of wanted) if (!scenarios[w]) throw new Error(`unknown scenario ${w}; known: ${Object.keys(scenarios).join(', ')}`);
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gemini-fixtures-'));
	console.log(`work folder: ${work}`);
	try {
		const bin = installGemini(path.join(work, 'pkg'));
		const runs = {};
		for (const [name, scenario] of Object.entries(scenarios)) {
			if (wanted.length && !wanted.includes(name)) continue;
			runs[name] = {scenario, result: await runScenario(name, scenario, {bin, work})};
		}
		const results = {};
		for (const [name, {scenario, result}] of Object.entries(runs)) results[name] = copyResults(name, scenario, result);
		writeManifest(results);
	} finally {
		if (keep) console.log(`kept ${work}`);
		else fs.rmSync(work, {recursive: true, force: true});
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
