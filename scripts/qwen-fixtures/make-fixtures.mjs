#!/usr/bin/env node
// Makes the Qwen Code fixtures in test/fixtures/qwen/ with the real, pinned Qwen Code. Not part of
// `npm test`: the tests read the committed files and never install Qwen Code.
//
//   node scripts/qwen-fixtures/make-fixtures.mjs                  # every scenario
//   node scripts/qwen-fixtures/make-fixtures.mjs subagents sigint # only these
//   node scripts/qwen-fixtures/make-fixtures.mjs --pkg=/tmp/qwen  # reuse (or keep) the install there
//
// What it does:
// 1. `npm install @qwen-code/qwen-code@<QWEN_VERSION> --ignore-scripts` into a temp folder (or --pkg),
//    with the user's npm config. Never into the repository.
// 2. `node scripts/build.mjs` (agentlog's hook bundle), then per scenario, under the fixed root
//    /tmp/agentlog-qwen-fixtures/<scenario>/ (so the absolute paths in what Qwen Code writes are the
//    same on every machine): `home/` (HOME; Qwen's folder is home/.qwen), `activity/` (AGENTLOG_DIR),
//    `tmp/` (TMPDIR) and `workspace/` (the cwd, with a README). `agentlog install-hook --qwen` installs
//    agentlog's hook into home/.qwen/settings.json; the script adds a payload-copying hook on every event
//    (each payload appended as one line to hook-payloads.jsonl) and switches off usage statistics,
//    telemetry and the update check.
// 3. The stand-in (stand-in.mjs) plays the model; `qwen -p "<prompt>" --output-format stream-json
//    --approval-mode yolo --auth-type openai --model <MODEL>` runs in `env -i` with only HOME, PATH,
//    TMPDIR, AGENTLOG_DIR, LANG, OPENAI_BASE_URL (loopback), a dummy OPENAI_API_KEY and OPENAI_MODEL.
// 4. Copies what was written into test/fixtures/qwen/<scenario>/: `qwen/projects/**` (transcripts and
//    subagent files), `activity/**`, hook-payloads.jsonl, stand-in.jsonl and stdout.jsonl; then
//    manifest.json.
// Each scenario must produce its subagents, each driven by its script, or the script throws and the
// committed fixtures stay as they were.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startStandIn} from './stand-in.mjs';
import {npmInstallInto, PAYLOAD_HOOK_SOURCE} from '../fixture-tools.mjs';

/** The one place the Qwen Code version is pinned (tests may import it: importing runs nothing). */
export const QWEN_VERSION = '0.24.4';
/** The model name the runs ask for: not a real one, so nothing is priced by accident. */
export const MODEL = 'qwen3-coder-fixture';
/** Where every scenario runs: fixed, so the paths in the captured files are predictable. */
export const RUN_ROOT = '/tmp/agentlog-qwen-fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixturesRoot = path.join(repoRoot, 'test/fixtures/qwen');

/** Every hook event of Qwen Code 0.24 (packages/core/src/hooks/types.ts): the payload hook takes them all. */
const PAYLOAD_EVENTS = [
	'PreToolUse',
	'PostToolUse',
	'PostToolUseFailure',
	'PostToolBatch',
	'Notification',
	'UserPromptSubmit',
	'SessionStart',
	'Stop',
	'SubagentStart',
	'SubagentStop',
	'PreCompact',
	'PostCompact',
	'SessionEnd',
	'PermissionRequest',
	'PermissionDenied',
	'StopFailure',
];

// ---------------------------------------------------------------------------------------------------
// Scripts: what the model says, per agent.

const call = (name, args) => ({name, args});
const agentCall = (tag, description, task, extra = {}) =>
	call('agent', {description, prompt: `[fixture:${tag}] ${task}`, subagent_type: 'general-purpose', ...extra});
const shell = (command, description) => call('run_shell_command', {command, description, is_background: false});

/** A child that runs one shell command, then reports. */
const worker = (command, report) => ctx => (ctx.calls.length === 0 ? {calls: [shell(command, `Run ${command}`)]} : {text: report});

