#!/usr/bin/env node
// Captures what every read command prints over the committed fixtures, so a change that must not
// change any output (moving code between cli/, app/ and present/) can be checked byte for byte:
//
//   node scripts/build.mjs && node scripts/golden-outputs.mjs /tmp/before
//   … change the code …
//   node scripts/build.mjs && node scripts/golden-outputs.mjs /tmp/after
//   diff -r /tmp/before /tmp/after
//
// Each "world" is a temporary HOME with one or more fixtures put where their tool keeps its files
// (test/fixtures/claude/<scenario>: CLAUDE_CONFIG_DIR and AGENTLOG_DIR; codex: CODEX_HOME; gemini:
// GEMINI_CLI_HOME/.gemini; qwen: HOME/.qwen and AGENTLOG_DIR; opencode: XDG_DATA_HOME/opencode),
// with every file's time set to a fixed moment. Each command runs on a fresh copy of its world
// (timestamps kept), so a cache one command writes never changes what the next one reads. The
// clock is AGENTLOG_NOW, the zone UTC, stdout a pipe. One file per command: its exit code, stdout
// and stderr, with the temporary folder written as <ROOT> (its name has a fixed length, so no
// column moves). `--all` runs every Claude Code scenario (default: a dozen that differ most);
// `--only <world>` runs the worlds whose name contains that word.
import {spawn} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const cli = path.join(repo, 'bin', 'agentlog.js');
const fixtures = path.join(repo, 'test', 'fixtures');

