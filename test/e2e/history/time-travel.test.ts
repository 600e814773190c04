// Time travel: a scripted session played through the real hook, with `ls --json` taken
// on the live files after each step; then `ls --at <that moment> --json`, rebuilt from the event
// log alone (and the transcript read up to then), must give the same agents.
import {spawnSync} from 'node:child_process';
import {appendFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const S = '5e55a0a0-7b4e-4d21-9c55-0e8d1a6b2f47';

let launcher = '';
beforeAll(() => {
	launcher = installedHook();
});

interface Folders {
	readonly home: string;
	readonly claude: string;
	readonly activity: string;
	readonly main: string;
}

function folders(): Folders {
	const home = tempDir('tt-');
	const claude = path.join(home, '.claude');
	const project = path.join(claude, 'projects', '-home-dev-acme');
	mkdirSync(path.join(project, S, 'subagents'), {recursive: true});
	return {home, claude, activity: path.join(home, 'activity'), main: path.join(project, `${S}.jsonl`)};
}

function cliEnv(f: Folders, now: number): NodeJS.ProcessEnv {
	return {PATH: process.env.PATH, HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, AGENTLOG_NOW: String(now), TZ: 'UTC'};
}

function ls(f: Folders, now: number, ...args: string[]): unknown {
	const r = spawnSync(process.execPath, [cli, 'ls', S, '--json', ...args], {env: cliEnv(f, now), encoding: 'utf8'});
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	return JSON.parse(r.stdout);
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** A transcript line as Claude Code writes it: an assistant turn calling a tool, stamped now. */
function toolLine(agentId: string, tool: string, input: Record<string, unknown>): string {
	return `${JSON.stringify({
		isSidechain: true,
		agentId,
		type: 'assistant',
		message: {
			id: `msg_${tool}_${Date.now()}`,
			role: 'assistant',
			model: 'claude-haiku-4-5',
			content: [{type: 'tool_use', id: `toolu_${tool}`, name: tool, input}],
		},
		uuid: `u-${Date.now()}`,
		timestamp: new Date().toISOString(),
	})}\n`;
}

/** A scripted session played through the real hook: after each step, the moment and `ls --json` on the live files then. */
async function playScript(): Promise<{f: Folders; seen: Array<{at: number; json: unknown; screen: string}>}> {
	const f = folders();
	const payload = (event: string, extra: Record<string, unknown>) =>
		JSON.stringify({session_id: S, transcript_path: f.main, cwd: '/home/dev/acme', hook_event_name: event, ...extra});
	const transcript = (id: string) => path.join(path.dirname(f.main), S, 'subagents', `agent-${id}.jsonl`);
	const steps: Array<() => void> = [
		() => runHook(launcher, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}), hookEnv(f.activity)),
		() => appendFileSync(transcript('a1'), toolLine('a1', 'Grep', {pattern: 'router'})),
		() => runHook(launcher, payload('SubagentStart', {agent_id: 'a2', agent_type: 'Plan'}), hookEnv(f.activity)),
		() => appendFileSync(transcript('a1'), toolLine('a1', 'Read', {file_path: '/home/dev/acme/src/app.ts'})),
		() =>
			runHook(
				launcher,
				payload('PostToolUse', {
					tool_name: 'Agent',
					tool_input: {description: 'Plan the change', prompt: 'Plan it', subagent_type: 'Plan'},
					tool_response: {status: 'async_launched', agentId: 'a2'},
				}),
				hookEnv(f.activity),
			),
		() =>
			runHook(
				launcher,
				payload('SubagentStop', {agent_id: 'a1', agent_type: 'Explore', last_assistant_message: `## Routes\n\nFour.${' The router holds them.'.repeat(20)}`}),
				hookEnv(f.activity),
			),
		() => runHook(launcher, payload('SessionEnd', {reason: 'prompt_input_exit'}), hookEnv(f.activity)),
	];
	const seen: Array<{at: number; json: unknown; screen: string}> = [];
	for (const step of steps) {
		step();
		await sleep(40);
		const at = Date.now();
		const screen = spawnSync(process.execPath, [cli, 'watch', S], {env: {...cliEnv(f, at), COLUMNS: '100'}, encoding: 'utf8'}).stdout;
		seen.push({at, json: ls(f, at), screen});
		await sleep(40);
	}
	return {f, seen};
}

describe('ls --at', () => {
	it('gives, at each moment of a scripted session, what ls --json gave on the live files then', async () => {
		const {f, seen} = await playScript();
		expect(seen.at(-1)?.json).toMatchObject([
			{agentId: 'a2', displayStatus: 'stopped', interrupted: true, description: 'Plan the change'},
			{agentId: 'a1', displayStatus: 'stopped', report: `## Routes\n\nFour.${' The router holds them.'.repeat(20)}`, toolCounts: {Grep: 1, Read: 1}},
		]);
		// The one field that differs: a transcript's last sign of life is, live, the file's write time and,
		// in the past, its last line's own time (written a moment before the file). Within a second.
		type Agent = Record<string, unknown> & {lastSignOfLifeAt: string};
		const split = (agents: unknown) => (agents as Agent[]).map(({lastSignOfLifeAt, ...rest}) => ({rest, life: Date.parse(lastSignOfLifeAt)}));
		for (const [step, {at, json}] of seen.entries()) {
			const then = split(ls(f, Date.now(), '--at', new Date(at).toISOString()));
			const live = split(json);
			expect(
				then.map(a => a.rest),
				`at step ${step + 1}`,
			).toEqual(live.map(a => a.rest));
			for (const [i, agent] of then.entries()) {
				expect(Math.abs(agent.life - (live[i]?.life ?? 0)), `sign of life at step ${step + 1}`).toBeLessThan(1000);
			}
		}
	}, 30_000);

	it('says when a session has no event log, and refuses a time it cannot read', () => {
		const f = folders();
		mkdirSync(path.join(f.activity, S), {recursive: true});
		appendFileSync(
			path.join(f.activity, S, 'a1.json'),
			JSON.stringify({agentId: 'a1', type: 'Explore', status: 'active', startedAt: new Date().toISOString(), updatedAt: new Date().toISOString()}),
		);
		const none = spawnSync(process.execPath, [cli, 'ls', S, '--at', '5m'], {env: cliEnv(f, Date.now()), encoding: 'utf8'});
		expect(none.status).toBe(1);
		expect(none.stderr).toContain('has no event log');
		const bad = spawnSync(process.execPath, [cli, 'ls', S, '--at', 'yesterday-ish'], {env: cliEnv(f, Date.now()), encoding: 'utf8'});
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain("option '--at <when>'");
	});
});

