// agentlog installed twice — as the Claude Code plugin and by install-hook — runs two copies of the
// hook for every event, both appending their line to the event log. The readers drop the repeats
// (core/history/repeats.ts, in the fold), so history, stats, chain and export say what one copy
// would have recorded. watch's lifecycle (SessionEventFollower), replay and watch --at fold the same
// lines with the same foldEvents.
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {PLUGIN_HOOK_COMMAND} from '../../../src/core/install/agentlog-plugin.js';
import {hookEnv, installedHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cli = path.join(root, 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const TRANSCRIPT = `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`;
const base = {session_id: SESSION, transcript_path: TRANSCRIPT, cwd: '/home/dev/acme'};
/** Each step's events fire at once (a foreground agent's SubagentStop and its Agent call's PostToolUse do). */
const steps = [
	[{...base, hook_event_name: 'SubagentStart', agent_id: 'a8c41f0e92b7d3a15', agent_type: 'Explore'}],
	// Recorded once the session has a folder (a session without agents leaves none).
	[{...base, hook_event_name: 'SessionStart', source: 'compact', model: 'claude-sonnet-5'}],
	[{...base, hook_event_name: 'SubagentStart', agent_id: 'b1c41f0e92b7d3a15', agent_type: 'Plan'}],
	[
		{
			...base,
			hook_event_name: 'SubagentStop',
			agent_id: 'a8c41f0e92b7d3a15',
			agent_type: 'Explore',
			last_assistant_message: 'Found 4 API routes.',
			stop_hook_active: false,
		},
		{
			...base,
			hook_event_name: 'PostToolUse',
			tool_name: 'Agent',
			tool_use_id: 'toolu_01',
			tool_input: {description: 'Find API routes', prompt: 'List every route', subagent_type: 'Explore'},
			tool_response: {status: 'completed', agentId: 'a8c41f0e92b7d3a15', totalTokens: 12450, totalToolUseCount: 7, totalDurationMs: 48211},
		},
	],
	[{...base, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit'}],
];
const eventCount = steps.flat().length;

/** The plugin's copy of the hook: hooks.json's command, `${CLAUDE_PLUGIN_ROOT}` put in. */
function pluginCommand(): string {
	const plugin = path.join(tempDir('plugin-'), 'agentlog');
	mkdirSync(path.join(plugin, 'hooks'), {recursive: true});
	for (const name of ['agent-spy.sh', 'agent-spy.cjs', 'agent-prune.cjs']) {
		cpSync(path.join(root, 'hooks', name), path.join(plugin, 'hooks', name));
	}
	return PLUGIN_HOOK_COMMAND.split('${CLAUDE_PLUGIN_ROOT}').join(plugin);
}

function run(command: string, payload: unknown, activity: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn('/bin/sh', ['-c', command], {env: hookEnv(activity), stdio: ['pipe', 'ignore', 'ignore']});
		child.on('error', reject);
		child.on('close', () => resolve());
		child.stdin.end(JSON.stringify(payload));
	});
}

/** Each event through every copy of the hook at once, as Claude Code runs the matching hooks in parallel. */
async function record(commands: readonly string[]): Promise<string> {
	const activity = tempDir('activity-');
	for (const step of steps) {
		await Promise.all(step.flatMap(payload => commands.map(command => run(command, payload, activity))));
	}
	return activity;
}

function agentlog(activity: string, ...args: string[]): unknown {
	const r = spawnSync(process.execPath, [cli, ...args, '--dir', activity], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}});
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	return JSON.parse(r.stdout) as unknown;
}

/** What a reader shows, without the times (two runs never share them). */
function shape(activity: string) {
	const history = agentlog(activity, 'history', '--json') as {agentId: string; status: string; tokens?: number; toolCalls?: number}[];
	const lines = agentlog(activity, 'history', '--events', '--json') as {event: string; agentId?: string}[];
	const stats = agentlog(activity, 'stats', '--json') as Record<string, unknown>;
	const chain = agentlog(activity, 'chain', 'a8c41f0e', '--json') as {
		agent: {status: string; tokens: number; events: {event: string}[]};
		ancestors: unknown[];
		descendants: unknown[];
	};
	const exported = spawnSync(process.execPath, [cli, 'export', '--events', '--dir', activity], {encoding: 'utf8'}).stdout.trim().split('\n');
	return {
		history: history.map(h => `${h.agentId} ${h.status} ${h.tokens} ${h.toolCalls}`).sort(),
		// Events fired at once may be recorded in either order.
		lines: lines.map(l => `${l.event} ${l.agentId}`).sort(),
		stats: {agents: stats.agents, events: stats.events, byEvent: stats.byEvent, byStatus: stats.byStatus},
		chain: {
			status: chain.agent.status,
			tokens: chain.agent.tokens,
			events: chain.agent.events.map(e => e.event).sort(),
			ancestors: chain.ancestors.length,
			descendants: chain.descendants.length,
		},
		exportRows: exported.length,
	};
}

describe('agentlog installed both as a plugin and by install-hook', () => {
	it('records every event twice, and every reader shows it once', async () => {
		const installed = installedHook();
		const once = await record([installed]);
		const twice = await record([installed, pluginCommand()]);
		const log = (activity: string) =>
			readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8')
				.trim()
				.split('\n');
		expect(log(twice)).toHaveLength(2 * log(once).length);

		const single = shape(once);
		expect(single.lines).toHaveLength(eventCount);
		expect(shape(twice)).toEqual(single);
	});
});