const args = process.argv.slice(2);
const outDir = args.find(a => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--only');
if (outDir === undefined) {
	process.stderr.write('usage: node scripts/golden-outputs.mjs <out-dir> [--all] [--only <world>] [--jobs <n>]\n');
	process.exit(2);
}
const all = args.includes('--all');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : 2;

/** The commands' clock: after every fixture was made. */
const NOW = '2026-11-29T06:00:00.000Z';

const claudeManifest = JSON.parse(readFileSync(path.join(fixtures, 'claude', 'manifest.json'), 'utf8'));
const qwenManifest = JSON.parse(readFileSync(path.join(fixtures, 'qwen', 'manifest.json'), 'utf8'));

/** Every file under `dir` (recursive), as paths. */
const filesUnder = dir => readdirSync(dir, {recursive: true, encoding: 'utf8'}).map(name => path.join(dir, name));

/** Copies `from` to `to`, writing `recorded` as `root` in every text file. */
function copyRewritten(from, to, recorded, root) {
	cpSync(from, to, {recursive: true});
	for (const file of filesUnder(to)) {
		if (statSync(file).isFile() && /\.(json|jsonl|md|txt)$/u.test(file)) {
			const text = readFileSync(file, 'utf8');
			if (text.includes(recorded)) {
				writeFileSync(file, text.split(recorded).join(root));
			}
		}
	}
}

/** Every file and folder under `dir` (and `dir`) to the time `iso`: the deepest first, so a folder keeps it. */
function setTimes(dir, iso) {
	const t = new Date(iso);
	for (const file of filesUnder(dir).sort((a, b) => b.length - a.length)) {
		utimesSync(file, t, t);
	}
	utimesSync(dir, t, t);
}

/** A copy of `from` with every file's and folder's times (cpSync keeps a file's, not a folder's). */
function copyWorld(from, to) {
	cpSync(from, to, {recursive: true, preserveTimestamps: true});
	for (const name of ['', ...readdirSync(from, {recursive: true, encoding: 'utf8'})].sort((a, b) => b.length - a.length)) {
		const stat = statSync(path.join(from, name));
		if (stat.isDirectory()) {
			utimesSync(path.join(to, name), stat.atime, stat.mtime);
		}
	}
}

/** The parts a world can be made of; each puts its files under `root` and returns the session ids it holds. */
const part = {
	claude(scenario, root) {
		const sc = claudeManifest.scenarios[scenario];
		const tmp = path.join(root, '.part');
		copyRewritten(path.join(fixtures, 'claude', scenario), tmp, sc.root, root);
		setTimes(tmp, sc.exitedAt);
		for (const name of ['claude', 'activity']) {
			copyWorld(path.join(tmp, name), path.join(root, name));
		}
		rmSync(tmp, {recursive: true});
		return {session: sc.sessionId, at: new Date(Date.parse(sc.exitedAt) - 4000).toISOString()};
	},
	codex(scenario, root) {
		const home = path.join(root, 'codex');
		cpSync(path.join(fixtures, 'codex', scenario), home, {recursive: true});
		setTimes(home, '2026-11-24T12:00:00.000Z');
		return {};
	},
	gemini(scenario, root) {
		const home = path.join(root, 'gemini-cli', '.gemini');
		cpSync(path.join(fixtures, 'gemini', scenario, 'gemini'), home, {recursive: true});
		setTimes(home, '2026-11-29T01:00:00.000Z');
		return {};
	},
	qwen(scenario, root) {
		const recorded = path.join(qwenManifest.runRoot, scenario);
		const tmp = path.join(root, '.part');
		copyRewritten(path.join(fixtures, 'qwen', scenario), tmp, recorded, root);
		setTimes(tmp, '2026-11-28T12:00:00.000Z');
		copyWorld(path.join(tmp, 'qwen'), path.join(root, 'home', '.qwen'));
		copyWorld(path.join(tmp, 'activity'), path.join(root, 'activity'));
		rmSync(tmp, {recursive: true});
		return {session: qwenManifest.scenarios[scenario].session};
	},
	opencode(scenario, root) {
		const dir = path.join(root, 'data', 'opencode');
		mkdirSync(dir, {recursive: true});
		for (const name of ['opencode.db', 'opencode.db-wal']) {
			cpSync(path.join(fixtures, 'opencode', scenario, name), path.join(dir, name));
		}
		setTimes(dir, '2026-11-29T02:00:00.000Z');
		return {};
	},
};

const CLAUDE_SOME = [
	'mixed',
	'deepflow',
	'hostile',
	'workflow',
	'workflow-kill',
	'resume-cut',
	'sigkill',
	'background',
	'depth3',
	'interactive',
	'stop-workflow',
	'stop-resume',
];
const claudeScenarios = all ? Object.keys(claudeManifest.scenarios).sort() : CLAUDE_SOME;

/** name → the parts it is made of. */
const worlds = [
	['empty', []],
	...claudeScenarios.map(s => [`claude-${s}`, [['claude', s]]]),
	...['v1', 'v2', 'interrupted', 'killed-v1', 'second-task', 'v2-code-mode'].map(s => [`codex-${s}`, [['codex', s]]]),
	...['tools', 'parallel', 'fail', 'cut', 'turns'].map(s => [`gemini-${s}`, [['gemini', s]]]),
	...Object.keys(qwenManifest.scenarios).map(s => [`qwen-${s}`, [['qwen', s]]]),
	...['parallel', 'failed', 'cut', 'fifty'].map(s => [`opencode-${s}`, [['opencode', s]]]),
	// Every tool at once: which session is the newest, and the listings side by side.
	[
		'together',
		[
			['claude', 'mixed'],
			['claude', 'workflow'],
			['codex', 'v2'],
			['gemini', 'parallel'],
			['qwen', 'subagents'],
			['opencode', 'parallel'],
		],
	],
].filter(([name]) => only === undefined || name.includes(only));

/** The read commands, each as its arguments; `at` and `session` come from the world. */
function commandsOf(world) {
	const at = world.at ?? '2026-11-29T05:00:00.000Z';
	const commands = [
		['ls'],
		['ls', '--json'],
		['ls', '--all'],
		['ls', '--all', '--json'],
		['ls', '--filter', 'status:stopped'],
		['ls', '--at', at],
		['ls', '--at', at, '--json'],
		['sessions'],
		['sessions', '--json'],
		['sessions', '--cost'],
		['sessions', '--cost', '--json'],
		['history'],
		['history', '--json'],
		['history', '--events'],
		['history', '--events', '--json'],
		['history', '--asc', '--limit', '2'],
		['history', '--status', 'completed,failed'],
		['stats'],
		['stats', '--json'],
		['stats', '--by', 'session'],
		['stats', '--by', 'provider', '--json'],
		['timeline', '--width', '100'],
		['timeline', '--json'],
		['report'],
		['report', '--json'],
		['export'],
		['export', '--format', 'csv'],
		['export', '--events'],
		['status'],
		['status', '--format', 'json'],
		['status', '--format', 'tmux'],
		['doctor'],
		['doctor', '--json'],
		['replay'],
		['watch'],
		['watch', '--at', at],
		['watch', '--max', '2'],
	];
	if (world.session !== undefined) {
		const prefix = world.session.slice(0, 8);
		commands.push(
			['ls', prefix],
			['ls', prefix, '--json'],
			['timeline', prefix, '--json'],
			['report', prefix],
			['status', prefix],
			['history', prefix],
			['replay', prefix],
		);
		commands.push(['ls', 'nosuchsession']);
	}
	return commands;
}

const slug = argv => argv.join(' ').replace(/[^\w.,:-]+/gu, '_');

function run(argv, root) {
	const env = {
		PATH: process.env.PATH,
		LANG: 'C.UTF-8',
		TZ: 'UTC',
		HOME: path.join(root, 'home'),
		CLAUDE_CONFIG_DIR: path.join(root, 'claude'),
		AGENTLOG_DIR: path.join(root, 'activity'),
		CODEX_HOME: path.join(root, 'codex'),
		GEMINI_CLI_HOME: path.join(root, 'gemini-cli'),
		XDG_STATE_HOME: path.join(root, 'state'),
		XDG_CONFIG_HOME: path.join(root, 'config'),
		XDG_DATA_HOME: path.join(root, 'data'),
		XDG_CACHE_HOME: path.join(root, 'cache'),
		TMPDIR: path.join(root, 'tmp'),
		AGENTLOG_NOW: NOW,
	};
	mkdirSync(env.TMPDIR, {recursive: true});
	return new Promise(resolve => {
		const child = spawn(process.execPath, [cli, ...argv], {env, stdio: ['ignore', 'pipe', 'pipe']});
		const out = [];
		const err = [];
		child.stdout.on('data', d => out.push(d));
		child.stderr.on('data', d => err.push(d));
		const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8')});
		});
	});
}

