// Nesting to depth 3 as the real Claude Code 2.1.328 recorded it (test/fixtures/claude/depth3:
// outer → middle → inner, all foreground), its payloads through the installed hook: the session's
// own start is the first line of its log, each agent's parent and depth are known from its start
// (its `.meta.json`), `ls --json` and `history --json` name the parent of every agent and the
// result of every call, and `watch` draws the tree one level further in at every depth.
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {placeClaudeFixture, type PlacedFixture} from '../../helpers/claude-fixture-copy.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');

let fx: PlacedFixture;
let activity: string;
/** Each agent's file right after its SubagentStart was recorded. */
const atStart = new Map<string, Record<string, unknown>>();

function agentlog(...args: string[]) {
	const env = {...process.env, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: fx.claude};
	const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8'});
	expect(r.status, r.stderr).toBe(0);
	return r.stdout;
}

const byScript = (script: string) => fx.agents.find(a => a.script === script)!;

beforeAll(() => {
	fx = placeClaudeFixture('depth3');
	activity = tempDir('activity-');
	const launcher = installedHook();
	const env = hookEnv(activity, {CLAUDE_CONFIG_DIR: fx.claude});
	for (const text of fx.payloads) {
		expect(runHook(launcher, text, env)).toMatchObject({status: 0, stdout: ''});
		const payload = JSON.parse(text) as {hook_event_name: string; agent_id?: string};
		if (payload.hook_event_name === 'SubagentStart') {
			const file = path.join(activity, fx.sessionId, `${payload.agent_id}.json`);
			atStart.set(payload.agent_id!, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
		}
	}
});

describe('depth 3, from the real payloads', () => {
	it('knows each agent’s parent and depth from its start, as the manifest says', () => {
		expect(fx.agents.map(a => a.depth).sort()).toEqual([1, 2, 3]);
		for (const a of fx.agents) {
			const record = atStart.get(a.agentId)!;
			expect(record.spawnDepth, a.script).toBe(a.depth);
			expect(record.parentAgentId, a.script).toBe(a.parent ?? undefined);
		}
		// The log says it too, on the start line (history has it even if the agent is cut off later).
		const starts = readFileSync(path.join(activity, fx.sessionId, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(line => JSON.parse(line) as {event: string; agentId?: string; data?: {parentAgentId?: string; spawnDepth?: number}})
			.filter(line => line.event === 'SubagentStart');
		expect(starts.map(line => [line.agentId, line.data?.parentAgentId, line.data?.spawnDepth])).toEqual(
			['outer', 'middle', 'inner'].map(s => [byScript(s).agentId, byScript(s).parent ?? undefined, byScript(s).depth]),
		);
	});

	it('the log starts with the session’s own start, its source as Claude Code sent it (2.1.328 sends no model)', () => {
		const [first] = readFileSync(path.join(activity, fx.sessionId, 'events.jsonl'), 'utf8').split('\n');
		const start = fx.payloads.map(text => JSON.parse(text) as Record<string, unknown>).find(p => p.hook_event_name === 'SessionStart')!;
		expect(start.model).toBeUndefined();
		expect(JSON.parse(first!)).toMatchObject({event: 'SessionStart', sessionId: fx.sessionId, data: {source: 'startup'}, cwd: start.cwd});
	});

	it('ls --json: every parent right, and the status of every call’s result (nested ones too)', () => {
		const agents = JSON.parse(agentlog('ls', '--json')) as Array<{agentId: string; parentAgentId: string | null; result: {status: string | null} | null}>;
		expect(agents).toHaveLength(3);
		for (const a of fx.agents) {
			const shown = agents.find(x => x.agentId === a.agentId)!;
			expect(shown.parentAgentId, a.script).toBe(a.parent);
			expect(shown.result?.status, a.script).toBe('completed');
		}
	});

	it('history --json: every parent right', () => {
		const agents = JSON.parse(agentlog('history', '--json')) as Array<{agentId: string; parentAgentId: string | null; status: string}>;
		for (const a of fx.agents) {
			expect(
				agents.find(x => x.agentId === a.agentId),
				a.script,
			).toMatchObject({parentAgentId: a.parent, status: 'completed'});
		}
	});

	it('watch’s snapshot and ls draw the tree: each depth one level further in than its parent', () => {
		for (const out of [agentlog('watch'), agentlog('ls')]) {
			const lines = out.split('\n');
			const column = (script: string) => {
				const line = lines.find(l => l.includes(byScript(script).description!) || l.includes(byScript(script).agentId))!;
				return line.indexOf('general-purpose');
			};
			expect(column('middle')).toBeGreaterThan(column('outer'));
			expect(column('inner')).toBeGreaterThan(column('middle'));
			expect(out).toMatch(/└ general-purpose/u);
		}
	});

	it('an inner agent cut off (no stop, no result to its parent) still has its parent in history, from its start', () => {
		const inner = byScript('inner');
		const cutActivity = tempDir('cut-');
		const launcher = installedHook();
		const env = hookEnv(cutActivity, {CLAUDE_CONFIG_DIR: fx.claude});
		for (const text of fx.payloads) {
			const p = JSON.parse(text) as {hook_event_name: string; agent_id?: string; tool_response?: {agentId?: string}};
			const aboutInner = p.agent_id === inner.agentId || p.tool_response?.agentId === inner.agentId;
			if (!(aboutInner && (p.hook_event_name === 'SubagentStop' || p.hook_event_name === 'PostToolUse'))) {
				expect(runHook(launcher, text, env).status).toBe(0);
			}
		}
		const r = spawnSync(process.execPath, [cli, 'history', '--json'], {
			env: {...process.env, AGENTLOG_DIR: cutActivity, CLAUDE_CONFIG_DIR: fx.claude},
			encoding: 'utf8',
		});
		const agents = JSON.parse(r.stdout) as Array<{agentId: string; parentAgentId: string | null; status: string}>;
		expect(agents.find(a => a.agentId === inner.agentId)).toMatchObject({parentAgentId: inner.parent, status: 'interrupted'});
	});
});
