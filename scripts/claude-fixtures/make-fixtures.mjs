#!/usr/bin/env node
// Makes the Claude Code fixtures in test/fixtures/claude/ with the real, pinned Claude Code (shared
// docs/claude-code-hooks.md#seen-on-the-real-client-headless). Not part of `npm test`: the tests read the committed files and never
// install Claude Code.
//
//   node scripts/claude-fixtures/make-fixtures.mjs                 # every scenario
//   node scripts/claude-fixtures/make-fixtures.mjs foreground sigint   # only these
//   node scripts/claude-fixtures/make-fixtures.mjs --pkg=/tmp/cc   # reuse (or keep) the install there
//   node scripts/claude-fixtures/make-fixtures.mjs --claude-version=2.1.332 --out=/tmp/cc-out --run-root=/tmp/cc-run mixed
//       # another Claude Code version; the copies and manifest.json go to --out, not the repository
//   node scripts/claude-fixtures/make-fixtures.mjs --keep interactive   # leave the run's folder there (to look at a failure)
//   node scripts/claude-fixtures/make-fixtures.mjs --claude-version=2.1.332 --suffix=-2.1.332 mixed
//       # into test/fixtures/claude/mixed-2.1.332/, beside the pinned version's mixed/
//
// What it does:
// 1. `npm install @anthropic-ai/claude-code@<CLAUDE_VERSION> --ignore-scripts` into a temp folder (or
//    --pkg), with the user's npm config; runs the platform package's binary
//    (@anthropic-ai/claude-code-<os>-<arch>/claude) directly. Never into the repository.
// 2. `node scripts/build.mjs` (agentlog's hook bundle), then per scenario, under the fixed root
//    /tmp/agentlog-claude-fixtures/<scenario>/ (so the absolute paths in what Claude Code writes are the
//    same on every machine): `home/`, `claude/` (CLAUDE_CONFIG_DIR), `activity/` (AGENTLOG_DIR), `tmp/`
//    (TMPDIR) and `workspace/` (the cwd, with a README). `agentlog install-hook` installs agentlog's hook;
//    the script adds agentlog's command for StopFailure and a payload-copying hook on every event
//    (each payload appended as one line to hook-payloads.jsonl).
// 3. The stand-in (stand-in.mjs) plays the model; `claude -p --dangerously-skip-permissions
//    --output-format stream-json --verbose "<prompt>"` runs in `env -i` with only HOME, PATH, TMPDIR,
//    CLAUDE_CONFIG_DIR, AGENTLOG_DIR, ANTHROPIC_BASE_URL (loopback), a dummy ANTHROPIC_API_KEY,
//    IS_SANDBOX=1 (root) and the switches that stop non-essential traffic.
//    A scenario with `interactive(ctl)` runs the TUI instead (`claude --permission-mode default` in a
//    tmux session of its own, interactive.mjs), with `.claude.json` seeded so no dialog of Claude
//    Code's own shows; its function types the prompt, answers dialogs and ends with `/exit`. A
//    scenario with `mid` has the stand-in hold one request while the state so far is copied into
//    <root>/mid/ (an interactive one calls `ctl.snapshot()`).
// 4. Copies what was written into test/fixtures/claude/<scenario>/: `claude/projects/**` (transcripts,
//    .meta.json, workflows/), `activity/**` (agent files, events.jsonl, the hook log), hook-payloads.jsonl,
//    stand-in.jsonl (every request the stand-in answered: agent, turn, message id, usage, blocks) and
//    stdout.jsonl (stream-json), and mid/, dialog.txt, pane.txt when the scenario made them. Then
//    manifest.json and the generated part of README.md.
// Each scenario must produce its subagents, each driven by its script, or the script throws and the
// committed fixtures stay as they were.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {scenarios} from './scenarios.mjs';
import {startStandIn} from './stand-in.mjs';
import {runInTmux, seedInteractiveConfig} from './interactive.mjs';
import {npmInstallInto, PAYLOAD_HOOK_SOURCE} from '../fixture-tools.mjs';

/** The one place the Claude Code version is pinned (tests may import it: importing runs nothing). */
export const CLAUDE_VERSION = '2.1.328';
/** Where every scenario runs: fixed, so the paths in the captured files are predictable. */
export const RUN_ROOT = '/tmp/agentlog-claude-fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixturesRoot = path.join(repoRoot, 'test/fixtures/claude');

