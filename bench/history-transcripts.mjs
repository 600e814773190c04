// `history --json` and `stats --json` over 10,000 agents / ~100,000 events in 500 sessions whose
// agents have transcripts, shaped like Claude Code 2.1.328's (bench/claude-gen.mjs: main
// transcripts with the Agent calls and <task-notification>s, subagent transcripts of ~100 KB to a
// few MB with message ids and usage, .meta.json, workflow runs; ~2 GB in all), against a plain
// readline + JSON.parse of the same log lines, measured in the same run. Two figures each: the
// first run (no state left by an earlier run: the activity folder as generated, no state folder,
// nothing else new in the temporary HOME) and warm (the runs after it). The transcripts are in the
// OS page cache in both (the bench writes them just before): "first run" is agentlog's own cold
// start, not a cold disk. Targets: warm ≤ 3× the plain parse, ≤ 150 MB peak RSS.
import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {writeSession} from './claude-gen.mjs';
import {cleanEnv, fmt, measureNode, ratio, summary, writeRssProbe} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
const SESSIONS = 500;
const WARM_GOAL = 3;
const RSS_GOAL_MB = 150;

/** Every readline + JSON.parse of every events.jsonl: the floor a reader of the log cannot go under. */
export const PLAIN_PARSE = `
import {createReadStream, readdirSync} from 'node:fs';
import {createInterface} from 'node:readline';
const dir = process.env.AGENTLOG_DIR;
let lines = 0;
for (const name of readdirSync(dir)) {
	if (name.startsWith('.')) continue;
	const rl = createInterface({input: createReadStream(dir + '/' + name + '/events.jsonl'), crlfDelay: Infinity});
	for await (const line of rl) {
		if (line) { JSON.parse(line); lines++; }
	}
}
process.stderr.write('lines ' + lines + '\\n');
`;

/** Every file under `dir` (not following links): relative path → size. */
function listFiles(dir, base = dir, out = new Map()) {
	for (const entry of readdirSync(dir, {withFileTypes: true})) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) {
			listFiles(full, base, out);
		} else {
			out.set(path.relative(base, full), statSync(full).size);
		}
	}
	return out;
}

const mb = bytes => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export function generateHistory(home, now) {
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	let agents = 0;
	let events = 0;
	let bytes = 0;
	for (let s = 0; s < SESSIONS; s++) {
		// Every fifth session runs a workflow of 8 agents beside 12 subagents; the others 20 subagents.
		const workflow = s % 5 === 0;
		const made = writeSession({
			claude,
			activity,
			s,
			t0: now - (SESSIONS - s) * 3_600_000,
			agents: workflow ? 12 : 20,
			workflowAgents: workflow ? 8 : 0,
			asks: 3.75,
			now,
		});
		agents += made.agents;
		events += made.events;
		bytes += made.bytes;
	}
	return {claude, activity, agents, events, bytes};
}