const base = mkdtempSync(path.join(os.tmpdir(), 'agentlog-golden-'));
const normalise = text => text.split(base).join('<ROOT>');
let written = 0;

async function runWorld([name, parts], index) {
	const template = path.join(base, `t${String(index).padStart(3, '0')}`);
	mkdirSync(path.join(template, 'home'), {recursive: true});
	let facts = {};
	for (const [kind, scenario] of parts) {
		const got = part[kind](scenario, template);
		facts = {...got, ...facts};
	}
	// The folders the parts share (activity, home, …): their own time fixed too, not their content's.
	for (const name of readdirSync(template)) {
		utimesSync(path.join(template, name), new Date(NOW), new Date(NOW));
	}
	utimesSync(template, new Date(NOW), new Date(NOW));
	const dir = path.join(outDir, name);
	mkdirSync(dir, {recursive: true});
	const root = path.join(base, `w${String(index).padStart(3, '0')}`);
	for (const argv of commandsOf(facts)) {
		rmSync(root, {recursive: true, force: true});
		copyWorld(template, root);
		const r = await run(argv, root);
		const text = `$ agentlog ${argv.join(' ')}\nexit ${r.code ?? r.signal}\n--- stdout\n${normalise(r.stdout)}--- stderr\n${normalise(r.stderr)}`;
		writeFileSync(path.join(dir, `${slug(argv)}.txt`), text);
		written += 1;
	}
	rmSync(root, {recursive: true, force: true});
	rmSync(template, {recursive: true, force: true});
}

try {
	const queue = worlds.map((w, i) => [w, i]);
	await Promise.all(
		Array.from({length: Math.max(1, jobs)}, async () => {
			for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
				await runWorld(...next);
			}
		}),
	);
} finally {
	rmSync(base, {recursive: true, force: true});
}
process.stdout.write(`${written} outputs of ${worlds.length} worlds written to ${outDir}\n`);