/** Every hook event the payload-copying hook is registered for (Claude Code ignores none of these names). */
const PAYLOAD_EVENTS = [
	'SessionStart',
	'SessionEnd',
	'UserPromptSubmit',
	'PreToolUse',
	'PostToolUse',
	'PostToolUseFailure',
	'PostToolBatch',
	'PermissionRequest',
	'Notification',
	'SubagentStart',
	'SubagentStop',
	'StopFailure',
	'Stop',
	'TeammateIdle',
	'TaskCreated',
	'TaskCompleted',
	'PreCompact',
];

// ---------------------------------------------------------------------------------------------------
// Installing Claude Code and agentlog's hook.

function installClaude(dir, wanted = CLAUDE_VERSION) {
	const bin = path.join(dir, 'node_modules/@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, 'claude');
	const version = () => spawnSync(bin, ['--version'], {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: dir}}).stdout?.trim() ?? '';
	if (fs.existsSync(bin) && version().startsWith(wanted)) return bin;
	npmInstallInto(dir, `@anthropic-ai/claude-code@${wanted}`);
	if (!version().startsWith(wanted)) throw new Error(`${bin} says ${JSON.stringify(version())}, expected ${wanted}`);
	return bin;
}

function run(command, args, options) {
	const result = spawnSync(command, args, {encoding: 'utf8', ...options});
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
	return result.stdout;
}