const scenarios = {
	subagents: {
		about:
			'The main agent starts two general-purpose subagents in one response, in the foreground (`run_in_background: false`). `lister` runs `ls -a` and reports; `pwd` runs `pwd` and reports. The main agent then answers. Everything finishes normally.',
		prompt: 'Use two subagents to look around this folder.',
		agents: ['main', 'lister', 'pwd'],
		scripts: {
			main: ctx =>
				ctx.calls.length === 0
					? {
							calls: [
								agentCall('lister', 'List the folder', 'List the files in the working folder with `ls -a` and report them.', {run_in_background: false}),
								agentCall('pwd', 'Print the folder', 'Print the working directory with `pwd` and say what it is.', {run_in_background: false}),
							],
						}
					: {text: 'Both subagents reported: the folder holds a README.'},
			lister: worker('ls -a', 'Lister report: the folder holds README.'),
			pwd: worker('pwd', 'Pwd report: the working directory is the fixture workspace.'),
		},
	},
	background: {
		about:
			"The main agent starts one subagent without `run_in_background` (Qwen Code's default for a top-level subagent: the background). It runs `ls` and reports; the headless run waits for its notification, then the main agent answers.",
		prompt: 'Use a subagent in the background to list this folder.',
		agents: ['main', 'bg'],
		scripts: {
			main: ctx =>
				ctx.calls.length === 0
					? {calls: [agentCall('bg', 'List in background', 'List the working folder with `ls` and report.')]}
					: {text: 'The background subagent was started; its report follows when it ends.'},
			bg: worker('ls', 'Background report: README is the only file.'),
		},
	},
	failure: {
		about:
			'The main agent starts a foreground subagent whose first model request fails with HTTP 400 (the stand-in refuses it); the subagent ends with an error, and the main agent answers.',
		prompt: 'Use a subagent to check this folder.',
		agents: ['main', 'broken'],
		scripts: {
			main: ctx =>
				ctx.calls.length === 0
					? {calls: [agentCall('broken', 'Check the folder', 'Check the working folder and report.', {run_in_background: false})]}
					: {text: 'The subagent failed; nothing was checked.'},
			broken: () => ({error: 400, message: 'fixture: this request is refused on purpose'}),
		},
	},
	sigint: {
		about:
			'The main agent starts a foreground subagent that runs `ls -a`, then its next model request never gets an answer; the script sends SIGINT to the Qwen Code process one second after that request came.',
		prompt: 'Use a subagent to look around this folder.',
		agents: ['main', 'slow'],
		signal: {agent: 'slow', name: 'SIGINT', afterMs: 1000},
		scripts: {
			main: ctx =>
				ctx.calls.length === 0
					? {
							calls: [
								agentCall('slow', 'Look around slowly', 'List the working folder with `ls -a`, then think about it for a long time.', {
									run_in_background: false,
								}),
							],
						}
					: {text: 'The subagent finished.'},
			slow: ctx => (ctx.calls.length === 0 ? {calls: [shell('ls -a', 'List the folder')]} : 'stall'),
		},
	},
};

// ---------------------------------------------------------------------------------------------------
// Installing Qwen Code and the hooks.

function run(command, args, options) {
	const result = spawnSync(command, args, {encoding: 'utf8', ...options});
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
	return result.stdout;
}

function installQwen(dir) {
	const bin = path.join(dir, 'node_modules/@qwen-code/qwen-code/cli.js');
	const version = () => spawnSync(process.execPath, [bin, '--version'], {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: dir}}).stdout?.trim() ?? '';
	if (fs.existsSync(bin) && version() === QWEN_VERSION) return bin;
	npmInstallInto(dir, `@qwen-code/qwen-code@${QWEN_VERSION}`);
	if (version() !== QWEN_VERSION) throw new Error(`${bin} says ${JSON.stringify(version())}, expected ${QWEN_VERSION}`);
	return bin;
}

