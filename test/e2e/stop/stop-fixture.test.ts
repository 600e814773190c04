// The real Claude Code 2.1.328 run of stop-parallel (scripts/claude-fixtures): three agents at
// once, one of which `agentlog stop` named; agentlog's hook denied its next tool call. Every view
// says `stopped by you` with its time and figures; the others and the session went on.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {claudeFixtures, copyClaudeRun, runOnCopy, type CopiedRun} from '../../helpers/claude-fixture-run.js';

const manifest = JSON.parse(readFileSync(path.join(claudeFixtures, 'manifest.json'), 'utf8')) as {
	scenarios: Record<string, {root: string; exitedAt: string; sessionId: string; agents: Array<{script: string; agentId: string}>}>;
};
const scenario = manifest.scenarios['stop-parallel']!;
const idOf = (script: string) => scenario.agents.find(a => a.script === script)!.agentId;

let run: CopiedRun;
beforeAll(() => {
	run = copyClaudeRun('stop-parallel', scenario);
});

describe('stop-parallel, on the real client', () => {
	it('the hook recorded one UserStop, and no SubagentStop came for the stopped agent', () => {
		const lines = readFileSync(path.join(run.root, 'activity', scenario.sessionId, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(l => JSON.parse(l) as {event: string; agentId?: string});
		expect(lines.filter(l => l.event === 'UserStop').map(l => l.agentId)).toEqual([idOf('files')]);
		expect(lines.some(l => l.event === 'SubagentStop' && l.agentId === idOf('files'))).toBe(false);
		expect(lines.filter(l => l.event === 'SubagentStop').length).toBe(2);
	});

	it('its transcript ends with the denied call and agentlog’s hook_stopped_continuation', () => {
		const transcript = readFileSync(
			path.join(
				run.root,
				'claude',
				'projects',
				'-tmp-agentlog-claude-fixtures-stop-parallel-workspace',
				scenario.sessionId,
				'subagents',
				`agent-${idOf('files')}.jsonl`,
			),
			'utf8',
		);
		expect(transcript).toContain('"hook_stopped_continuation"');
		expect(transcript).toContain('Stopped by the user from agentlog');
	});

	it('ls, history, stats and report say stopped by you; the others completed', () => {
		const ls = JSON.parse(runOnCopy(run, ['ls', scenario.sessionId, '--json'])) as Array<{agentId: string; status: string; stopReason?: string}>;
		expect(ls.find(a => a.agentId === idOf('files'))).toMatchObject({status: 'stopped', stopReason: 'user-stop'});
		expect(ls.filter(a => a.stopReason === 'subagent-stop').length).toBe(2);
		expect(runOnCopy(run, ['ls', scenario.sessionId])).toMatch(/stopped by you/u);
		const history = JSON.parse(runOnCopy(run, ['history', '--json'])) as Array<{agentId: string; status: string}>;
		expect(history.find(h => h.agentId === idOf('files'))?.status).toBe('user-stopped');
		expect(history.filter(h => h.status === 'completed').length).toBe(2);
		expect(runOnCopy(run, ['history'])).toContain('stopped by you');
		expect(runOnCopy(run, ['stats'])).toContain('stopped by you 1');
		expect(runOnCopy(run, ['report', scenario.sessionId])).toContain('stopped by you');
	});

	it('the parent’s empty result is no report: the hand-back frame never shows', () => {
		const ls = runOnCopy(run, ['ls', scenario.sessionId, '--json']);
		expect(ls).not.toContain('Subagent hand-back');
	});
});

describe.each([
	['stop-nested', ['inner', 'outer']],
	['stop-background', ['reader']],
])('%s, on the real client', (name, stopped) => {
	const sc = manifest.scenarios[name]!;
	const id = (script: string) => sc.agents.find(a => a.script === script)!.agentId;
	let copy: CopiedRun;
	beforeAll(() => {
		copy = copyClaudeRun(name, sc);
	});

	it('stops the agents it covers (a parent as its child’s call returns), each once, and every view says stopped by you', () => {
		const lines = readFileSync(path.join(copy.root, 'activity', sc.sessionId, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(l => JSON.parse(l) as {event: string; agentId?: string; data?: {hookEvent?: string}});
		expect(lines.filter(l => l.event === 'UserStop').map(l => l.agentId)).toEqual(stopped.map(id));
		expect(lines.some(l => l.event === 'SubagentStop')).toBe(false);
		if (name === 'stop-nested') {
			expect(lines.filter(l => l.event === 'UserStop').map(l => l.data?.hookEvent)).toEqual(['PreToolUse', 'PostToolUse']);
		}
		const history = JSON.parse(runOnCopy(copy, ['history', '--json'])) as Array<{agentId: string; status: string}>;
		expect(
			history
				.filter(h => h.status === 'user-stopped')
				.map(h => h.agentId)
				.sort(),
		).toEqual(stopped.map(id).sort());
		expect(runOnCopy(copy, ['ls', sc.sessionId])).toContain('stopped by you');
	});
});

describe('stop-workflow, on the real client: `agentlog stop <run>` from inside the run', () => {
	const sc = manifest.scenarios['stop-workflow']!;
	let copy: CopiedRun;
	beforeAll(() => {
		copy = copyClaudeRun('stop-workflow', sc);
	});

	it('every agent of the run stops once, those started after the request at their first tool call; the session goes on', () => {
		const lines = readFileSync(path.join(copy.root, 'activity', sc.sessionId, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(l => JSON.parse(l) as {event: string; agentId?: string});
		const runAgents = sc.agents.map(a => a.agentId).sort();
		expect(runAgents).toHaveLength(6);
		expect(
			lines
				.filter(l => l.event === 'UserStop')
				.map(l => l.agentId)
				.sort(),
		).toEqual(runAgents);
		expect(lines.some(l => l.event === 'SubagentStop')).toBe(false);
		// The main agent was asked again after the run came back, and answered.
		const served = readFileSync(path.join(claudeFixtures, 'stop-workflow', 'stand-in.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(l => JSON.parse(l) as {agent: string; turn: number});
		expect(served.some(s => s.agent === 'main' && s.turn === 2)).toBe(true);
		const history = JSON.parse(runOnCopy(copy, ['history', '--json'])) as Array<{agentId: string; status: string}>;
		expect(
			history
				.filter(h => h.status === 'user-stopped')
				.map(h => h.agentId)
				.sort(),
		).toEqual(runAgents);
		const ls = JSON.parse(runOnCopy(copy, ['ls', sc.sessionId, '--json'])) as Array<{agentId: string; stopReason?: string}>;
		expect(
			ls
				.filter(a => a.stopReason === 'user-stop')
				.map(a => a.agentId)
				.sort(),
		).toEqual(runAgents);
		expect(runOnCopy(copy, ['report', sc.sessionId])).toContain('stopped by you');
	});
});

describe('stop-resume, on the real client: an agent stopped by you, then resumed by SendMessage', () => {
	const sc = manifest.scenarios['stop-resume']!;
	let copy: CopiedRun;
	beforeAll(() => {
		copy = copyClaudeRun('stop-resume', sc);
	});

	it('its second run is a resume: its own tokens and tool calls, and it ends with its report', () => {
		const id = sc.agents[0]!.agentId;
		const lines = readFileSync(path.join(copy.root, 'activity', sc.sessionId, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(l => JSON.parse(l) as {event: string});
		expect(lines.map(l => l.event).filter(e => e !== 'SessionStart' && e !== 'SessionEnd' && e !== 'PostToolUse')).toEqual([
			'SubagentStart',
			'UserStop',
			'SubagentStart',
			'SubagentStop',
		]);
		const ls = JSON.parse(runOnCopy(copy, ['ls', sc.sessionId, '--json'])) as Array<{agentId: string; resumeCount?: number; report?: string}>;
		expect(ls.find(a => a.agentId === id)).toMatchObject({resumeCount: 1, report: 'Keeper, second report: 1 line.'});
		const [history] = JSON.parse(runOnCopy(copy, ['history', '--json'])) as Array<{status: string; runs: Array<{tokens: number; toolCalls: number}>}>;
		expect(history!.status).toBe('completed');
		// The first run: the stop command and the denied call; the second: one call and its report.
		expect(history!.runs.map(r => r.toolCalls)).toEqual([2, 1]);
		expect(history!.runs.every(r => r.tokens > 0)).toBe(true);
	});
});