/** agentlog install-hook into <claude>/settings.json, then StopFailure for agentlog and the payload hook on every event. */
function installHooks(dirs, hookScript, control = false) {
	const env = {PATH: process.env.PATH, HOME: dirs.home, CLAUDE_CONFIG_DIR: dirs.claude, AGENTLOG_DIR: dirs.activity};
	run(process.execPath, [path.join(repoRoot, 'bin/agentlog.js'), 'install-hook', ...(control ? ['--control'] : [])], {cwd: dirs.workspace, env});
	const file = path.join(dirs.claude, 'settings.json');
	const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
	const agentlog = settings.hooks.SubagentStart[0].hooks[0];
	settings.hooks.StopFailure = [{hooks: [{...agentlog}]}];
	const command = [process.execPath, hookScript, path.join(dirs.root, 'hook-payloads.jsonl')].map(a => JSON.stringify(a)).join(' ');
	for (const event of PAYLOAD_EVENTS) (settings.hooks[event] ??= []).push({hooks: [{type: 'command', command, timeout: 10}]});
	fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

// ---------------------------------------------------------------------------------------------------
// Running one scenario.

function prepare(name, runRoot) {
	const root = path.join(runRoot, name);
	fs.rmSync(root, {recursive: true, force: true});
	const dirs = {root};
	for (const d of ['home', 'claude', 'activity', 'tmp', 'workspace']) fs.mkdirSync((dirs[d] = path.join(root, d)), {recursive: true});
	fs.writeFileSync(path.join(dirs.workspace, 'README'), 'A folder for the Claude Code fixture run.\n');
	return dirs;
}

const sleep = ms => new Promise(r => setTimeout(r, ms));

/**
 * Copies what the run has written so far (Claude Code's projects/, the activity folder, the payloads)
 * into <root>/mid: the state agentlog would read at that moment. Returns when it was taken.
 */
function snapshotState(dirs) {
	const at = new Date().toISOString();
	const dest = path.join(dirs.root, 'mid');
	fs.rmSync(dest, {recursive: true, force: true});
	fs.mkdirSync(dest, {recursive: true});
	const projects = path.join(dirs.claude, 'projects');
	if (fs.existsSync(projects)) fs.cpSync(projects, path.join(dest, 'claude/projects'), {recursive: true});
	fs.cpSync(dirs.activity, path.join(dest, 'activity'), {recursive: true});
	const payloads = path.join(dirs.root, 'hook-payloads.jsonl');
	if (fs.existsSync(payloads)) fs.copyFileSync(payloads, path.join(dest, 'hook-payloads.jsonl'));
	console.log(`[${path.basename(dirs.root)}] snapshot taken into ${dest}`);
	return at;
}

async function runScenario(name, scenario, {bin, runRoot}) {
	const dirs = prepare(name, runRoot);
	// In the scenario's own root: runs of other scenarios at the same time leave it alone.
	const hookScript = path.join(dirs.root, 'payload-hook.cjs');
	fs.writeFileSync(hookScript, PAYLOAD_HOOK_SOURCE);
	installHooks(dirs, hookScript, scenario.control === true);
	let child = null;
	const signals = [];
	// `mid`: the request of that agent at that turn is held; `afterMs` into the hold (its hooks have
	// landed), the state is copied into <root>/mid; the answer goes out when the copy is done.
	let mid = null;
	const standIn = await startStandIn({
		async beforeAnswer(entry) {
			const m = scenario.mid;
			if (!m || mid || entry.agent !== m.agent || entry.turn !== m.turn) return 0;
			mid = {agent: m.agent, turn: m.turn, heldAt: entry.at, at: null};
			await sleep(m.afterMs);
			mid.at = snapshotState(dirs);
			return m.afterMs;
		},
		scripts: scenario.scripts,
		logFile: path.join(dirs.root, 'stand-in.jsonl'),
		idPrefix: 'Fx' + name.replace(/[^a-z0-9]/giu, '').slice(0, 6),
		onServe(entry) {
			const s = scenario.signal;
			if (
				s &&
				entry.agent === s.agent &&
				(s.turn === undefined || entry.turn === s.turn) &&
				entry.blocks?.some(b => b.type === 'tool_use') &&
				!signals.length
			) {
				signals.push({name: s.name, at: null});
				setTimeout(() => {
					signals[0].at = new Date().toISOString();
					child?.kill(s.name);
				}, s.afterMs);
			}
		},
	});
	const env = {
		PATH: '/usr/local/bin:/usr/bin:/bin',
		HOME: dirs.home,
		TMPDIR: dirs.tmp,
		CLAUDE_CONFIG_DIR: dirs.claude,
		AGENTLOG_DIR: dirs.activity,
		ANTHROPIC_BASE_URL: `http://127.0.0.1:${standIn.port}`,
		ANTHROPIC_API_KEY: 'sk-ant-fixture-not-a-key',
		CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
		DISABLE_TELEMETRY: '1',
		DISABLE_AUTOUPDATER: '1',
		DISABLE_ERROR_REPORTING: '1',
		IS_SANDBOX: '1',
		LANG: 'C.UTF-8',
		// The stop scenarios' agents run `agentlog stop` themselves (scenarios.mjs stopSelf).
		...(scenario.control === true
			? {AGENTLOG_BIN: path.join(repoRoot, 'bin/agentlog.js'), PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`}
			: {}),
		...scenario.env,
	};
	if (scenario.interactive) {
		const args = ['--permission-mode', 'default'];
		console.log(`[${name}] claude ${args.join(' ')} (interactive, in tmux)`);
		seedInteractiveConfig(dirs, env.ANTHROPIC_API_KEY, CLAUDE_VERSION);
		const started = Date.now();
		const {code, exitedAt, snapshotAt} = await runInTmux({
			bin,
			args,
			env: {...env, TERM: 'xterm-256color'},
			dirs,
			drive: scenario.interactive,
			served: standIn.served,
			snapshot: () => snapshotState(dirs),
			timeoutMs: scenario.timeoutMs ?? 240_000,
		});
		await standIn.close();
		console.log(`[${name}] claude exited ${code} after ${Date.now() - started} ms; requests: ${standIn.served.map(s => `${s.agent}#${s.turn}`).join(' ')}`);
		if (code !== 0) throw new Error(`[${name}] claude exited ${code}; see ${dirs.root}`);
		const missing = Object.keys(scenario.agents).filter(a => !standIn.served.some(s => s.agent === a));
		if (missing.length) throw new Error(`[${name}] no request came for ${missing.join(', ')}; see ${dirs.root}`);
		return {dirs, exit: code, exitedAt, served: standIn.served, signal: null, mid: snapshotAt ? {at: snapshotAt} : null};
	}
	const args = ['-p', '--dangerously-skip-permissions', '--output-format', 'stream-json', '--verbose', scenario.prompt];
	console.log(`[${name}] claude ${args.slice(0, -1).join(' ')} ${JSON.stringify(scenario.prompt)}`);
	const started = Date.now();
	child = spawn(bin, args, {
		cwd: dirs.workspace,
		env,
		detached: true,
		stdio: ['ignore', fs.openSync(path.join(dirs.root, 'stdout.jsonl'), 'w'), fs.openSync(path.join(dirs.root, 'stderr.txt'), 'w')],
	});
	const timer = setTimeout(() => child.kill('SIGKILL'), scenario.timeoutMs ?? 180_000);
	const [code, signal] = await new Promise(resolve => child.on('exit', (c, s) => resolve([c, s])));
	clearTimeout(timer);
	const exitedAt = new Date().toISOString();
	// Hooks still running (SessionEnd) and, after SIGKILL, the orphaned tool processes: give them a moment, then end the group.
	await new Promise(r => setTimeout(r, 1500));
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		/* the group is gone */
	}
	await standIn.close();
	const exit = code ?? signal;
	console.log(`[${name}] claude exited ${exit} after ${Date.now() - started} ms; requests: ${standIn.served.map(s => `${s.agent}#${s.turn}`).join(' ')}`);
	if (!scenario.signal && code !== 0)
		throw new Error(`[${name}] claude exited ${exit}:\n${fs.readFileSync(path.join(dirs.root, 'stderr.txt'), 'utf8').slice(-3000)}`);
	const missing = Object.keys(scenario.agents).filter(a => !standIn.served.some(s => s.agent === a));
	if (missing.length) throw new Error(`[${name}] no request came for ${missing.join(', ')}; see ${dirs.root}`);
	if (scenario.mid && !mid?.at)
		throw new Error(`[${name}] the request to hold (${scenario.mid.agent} at turn ${scenario.mid.turn}) never came; see ${dirs.root}`);
	return {dirs, exit, exitedAt, served: standIn.served, signal: signals[0] ?? null, mid};
}

// ---------------------------------------------------------------------------------------------------
// Reading what was written, copying it, describing it.

const readJsonl = file =>
	fs.existsSync(file)
		? fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.filter(Boolean)
				.map(line => JSON.parse(line))
		: [];

const files = dir => (fs.existsSync(dir) ? fs.readdirSync(dir, {recursive: true}).map(f => String(f).split(path.sep).join('/')) : []);

/** The script name in a subagent transcript: the marker in its first user line. */
function scriptOf(transcript) {
	const first = readJsonl(transcript).find(line => line.type === 'user');
	const content = first?.message?.content;
	const textValue = typeof content === 'string' ? content : JSON.stringify(content ?? '');
	return /\[fixture:([\w-]+)\]/u.exec(textValue)?.[1] ?? null;
}

function sum(entries) {
	const total = {responses: 0, input: 0, output: 0, cacheCreation: 0, cacheRead: 0};
	for (const e of entries) {
		if (!e.usage) continue;
		total.responses++;
		total.input += e.usage.input_tokens;
		total.output += e.usage.output_tokens;
		total.cacheCreation += e.usage.cache_creation_input_tokens;
		total.cacheRead += e.usage.cache_read_input_tokens;
	}
	return {...total, total: total.input + total.output + total.cacheCreation + total.cacheRead};
}

const toolCalls = entries => entries.flatMap(e => (e.blocks ?? []).filter(b => b.type === 'tool_use').map(b => b.name));

function describe(name, scenario, {dirs, exit, exitedAt, served, signal, mid}) {
	const projects = path.join(dirs.claude, 'projects');
	const all = files(projects);
	const mainTranscript = all.find(f => /^[^/]+\/[0-9a-f-]{36}\.jsonl$/u.test(f));
	if (!mainTranscript) throw new Error(`[${name}] no main transcript under ${projects}`);
	const sessionId = path.basename(mainTranscript, '.jsonl');
	const payloads = readJsonl(path.join(dirs.root, 'hook-payloads.jsonl'));
	const agents = [];
	for (const file of all.filter(f => /\/agent-[^/]+\.jsonl$/u.test(f)).sort()) {
		const full = path.join(projects, file);
		const agentId = path.basename(file, '.jsonl').replace(/^agent-/u, '');
		const metaFile = full.replace(/\.jsonl$/u, '.meta.json');
		const meta = fs.existsSync(metaFile) ? JSON.parse(fs.readFileSync(metaFile, 'utf8')) : null;
		const script = scriptOf(full);
		const mine = served.filter(s => s.agent === script);
		const workflowRun = /\/workflows\/(wf_[^/]+)\//u.exec(file)?.[1] ?? null;
		const parent = meta?.parentAgentId ?? null;
		agents.push({
			script,
			agentId,
			type: meta?.agentType ?? payloads.find(p => p.hook_event_name === 'SubagentStart' && p.agent_id === agentId)?.agent_type ?? null,
			name: meta?.name ?? null,
			description: meta?.description ?? null,
			parent,
			depth: meta?.spawnDepth ?? null,
			workflowRun,
			expectedEnd: scenario.agents[script] ?? null,
			starts: payloads.filter(p => p.hook_event_name === 'SubagentStart' && p.agent_id === agentId).length,
			stops: payloads.filter(p => p.hook_event_name === 'SubagentStop' && p.agent_id === agentId).length,
			stopFailures: payloads.filter(p => p.hook_event_name === 'StopFailure' && p.agent_id === agentId).length,
			tokens: sum(mine),
			toolCalls: toolCalls(mine),
			transcript: `claude/projects/${file}`,
			meta: meta ? `claude/projects/${file.replace(/\.jsonl$/u, '.meta.json')}` : null,
		});
	}
	for (const script of Object.keys(scenario.agents))
		if (!agents.some(a => a.script === script)) throw new Error(`[${name}] no transcript for the ${script} agent`);
	const mainServed = served.filter(s => s.agent === 'main');
	return {
		about: scenario.about,
		prompt: scenario.prompt,
		env: scenario.env ?? {},
		exit,
		exitedAt,
		signal,
		...(scenario.interactive ? {interactive: true} : {}),
		...(mid ? {mid} : {}),
		root: dirs.root,
		sessionId,
		mainTranscript: `claude/projects/${mainTranscript}`,
		main: {tokens: sum(mainServed), toolCalls: toolCalls(mainServed)},
		agents,
		requests: served.length,
	};
}

function copyResults(name, {dirs}, outRoot) {
	const dest = path.join(outRoot, name);
	fs.rmSync(dest, {recursive: true, force: true});
	fs.mkdirSync(dest, {recursive: true});
	fs.cpSync(path.join(dirs.claude, 'projects'), path.join(dest, 'claude/projects'), {recursive: true});
	fs.cpSync(dirs.activity, path.join(dest, 'activity'), {recursive: true});
	for (const f of ['hook-payloads.jsonl', 'stand-in.jsonl', 'stdout.jsonl', 'dialog.txt', 'pane.txt'])
		if (fs.existsSync(path.join(dirs.root, f))) fs.copyFileSync(path.join(dirs.root, f), path.join(dest, f));
	if (fs.existsSync(path.join(dirs.root, 'mid'))) fs.cpSync(path.join(dirs.root, 'mid'), path.join(dest, 'mid'), {recursive: true});
	let bytes = 0;
	for (const f of files(dest)) if (fs.statSync(path.join(dest, f)).isFile()) bytes += fs.statSync(path.join(dest, f)).size;
	console.log(`[${name}] copied ${Math.round(bytes / 1024)} KB to ${path.relative(repoRoot, dest)}`);
}

function writeManifest(results, {outRoot, version, runRoot}) {
	const file = path.join(outRoot, 'manifest.json');
	const old = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {scenarios: {}};
	// The manifest's version is the pinned one's (or the first run's, in a fresh --out folder); a scenario made with another says its own.
	const pinned = old.claudeCodeVersion ?? version;
	const manifest = {
		claudeCodeVersion: pinned,
		command: 'node scripts/claude-fixtures/make-fixtures.mjs',
		runRoot,
		layout: {
			claude: '<root>/claude = CLAUDE_CONFIG_DIR (only projects/ is kept)',
			activity: '<root>/activity = AGENTLOG_DIR',
			workspace: '<root>/workspace = the cwd',
			home: '<root>/home = HOME',
			tmp: '<root>/tmp = TMPDIR',
		},
		scenarios: {...old.scenarios},
	};
	for (const [name, result] of Object.entries(results))
		manifest.scenarios[name] = {generated: new Date().toISOString().slice(0, 10), ...(version === pinned ? {} : {claudeCodeVersion: version}), ...result};
	fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
	const readme = path.join(outRoot, 'README.md');
	if (!fs.existsSync(readme)) return;
	const rows = Object.entries(manifest.scenarios).flatMap(([name, sc]) => [
		``,
		`### ${name} (generated ${sc.generated}${sc.claudeCodeVersion ? `, Claude Code ${sc.claudeCodeVersion}` : ''}, claude exited ${sc.exit}${sc.signal ? ` after ${sc.signal.name}` : ''})`,
		``,
		sc.about,
		``,
		`| script | agent id | type | name | parent | depth | workflow | expected end | starts/stops/failures | tokens (in/out/cache w/cache r) | tool calls |`,
		`| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
		`| main | - | - | - | - | 0 | - | - | - | ${sc.main.tokens.input}/${sc.main.tokens.output}/${sc.main.tokens.cacheCreation}/${sc.main.tokens.cacheRead} | ${sc.main.toolCalls.join(', ') || '-'} |`,
		...sc.agents.map(
			a =>
				`| ${a.script} | \`${a.agentId}\` | ${a.type ?? '-'} | ${a.name ?? '-'} | ${a.parent ? `\`${a.parent}\`` : '-'} | ${a.depth ?? '-'} | ${a.workflowRun ?? '-'} | ${a.expectedEnd ?? '-'} | ${a.starts}/${a.stops}/${a.stopFailures} | ${a.tokens.input}/${a.tokens.output}/${a.tokens.cacheCreation}/${a.tokens.cacheRead} | ${a.toolCalls.join(', ') || '-'} |`,
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
	const option = name => argv.find(a => a.startsWith(`--${name}=`))?.slice(name.length + 3);
	const pkgArg = option('pkg');
	const version = option('claude-version') ?? CLAUDE_VERSION;
	const outRoot = path.resolve(option('out') ?? fixturesRoot);
	const runRoot = path.resolve(option('run-root') ?? RUN_ROOT);
	const suffix = option('suffix') ?? '';
	if (!/^[\w.-]*$/u.test(suffix)) throw new Error(`--suffix=${suffix}: letters, digits, '.', '_' and '-' only`);
	if (version !== CLAUDE_VERSION && outRoot === fixturesRoot && !suffix)
		throw new Error(`--claude-version=${version} needs --out=<folder> or --suffix=<-version>: test/fixtures/claude/<scenario> holds ${CLAUDE_VERSION}'s files`);
	const wanted = argv.filter(a => !a.startsWith('--'));
	for (const w of wanted) if (!scenarios[w]) throw new Error(`unknown scenario ${w}; known: ${Object.keys(scenarios).join(', ')}`);
	const pkg = pkgArg ? path.resolve(pkgArg) : fs.mkdtempSync(path.join(os.tmpdir(), 'claude-code-pkg-'));
	try {
		const bin = installClaude(pkg, version);
		run(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], {cwd: repoRoot});
		fs.mkdirSync(runRoot, {recursive: true});
		fs.mkdirSync(outRoot, {recursive: true});
		const runs = {};
		for (const [name, scenario] of Object.entries(scenarios)) {
			if (wanted.length && !wanted.includes(name)) continue;
			const folder = name + suffix;
			const result = await runScenario(folder, scenario, {bin, runRoot});
			runs[folder] = describe(folder, scenario, result);
			runs[folder].copy = result;
		}
		// Only when every wanted scenario ran as scripted: replace the committed files.
		const results = {};
		for (const [name, {copy, ...described}] of Object.entries(runs)) {
			copyResults(name, copy, outRoot);
			results[name] = described;
		}
		writeManifest(results, {outRoot, version, runRoot});
	} finally {
		if (!pkgArg) fs.rmSync(pkg, {recursive: true, force: true});
		// What the runs wrote is in the fixtures now (or a run failed): nothing is left in the run root.
		if (!argv.includes('--keep'))
			for (const name of wanted.length ? wanted : Object.keys(scenarios)) fs.rmSync(path.join(runRoot, name + suffix), {recursive: true, force: true});
		try {
			fs.rmdirSync(runRoot);
		} catch {
			// Not empty: something else of the user's is there.
		}
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