export async function runHistoryTranscriptsBench({warmRounds = 5, coldRounds = 2} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-history-transcripts-'));
	const lines = [];
	let ok = true;
	try {
		const home = path.join(tmp, 'home');
		const state = path.join(tmp, 'state');
		const now = Date.parse('2026-11-26T12:00:00Z');
		const t0 = Date.now();
		const {activity, claude, agents, events, bytes} = generateHistory(home, now);
		const generatedMs = Date.now() - t0;
		const probe = writeRssProbe(path.join(tmp, 'rss-probe.mjs'));
		const plain = path.join(tmp, 'plain-parse.mjs');
		writeFileSync(plain, PLAIN_PARSE);
		const pristine = path.join(tmp, 'activity-as-generated');
		cpSync(activity, pristine, {recursive: true});
		const generated = listFiles(home);
		const env = cleanEnv({
			HOME: home,
			CLAUDE_CONFIG_DIR: claude,
			AGENTLOG_DIR: activity,
			XDG_STATE_HOME: state,
			AGENTLOG_NOW: new Date(now).toISOString(),
		});
		/** Back to the state just after generation: the log as written, no state folder, nothing new under HOME. */
		const reset = () => {
			rmSync(state, {recursive: true, force: true});
			for (const file of listFiles(home).keys()) {
				if (!generated.has(file)) {
					rmSync(path.join(home, file), {force: true});
				}
			}
			rmSync(activity, {recursive: true, force: true});
			cpSync(pristine, activity, {recursive: true});
			mkdirSync(state, {recursive: true});
		};
		lines.push(
			`history with transcripts: ${agents.toLocaleString('en')} agents / ${events.toLocaleString('en')} events in ${SESSIONS} sessions, ${mb(bytes)} of subagent transcripts (generated in ${(generatedMs / 1000).toFixed(1)} s)`,
		);

		const commands = [
			['history --json', [cli, 'history', '--json']],
			['stats --json', [cli, 'stats', '--json']],
		];
		// AGENTLOG_BENCH_BASELINE=<another build's bin/agentlog.js>: its warm runs too, in the same rounds.
		const baseline = process.env.AGENTLOG_BENCH_BASELINE;
		const warmCommands = baseline ? [...commands, ...commands.map(([name, args]) => [`${name} (baseline)`, [baseline, ...args.slice(1)]])] : commands;
		const firstRun = new Map();
		let written = '';
		for (const [name, args] of warmCommands) {
			const samples = [];
			for (let i = 0; i < coldRounds; i++) {
				reset();
				samples.push(measureNode(args, env, probe));
				if (!written) {
					const after = listFiles(home);
					const grown = [...after].filter(([file, size]) => generated.get(file) !== size && !file.startsWith('.claude/projects/'));
					const stateFiles = listFiles(state);
					const all = [...grown.map(([f, s]) => [`HOME/${f}`, s]), ...[...stateFiles].map(([f, s]) => [`XDG_STATE_HOME/${f}`, s])];
					const total = all.reduce((sum, [, s]) => sum + s, 0);
					all.sort((a, b) => b[1] - a[1]);
					// By folder: each cache's files and bytes.
					const folders = new Map();
					for (const [f, s] of all) {
						const folder = path.dirname(f);
						const [n, b] = folders.get(folder) ?? [0, 0];
						folders.set(folder, [n + 1, b + s]);
					}
					written = all.length
						? `  the first ${name} wrote or grew ${all.length} files, ${mb(total)}: ${[...folders]
								.sort((a, b) => b[1][1] - a[1][1])
								.slice(0, 4)
								.map(([f, [n, b]]) => `${f}/ (${n} files, ${mb(b)})`)
								.join(', ')}`
						: `  the first ${name} wrote nothing (no cache, no log lines): every run reads the same`;
				}
			}
			firstRun.set(name, samples);
		}
		// Warm: the state the first runs leave (the last one was stats; history once more first).
		reset();
		for (const [, args] of warmCommands) {
			measureNode(args, env, probe);
		}
		const logLines = listFiles(activity);
		let logBytes = 0;
		for (const [file, size] of logLines) {
			if (file.endsWith('events.jsonl')) {
				logBytes += size;
			}
		}
		const warm = new Map(warmCommands.map(([name]) => [name, []]));
		const base = [];
		const plainArgs = [plain];
		base.push(measureNode(plainArgs, env, probe));
		for (let i = 0; i < warmRounds; i++) {
			base.push(measureNode(plainArgs, env, probe));
			for (const [name, args] of warmCommands) {
				warm.get(name).push(measureNode(args, env, probe));
			}
		}
		const median = samples => summary(samples.map(s => s.ms)).median;
		const cpu = samples => summary(samples.map(s => s.cpuMs)).median;
		const peak = samples => Math.max(...samples.map(s => s.rssMb));
		const b = median(base);
		lines.push(
			`  plain readline + JSON.parse of the log lines (${mb(logBytes)})   median ${fmt(b)}  CPU ${fmt(cpu(base))}  max RSS ${peak(base).toFixed(0)} MB`,
		);
		for (const [name] of commands) {
			const w = warm.get(name);
			const f = firstRun.get(name);
			const wm = median(w);
			const fm = median(f);
			const rss = Math.max(peak(w), peak(f));
			const over = wm / b > WARM_GOAL || rss > RSS_GOAL_MB;
			ok &&= !over;
			lines.push(
				`  ${name.padEnd(15)} warm median ${fmt(wm).padStart(10)} = ${ratio(wm, b)} the plain parse (target ≤ ${WARM_GOAL.toFixed(2)}×)  CPU ${fmt(cpu(w))} (${ratio(cpu(w), cpu(base))})  max RSS ${peak(w).toFixed(0)} MB (target ≤ ${RSS_GOAL_MB} MB)`,
				`  ${''.padEnd(15)} first run   ${fmt(fm).padStart(10)} = ${ratio(fm, b)} the plain parse   CPU ${fmt(cpu(f))} (${ratio(cpu(f), cpu(base))})  max RSS ${peak(f).toFixed(0)} MB   (${f.length} runs from a reset state)`,
			);
		}
		for (const [name] of warmCommands.slice(commands.length)) {
			const w = warm.get(name);
			const f = firstRun.get(name);
			lines.push(
				`  ${name.padEnd(26)} first run   ${fmt(median(f)).padStart(10)} = ${ratio(median(f), b)}  CPU ${fmt(cpu(f))} (${ratio(cpu(f), cpu(base))})  max RSS ${peak(f).toFixed(0)} MB`,
			);
			lines.push(
				`  ${name.padEnd(26)} warm median ${fmt(median(w)).padStart(10)} = ${ratio(median(w), b)}  CPU ${fmt(cpu(w))} (${ratio(cpu(w), cpu(base))})  max RSS ${peak(w).toFixed(0)} MB`,
			);
		}
		lines.push(written);
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
