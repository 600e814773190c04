// An opencode child session folded into agentlog's one agent shape: its rows in any order, its
// tokens and cost per request, its tool calls under Claude's names, how it ended (finished, failed,
// cut off when opencode exited), and every string from the database made safe.
import {describe, expect, it} from 'vitest';
import type {Pricer} from '../../../src/core/cost/cost.js';
import {
	descriptionOfTitle,
	OPENCODE_GONE,
	opencodeAgent,
	opencodeTally,
	opencodeTokens,
	taskCallOf,
	type OpencodeDataRow,
	type OpencodeSessionRow,
} from '../../../src/core/opencode/opencode-agent.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const session: OpencodeSessionRow = {
	id: 'ses_child',
	parentId: 'ses_root',
	title: 'Check the config (@general subagent)',
	agent: 'general',
	directory: '/repo',
	model: '{"id":"m-1","providerID":"stub"}',
	timeCreated: T0,
	timeUpdated: T0 + 1000,
};
const row = (id: string, s: number, data: unknown): OpencodeDataRow => ({
	id,
	timeCreated: T0 + s * 1000,
	timeUpdated: T0 + s * 1000,
	data: typeof data === 'string' ? data : JSON.stringify(data),
});
const assistant = (id: string, s: number, extra: Record<string, unknown> = {}) =>
	row(id, s, {
		role: 'assistant',
		modelID: 'm-2',
		tokens: {input: 100, output: 20, reasoning: 5, cache: {read: 50, write: 10}},
		time: {created: T0 + s * 1000},
		...extra,
	});
const text = (id: string, s: number, messageID: string, t: string) => row(id, s, {type: 'text', text: t, messageID});
const tool = (id: string, s: number, name: string, state: Record<string, unknown>) => row(id, s, {type: 'tool', tool: name, callID: `call_${id}`, state});

const pricer: Pricer = {asOf: '2026-11-01', key: 'k', price: (_m, u) => u.input / 1000, contextWindow: () => undefined};

describe('descriptionOfTitle', () => {
	it('drops opencode’s subagent suffix only', () => {
		expect(descriptionOfTitle('Check the config (@general subagent)')).toBe('Check the config');
		expect(descriptionOfTitle('Plain title')).toBe('Plain title');
		expect(descriptionOfTitle('A (@x subagent) in the middle')).toBe('A (@x subagent) in the middle');
	});
});

describe('taskCallOf', () => {
	it('reads the child id, input, state and times of a task part', () => {
		const data = JSON.stringify({
			type: 'tool',
			tool: 'task',
			state: {
				status: 'completed',
				input: {description: 'd', prompt: 'p', subagent_type: 'general'},
				output: 'out',
				metadata: {sessionId: 'ses_child'},
				time: {start: T0, end: T0 + 5000},
			},
		});
		expect(taskCallOf(data)).toEqual({
			childId: 'ses_child',
			call: {status: 'completed', description: 'd', prompt: 'p', subagentType: 'general', output: 'out', error: undefined, startMs: T0, endMs: T0 + 5000},
		});
	});

	it('is none for another tool, no child id yet, or bad JSON; bad times are none', () => {
		expect(taskCallOf(JSON.stringify({type: 'tool', tool: 'bash', state: {metadata: {sessionId: 's'}}}))).toBeUndefined();
		expect(taskCallOf(JSON.stringify({type: 'tool', tool: 'task', state: {}}))).toBeUndefined();
		expect(taskCallOf('{broken')).toBeUndefined();
		expect(taskCallOf('[]')).toBeUndefined();
		const call = taskCallOf(JSON.stringify({type: 'tool', tool: 'subagent', state: {metadata: {sessionId: 's'}, time: {start: -1, end: 1e300}}}))?.call;
		expect(call?.startMs).toBeUndefined();
		expect(call?.endMs).toBeUndefined();
	});
});