describe('replay and watch --at', () => {
	const run = (f: Folders, now: number, ...args: string[]) =>
		spawnSync(process.execPath, [cli, ...args], {env: {...cliEnv(f, now), COLUMNS: '100'}, encoding: 'utf8'});
	/** The screen without replay's line under the header (which says where in the log it is). */
	const screenOnly = (text: string) => text.split('\n').filter((_, i) => i !== 1);

	it('replay, piped, shows the end of the session as watch showed the live files then; watch --at shows each moment', async () => {
		const {f, seen} = await playScript();
		const replayed = run(f, Date.now(), 'replay', S);
		expect(replayed.status).toBe(0);
		expect(replayed.stdout.split('\n')[1]).toMatch(/^at \d\d:\d\d:\d\d · 5 of 5 events/u);
		expect(screenOnly(replayed.stdout)).toEqual(seen.at(-1)?.screen.split('\n'));
		for (const {at, screen} of seen) {
			const back = run(f, Date.now(), 'watch', S, '--at', new Date(at).toISOString());
			expect(back.status).toBe(0);
			expect(screenOnly(back.stdout), `${back.stdout}\n---\n${screen}`).toEqual(screen.split('\n'));
		}
	}, 30_000);
});

describe('replay and watch --at with --filter', () => {
	const run = (f: Folders, ...args: string[]) =>
		spawnSync(process.execPath, [cli, ...args], {env: {...cliEnv(f, Date.now()), COLUMNS: '100'}, encoding: 'utf8'});

	it('keep only the agents the expression matches, and refuse a bad one', async () => {
		const {f, seen} = await playScript();
		const replayed = run(f, 'replay', S, '--filter', 'type:plan');
		expect(replayed.stderr).toBe('');
		expect(replayed.stdout).toMatch(/○ Plan\s+\S+ interrupted/u);
		expect(replayed.stdout).not.toContain('Explore');
		expect(replayed.stdout).toContain('1 of 2');
		const at = seen[3]?.at ?? 0;
		const back = run(f, 'watch', S, '--at', new Date(at).toISOString(), '--filter', 'type:explore');
		expect(back.stdout).toMatch(/Explore/u);
		expect(back.stdout).not.toContain('Plan');
		const unfiltered = run(f, 'watch', S, '--at', new Date(at).toISOString());
		expect(unfiltered.stdout).toContain('Plan');
		const bad = run(f, 'replay', S, '--filter', 'name:"open');
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('A filter:');
	}, 30_000);
});

/** The environment of a replay in a tmux pane over the scripted session's folders. */
function paneEnv(f: Folders): Record<string, string> {
	return {HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, XDG_STATE_HOME: path.join(f.home, 'state'), TERM: 'xterm-256color'};
}

describeInTerminal('agentlog replay in a real terminal', () => {
	let pane: TmuxPane | undefined;
	afterEach(() => {
		pane?.kill();
		pane = undefined;
	});

	it('plays to the end, steps back and forth, pauses, changes speed, and opens an agent at that moment', async () => {
		const {f} = await playScript();
		pane = new TmuxPane(`node ${cli} replay ${S} --speed 20`, 100, 20, paneEnv(f));
		let screen = await pane.waitFor(s => s.includes('⏸ 20×') && s.includes('5/5'), 'the end of the replay');
		expect(screen).toMatch(/○ Plan\s+\S+ interrupted/u);
		pane.keys('Left');
		screen = await pane.waitFor(s => s.includes('4/5'), 'a step back');
		expect(screen).toMatch(/Explore\s+\S+ Routes/u);
		expect(screen).not.toContain('interrupted');
		pane.keys('Left', 'Left');
		screen = await pane.waitFor(s => s.includes('2/5'), 'two more steps back');
		expect(screen).toContain('● 2 active');
		pane.keys('[');
		await pane.waitFor(s => s.includes('⏸ 10×'), 'slower');
		pane.keys('Enter');
		screen = await pane.waitFor(s => s.includes('lifecycle'), 'the detail pane at that moment');
		expect(screen).toContain('spawned');
		expect(screen).not.toContain('completed');
		// Esc then Space in one chunk (tmux sends them in one write; a terminal reads it as Alt+Space).
		pane.keysTogether('Escape', 'Space');
		await pane.waitFor(s => s.includes('5/5') && s.includes('⏸'), 'playing to the end again');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	}, 40_000);

	it('starts with --filter typed in the / line', async () => {
		const {f} = await playScript();
		pane = new TmuxPane(`node ${cli} replay ${S} --speed 20 --filter type:plan`, 100, 20, paneEnv(f));
		const screen = await pane.waitFor(s => s.includes('5/5') && s.includes('1 of 2'), 'the end of the replay, filtered');
		expect(screen).toMatch(/○ Plan\s+\S+ interrupted/u);
		expect(screen).not.toContain('Explore');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	}, 40_000);
});
