// The built-in demo's script: in time order within its length, and showing what it promises (a
// parallel start, a stale agent, ghosts, a stop with an empty type, an idle before a start, more
// agents than the display cap), every payload for the session it is made for.
import {describe, expect, it} from 'vitest';
import {DEMO_LENGTH_SECONDS, DEMO_STALE_SECONDS, demoSteps, type DemoStep} from '../../../src/core/demo/scenario.js';

const SESSION = '5e55a0b1-0000-4000-8000-00000000c0de';
const steps = demoSteps(SESSION, '/p');
const p = (s: DemoStep) => s.payload as Record<string, unknown>;
const of = (event: string) => steps.filter(s => p(s).hook_event_name === event);

describe('demoSteps', () => {
	it('is in time order, inside the scenario’s length', () => {
		const times = steps.map(s => s.at);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(times[0]).toBeGreaterThan(0);
		expect(times.at(-1)).toBeLessThanOrEqual(DEMO_LENGTH_SECONDS);
		expect(DEMO_STALE_SECONDS).toBeLessThan(DEMO_LENGTH_SECONDS);
	});

	it('every payload names the session and its transcript under the projects folder', () => {
		for (const step of steps) {
			expect(p(step)).toMatchObject({session_id: SESSION, transcript_path: `/p/${SESSION}.jsonl`, cwd: '/home/dev/acme'});
		}
		for (const step of of('SubagentStop')) {
			expect(p(step).agent_transcript_path).toBe(`/p/${SESSION}/subagents/agent-${String(p(step).agent_id)}.jsonl`);
		}
		for (const step of of('TeammateIdle')) {
			expect(p(step).team_name).toBe('session-5e55a0b1');
		}
	});

	it('a new session id is a new run: nothing of the last one is kept', () => {
		const other = demoSteps('00000000-1111-4000-8000-000000000000');
		expect(JSON.stringify(other)).not.toContain(SESSION);
		expect(other).toHaveLength(steps.length);
	});

	it('starts more agents than the display cap of 8, three Explore agents within a second', () => {
		const started = new Set(of('SubagentStart').map(s => p(s).agent_id));
		expect(started.size).toBeGreaterThan(8);
		const explores = of('SubagentStart').filter(s => p(s).agent_type === 'Explore' && s.at <= 2);
		expect(explores).toHaveLength(3);
	});

	it('stops each agent after its start, except the one left to turn stale', () => {
		const firstStart = new Map<unknown, number>();
		for (const s of of('SubagentStart')) {
			if (!firstStart.has(p(s).agent_id)) firstStart.set(p(s).agent_id, s.at);
		}
		const stopped = new Set<unknown>();
		for (const s of of('SubagentStop')) {
			const start = firstStart.get(p(s).agent_id);
			if (start !== undefined) {
				expect(s.at, String(p(s).agent_id)).toBeGreaterThan(start);
			}
			stopped.add(p(s).agent_id);
		}
		const neverStopped = [...firstStart.keys()].filter(id => !stopped.has(id));
		// The stale Plan agent, and the teammates (researcher idles, reviewer works again at the end).
		expect(neverStopped.sort()).toEqual(['a5e6f7a8b9c0d1e05', 'researcher@session-5e55a0b1', 'reviewer@session-5e55a0b1']);
		const stale = firstStart.get('a5e6f7a8b9c0d1e05')!;
		expect(DEMO_LENGTH_SECONDS - stale).toBeGreaterThan(DEMO_STALE_SECONDS);
	});

	it('has a stop with an empty type for a started agent, and one for an agent never started', () => {
		const empty = of('SubagentStop').filter(s => p(s).agent_type === '');
		expect(empty.map(s => p(s).agent_id)).toEqual(['a2b81d07c4e5f6a02', 'acompact7f3e2d1c0']);
		expect(of('SubagentStart').some(s => p(s).agent_id === 'acompact7f3e2d1c0')).toBe(false);
	});

	it('a teammate idles before it ever starts', () => {
		const idle = of('TeammateIdle').find(s => p(s).teammate_name === 'docs-writer');
		expect(idle).toBeDefined();
		expect(of('SubagentStart').some(s => String(p(s).agent_id).startsWith('docs-writer@'))).toBe(false);
	});

	it('background launches come right after their starts; a nested agent’s call names its caller', () => {
		const launches = of('PostToolUse').filter(s => (p(s).tool_response as {status: string}).status === 'async_launched');
		for (const launch of launches) {
			const id = (p(launch).tool_response as {agentId: string}).agentId;
			const start = of('SubagentStart').find(s => p(s).agent_id === id)!;
			expect(launch.at - start.at).toBeCloseTo(0.05);
			expect((p(launch).tool_input as {run_in_background: boolean}).run_in_background).toBe(true);
		}
		const nested = of('PostToolUse').find(s => (p(s).tool_response as {agentId: string}).agentId === 'a4c1child0nested11');
		expect(p(nested!).agent_id).toBe('a4d7b2c8e1f0a9b04');
	});
});