describe('opencodeAgent', () => {
	it('a running child: active, its running tool as activity, model from its last request', () => {
		const a = opencodeAgent({
			session,
			rootId: 'ses_root',
			messages: [assistant('msg_1', 2)],
			parts: [
				tool('p2', 3, 'read', {status: 'running', input: {filePath: '/repo/src/a.ts'}, time: {start: T0 + 3000}}),
				text('p1', 1, 'msg_0', 'Look at the config'),
			],
		});
		expect(a.record).toEqual({
			agentId: 'ses_child',
			type: 'general',
			status: 'active',
			startedAt: new Date(T0).toISOString(),
			updatedAt: new Date(T0 + 3000).toISOString(),
			sessionId: 'ses_root',
			cwd: '/repo',
			description: 'Check the config',
			model: 'm-2',
			totalToolUseCount: 1,
			provider: 'opencode',
		});
		expect(a.facts.summary.activity).toBe('Read src/a.ts');
		expect(a.facts.prompt).toBe('Look at the config');
		expect(a.facts.endedTurn).toBe(false);
		expect(a.facts.summary.toolCalls).toEqual([{id: 'call_p2', name: 'Read', summary: 'Read src/a.ts', at: T0 + 3000}]);
	});

	it('a finished child: stopped at its last request’s completion, its last text the report', () => {
		const a = opencodeAgent({
			session,
			rootId: 'ses_root',
			messages: [assistant('msg_2', 5, {finish: 'stop', time: {created: T0 + 5000, completed: T0 + 6000}}), assistant('msg_1', 2)],
			parts: [
				text('p1', 2, 'msg_1', 'working'),
				text('p2', 5, 'msg_2', 'All good.'),
				tool('p3', 3, 'bash', {status: 'completed', input: {command: 'ls'}, output: 'a\nb'}),
			],
		});
		expect(a.record).toMatchObject({status: 'stopped', stoppedAt: new Date(T0 + 6000).toISOString(), stopReason: 'task-complete', lastMessage: 'All good.'});
		expect(a.facts.finalReport).toBe('All good.');
		expect(a.facts.endedTurn).toBe(true);
		expect(a.facts.summary.activity).toBeUndefined();
		expect(a.facts.summary.toolCalls[0]).toMatchObject({name: 'Bash', summary: 'Bash ls', result: 'a b'});
	});

	it('a failed request: a failure reason, no report', () => {
		const a = opencodeAgent({
			session,
			rootId: 'ses_root',
			messages: [assistant('msg_1', 2, {error: {name: 'APIError', data: {message: 'rate limited'}}, time: {completed: T0 + 3000}})],
			parts: [text('p1', 2, 'msg_1', 'partial')],
		});
		expect(a.record.status).toBe('stopped');
		expect(a.record.stopReason).toMatch(/rate limited$/);
		expect(a.record.stopReason).not.toBe('task-complete');
		expect(a.record.lastMessage).toBeUndefined();
	});

	it('the parent’s call ending ends the child; its report comes from the task result', () => {
		const a = opencodeAgent({
			session: {...session, agent: undefined},
			rootId: 'ses_root',
			messages: [],
			parts: [],
			call: {
				status: 'completed',
				description: 'From the call',
				prompt: 'Do it',
				subagentType: 'explore',
				output: '<task id="x"><task_result>\nThe report\n</task_result></task>',
				error: undefined,
				startMs: T0,
				endMs: T0 + 9000,
			},
		});
		expect(a.record).toMatchObject({
			type: 'explore',
			description: 'From the call',
			status: 'stopped',
			stoppedAt: new Date(T0 + 9000).toISOString(),
			lastMessage: 'The report',
		});
		expect(a.facts.prompt).toBe('Do it');
	});

	it('opencode gone while the child ran: interrupted at its last sign of life', () => {
		const a = opencodeAgent({session, rootId: 'ses_root', messages: [assistant('msg_1', 4)], parts: [], gone: true});
		expect(a.record).toMatchObject({status: 'stopped', stopReason: OPENCODE_GONE, interrupted: true, stoppedAt: new Date(T0 + 4000).toISOString()});
		const done = opencodeAgent({
			session,
			rootId: 'ses_root',
			messages: [assistant('msg_1', 4, {finish: 'stop', time: {completed: T0 + 4500}})],
			parts: [],
			gone: true,
		});
		expect(done.record.stopReason).toBe('task-complete');
		expect(done.record.interrupted).toBeUndefined();
	});

	it('hostile rows: bad JSON skipped, every string made safe, no type falls back', () => {
		const a = opencodeAgent({
			session: {...session, agent: undefined, title: `evil${HOSTILE.title} (@x subagent)`, directory: `/r${HOSTILE.clear}`, model: 'not json'},
			rootId: 'ses_root',
			messages: [
				row('m0', 1, '{broken'),
				row('m1', 2, {role: 'user'}),
				assistant('msg_1', 3, {modelID: `m${HOSTILE.bell}`, finish: 'stop', time: {completed: T0 + 4000}}),
			],
			parts: [
				row('p0', 1, 'nope'),
				text('p1', 3, 'msg_1', `report${HOSTILE.colour}`),
				tool('p2', 2, `tool${HOSTILE.oscC1}`, {status: 'error', error: `bad${HOSTILE.csiC1}`}),
			],
		});
		for (const v of [
			a.record.description,
			a.record.cwd,
			a.record.model,
			a.record.lastMessage,
			a.facts.summary.toolCalls[0]?.name,
			a.facts.summary.toolCalls[0]?.result,
		]) {
			expect(v).toBeDefined();
			expect(v).not.toMatch(RAW_CONTROL);
		}
		expect(a.record.type).toBe('subagent');
		expect(a.facts.summary.toolCalls[0]?.isError).toBe(true);
		expect(a.facts.summary.lines).toBe(6);
	});
});

describe('opencodeTokens and opencodeTally', () => {
	it('sum each request once; opencode’s own cost wins over the pricer', () => {
		const a = opencodeAgent({
			session,
			rootId: 'ses_root',
			messages: [assistant('msg_1', 2, {cost: 0.5}), assistant('msg_2', 3), row('u', 1, {role: 'user'})],
			parts: [tool('p1', 2, 'glob', {status: 'completed', input: {pattern: '*.ts'}})],
			pricer,
		});
		// Each request: 100 + (20 + 5) + 50 + 10.
		expect(opencodeTokens(a)).toBe(370);
		const tally = opencodeTally(a, '2026-11-01');
		expect(tally).toEqual({
			segments: [
				{
					at: T0,
					tokens: {input: 200, output: 50, cacheRead: 100, cacheCreation: 20},
					cost: {usd: 0.5 + 0.1, priced: 2, unpriced: 0},
					responses: 2,
					toolCalls: 1,
				},
			],
			model: 'm-2',
			lastAt: T0 + 3000,
			badLines: 0,
			pricesAsOf: '2026-11-01',
		});
	});

	it('nothing yet: no tokens and no segment', () => {
		const a = opencodeAgent({session, rootId: 'ses_root', messages: [], parts: []});
		expect(opencodeTokens(a)).toBeUndefined();
		expect(opencodeTally(a, undefined).segments).toEqual([]);
		expect(opencodeTally(a, undefined)).not.toHaveProperty('pricesAsOf');
	});
});