/** agentlog install-hook --qwen into home/.qwen/settings.json, then the payload hook on every event and the quiet settings. */
function installHooks(dirs, hookScript) {
	const env = {PATH: process.env.PATH, HOME: dirs.home, AGENTLOG_DIR: dirs.activity};
	run(process.execPath, [path.join(repoRoot, 'bin/agentlog.js'), 'install-hook', '--qwen'], {
		cwd: dirs.workspace,
		env,
	});
	const file = path.join(dirs.qwen, 'settings.json');
	const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
	const command = [process.execPath, hookScript, path.join(dirs.root, 'hook-payloads.jsonl')].map(a => JSON.stringify(a)).join(' ');
	for (const event of PAYLOAD_EVENTS) (settings.hooks[event] ??= []).push({hooks: [{type: 'command', command, timeout: 10}]});
	settings.privacy = {usageStatisticsEnabled: false};
	settings.telemetry = {enabled: false};
	settings.general = {...settings.general, enableAutoUpdate: false};
	fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

// ---------------------------------------------------------------------------------------------------
// Running one scenario.

function prepare(name) {
	const root = path.join(RUN_ROOT, name);
	fs.rmSync(root, {recursive: true, force: true});
	const dirs = {root};
	for (const d of ['home', 'activity', 'tmp', 'workspace']) fs.mkdirSync((dirs[d] = path.join(root, d)), {recursive: true});
	dirs.qwen = path.join(dirs.home, '.qwen');
	fs.mkdirSync(dirs.qwen, {recursive: true});
	fs.writeFileSync(path.join(dirs.workspace, 'README'), 'A folder for the Qwen Code fixture run.\n');
	return dirs;
}

async function runScenario(name, scenario, {bin, hookScript}) {
	const dirs = prepare(name);
	installHooks(dirs, hookScript);
	let child = null;
	let signal = null;
	const standIn = await startStandIn({
		scripts: scenario.scripts,
		logFile: path.join(dirs.root, 'stand-in.jsonl'),
		idPrefix: 'fx' + name.replace(/[^a-z0-9]/giu, '').slice(0, 6),
		onServe(entry) {
			const s = scenario.signal;
			if (s && entry.agent === s.agent && entry.stall && !signal) {
				signal = {name: s.name, at: null};
				setTimeout(() => {
					signal.at = new Date().toISOString();
					child?.kill(s.name);
				}, s.afterMs);
			}
		},
	});
	const env = {
		PATH: '/usr/local/bin:/usr/bin:/bin',
		HOME: dirs.home,
		TMPDIR: dirs.tmp,
		AGENTLOG_DIR: dirs.activity,
		LANG: 'C.UTF-8',
		OPENAI_BASE_URL: `http://127.0.0.1:${standIn.port}/v1`,
		OPENAI_API_KEY: 'sk-fixture-not-a-key',
		OPENAI_MODEL: MODEL,
	};
	const args = [bin, '-p', scenario.prompt, '--output-format', 'stream-json', '--approval-mode', 'yolo', '--auth-type', 'openai', '--model', MODEL];
	console.log(`[${name}] qwen ${args.slice(1).join(' ')}`);
	const started = Date.now();
	child = spawn(process.execPath, args, {
		cwd: dirs.workspace,
		env,
		detached: true,
		stdio: ['ignore', fs.openSync(path.join(dirs.root, 'stdout.jsonl'), 'w'), fs.openSync(path.join(dirs.root, 'stderr.txt'), 'w')],
	});
	const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
	const [code, sig] = await new Promise(resolve => child.on('exit', (c, s) => resolve([c, s])));
	clearTimeout(timer);
	const exitedAt = new Date().toISOString();
	// Hooks that outlive the CLI (StopFailure, SessionEnd): give them a moment, then end the group.
	await new Promise(r => setTimeout(r, 2000));
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		/* the group is gone */
	}
	await standIn.close();
	const exit = code ?? sig;
	console.log(`[${name}] qwen exited ${exit} after ${Date.now() - started} ms; requests: ${standIn.served.map(s => `${s.agent}#${s.turn}`).join(' ')}`);
	if (!scenario.signal && code !== 0)
		throw new Error(`[${name}] qwen exited ${exit}:\n${fs.readFileSync(path.join(dirs.root, 'stderr.txt'), 'utf8').slice(-3000)}`);
	const missing = scenario.agents.filter(a => !standIn.served.some(s => s.agent === a));
	if (missing.length) throw new Error(`[${name}] no request came for ${missing.join(', ')}; see ${dirs.root}`);
	return {dirs, exit, exitedAt, served: standIn.served, signal};
}

// ---------------------------------------------------------------------------------------------------
// Copying and describing.

const files = dir => (fs.existsSync(dir) ? fs.readdirSync(dir, {recursive: true}).map(f => String(f).split(path.sep).join('/')) : []);

const readJsonl = file =>
	fs.existsSync(file)
		? fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.filter(Boolean)
				.map(line => JSON.parse(line))
		: [];

function copyResults(name, scenario, result) {
	const {dirs} = result;
	const dest = path.join(fixturesRoot, name);
	fs.rmSync(dest, {recursive: true, force: true});
	fs.mkdirSync(dest, {recursive: true});
	fs.cpSync(path.join(dirs.qwen, 'projects'), path.join(dest, 'qwen/projects'), {recursive: true});
	fs.cpSync(dirs.activity, path.join(dest, 'activity'), {recursive: true});
	for (const f of ['hook-payloads.jsonl', 'stand-in.jsonl', 'stdout.jsonl']) {
		const from = path.join(dirs.root, f);
		if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dest, f));
	}
	const payloads = readJsonl(path.join(dest, 'hook-payloads.jsonl'));
	const starts = payloads.filter(p => p.hook_event_name === 'SubagentStart');
	const stops = payloads.filter(p => p.hook_event_name === 'SubagentStop');
	const copied = files(dest).filter(f => fs.statSync(path.join(dest, f)).isFile());
	for (const f of copied) {
		const size = fs.statSync(path.join(dest, f)).size;
		if (size > 200_000) console.log(`  ${name}/${f} ${size} bytes (over 200 KB)`);
	}
	return {
		about: scenario.about,
		prompt: scenario.prompt,
		root: dirs.root,
		exit: result.exit,
		exitedAt: result.exitedAt,
		signal: result.signal,
		session: payloads.find(p => p.session_id)?.session_id ?? null,
		events: [...new Set(payloads.map(p => p.hook_event_name))],
		agents: starts.map(s => ({
			agentId: s.agent_id,
			agentType: s.agent_type,
			stopped: stops.some(t => t.agent_id === s.agent_id),
			transcript: stops.find(t => t.agent_id === s.agent_id)?.agent_transcript_path?.replace(dirs.root + '/', '') ?? null,
		})),
		served: result.served.map(s => ({
			agent: s.agent,
			turn: s.turn,
			...(s.error ? {error: s.error} : {}),
			...(s.stall ? {stall: true} : {}),
			...(s.calls ? {calls: s.calls.map(c => c.name)} : {}),
			...(s.text ? {text: s.text} : {}),
		})),
		files: copied.sort(),
	};
}

