// Time travel (issue 13): a scripted session played through the real hook, with `ls --json` taken
// on the live files after each step; then `ls --at <that moment> --json`, rebuilt from the event
// log alone (and the transcript read up to then), must give the same agents.
import {spawnSync} from 'node:child_process';
import {appendFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../helpers/hook.js';
import {tempDir} from '../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');
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

describe('ls --at', () => {
	it('gives, at each moment of a scripted session, what ls --json gave on the live files then', async () => {
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
				runHook(launcher, payload('SubagentStop', {agent_id: 'a1', agent_type: 'Explore', last_assistant_message: '## Routes\n\nFour.'}), hookEnv(f.activity)),
			() => runHook(launcher, payload('SessionEnd', {reason: 'prompt_input_exit'}), hookEnv(f.activity)),
		];
		const seen: Array<{at: number; json: unknown}> = [];
		for (const step of steps) {
			step();
			await sleep(40);
			const at = Date.now();
			seen.push({at, json: ls(f, at)});
			await sleep(40);
		}
		expect(seen.at(-1)?.json).toMatchObject([
			{agentId: 'a2', displayStatus: 'stopped', interrupted: true, description: 'Plan the change'},
			{agentId: 'a1', displayStatus: 'stopped', report: '## Routes\n\nFour.', toolCounts: {Grep: 1, Read: 1}},
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