function writeManifest(results) {
	const file = path.join(fixturesRoot, 'manifest.json');
	const old = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {scenarios: {}};
	const manifest = {
		qwenVersion: QWEN_VERSION,
		model: MODEL,
		runRoot: RUN_ROOT,
		command: 'node scripts/qwen-fixtures/make-fixtures.mjs',
		scenarios: {...old.scenarios},
	};
	for (const [name, result] of Object.entries(results)) manifest.scenarios[name] = {generated: new Date().toISOString().slice(0, 10), ...result};
	fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
}

async function main() {
	const argv = process.argv.slice(2);
	const pkgArg = argv.find(a => a.startsWith('--pkg='))?.slice('--pkg='.length);
	const wanted = argv.filter(a => !a.startsWith('--'));
	for (const w of wanted) if (!scenarios[w]) throw new Error(`unknown scenario ${w}; known: ${Object.keys(scenarios).join(', ')}`);
	const pkg = pkgArg ? path.resolve(pkgArg) : fs.mkdtempSync(path.join(os.tmpdir(), 'qwen-fixtures-'));
	try {
		const bin = installQwen(pkg);
		run(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], {cwd: repoRoot});
		fs.mkdirSync(RUN_ROOT, {recursive: true});
		const hookScript = path.join(RUN_ROOT, 'payload-hook.cjs');
		fs.writeFileSync(hookScript, PAYLOAD_HOOK_SOURCE);
		const runs = {};
		for (const [name, scenario] of Object.entries(scenarios)) {
			if (wanted.length && !wanted.includes(name)) continue;
			runs[name] = {scenario, result: await runScenario(name, scenario, {bin, hookScript})};
		}
		const results = {};
		for (const [name, {scenario, result}] of Object.entries(runs)) results[name] = copyResults(name, scenario, result);
		writeManifest(results);
	} finally {
		if (!pkgArg) fs.rmSync(pkg, {recursive: true, force: true});
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
