// What a parent transcript says about the agents it started, read by ParentIndex: the Agent/Task
// calls, the results that name an agent, the `<task-notification>` of a background agent's end;
// bytes searched before parsing, hostile text made safe and bounded, lines after a moment left out.
import {describe, expect, it} from 'vitest';
import {
	agentCallIn,
	DESCRIPTION_MAX,
	isAfter,
	ParentIndex,
	parseTaskNotification,
	TASK_REPORT_MAX,
	taskResultOf,
} from '../../../src/core/transcript/parent-index.js';

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function callLine(id: string, input: Record<string, unknown>, name = 'Agent', seconds = 0): string {
	return JSON.stringify({type: 'assistant', timestamp: at(seconds), message: {role: 'assistant', content: [{type: 'tool_use', id, name, input}]}});
}

function resultLine(toolUseId: string, toolUseResult: Record<string, unknown>, content: unknown = 'done', seconds = 1): string {
	return JSON.stringify({
		type: 'user',
		timestamp: at(seconds),
		message: {role: 'user', content: [{type: 'tool_result', tool_use_id: toolUseId, content}]},
		toolUseResult,
	});
}

function notification(fields: {taskId?: string; toolUseId?: string; status?: string; result?: string; usage?: string}): string {
	return [
		'<task-notification>',
		fields.taskId === undefined ? '' : `<task-id>${fields.taskId}</task-id>`,
		fields.toolUseId === undefined ? '' : `<tool-use-id>${fields.toolUseId}</tool-use-id>`,
		fields.status === undefined ? '' : `<status>${fields.status}</status>`,
		fields.result === undefined ? '' : `<result>${fields.result}</result>`,
		fields.usage === undefined ? '' : `<usage>${fields.usage}</usage>`,
		'</task-notification>',
	].join('\n');
}

const bytes = (...lines: string[]) => new TextEncoder().encode(lines.map(l => `${l}\n`).join(''));

describe('ParentIndex', () => {
	it('joins a call and the result that names its agent', () => {
		const index = new ParentIndex();
		index.addBytes(
			bytes(
				callLine('toolu_1', {description: 'Find the bug', subagent_type: 'Explore', prompt: 'Look.'}),
				resultLine('toolu_1', {
					status: 'completed',
					agentId: 'a1',
					totalTokens: 1234,
					totalToolUseCount: 7,
					totalDurationMs: 9000,
					content: [{type: 'text', text: 'Found it.'}],
				}),
			),
		);
		expect(index.lookup('a1')).toEqual({
			description: 'Find the bug',
			subagentType: 'Explore',
			taskResult: {status: 'completed', totalTokens: 1234, totalToolUseCount: 7, totalDurationMs: 9000, report: 'Found it.'},
		});
		expect([...index.resultStatuses()]).toEqual([['a1', 'completed']]);
	});

	it('finds the call by the tool_use id of .meta.json while no result names the agent', () => {
		const index = new ParentIndex();
		index.addLine(callLine('toolu_9', {description: 'Running now', subagent_type: 'Plan'}, 'Task'));
		expect(index.lookup('a9')).toEqual({description: undefined, taskResult: undefined});
		expect(index.lookup('a9', 'toolu_9')).toEqual({description: 'Running now', subagentType: 'Plan', taskResult: undefined});
	});

	it('keeps the first result’s call and the launch’s description when a background agent ends', () => {
		const index = new ParentIndex();
		index.addBytes(
			bytes(
				callLine('toolu_bg', {description: 'In the background', run_in_background: true}),
				resultLine('toolu_bg', {status: 'async_launched', agentId: 'bg1', description: 'In the background'}, 'Launched.'),
			),
		);
		expect(index.lookup('bg1').taskResult).toMatchObject({status: 'async_launched', report: undefined});
		index.addLine(
			JSON.stringify({
				type: 'queue-operation',
				content: notification({
					taskId: 'bg1',
					toolUseId: 'toolu_other',
					status: 'completed',
					result: 'All green.',
					usage: '<subagent_tokens>500</subagent_tokens><tool_uses>3</tool_uses><duration_ms>1200</duration_ms>',
				}),
			}),
		);
		expect(index.lookup('bg1')).toEqual({
			description: 'In the background',
			taskResult: {status: 'completed', totalTokens: 500, totalToolUseCount: 3, totalDurationMs: 1200, report: 'All green.'},
		});
	});

	it('reads a notification in a user message, as a string or as text parts', () => {
		for (const content of [notification({taskId: 'n1', status: 'failed'}), [{type: 'text', text: notification({taskId: 'n1', status: 'failed'})}]]) {
			const index = new ParentIndex();
			index.addBytes(bytes(JSON.stringify({type: 'user', message: {role: 'user', content}})));
			expect(index.lookup('n1').taskResult?.status).toBe('failed');
		}
	});

	it('keeps only the results of the agents it wants', () => {
		const index = new ParentIndex(id => id === 'keep');
		index.addBytes(
			bytes(
				resultLine('toolu_1', {status: 'completed', agentId: 'keep'}),
				resultLine('toolu_2', {status: 'completed', agentId: 'drop'}),
				JSON.stringify({type: 'queue-operation', content: notification({taskId: 'drop2', status: 'completed'})}),
			),
		);
		expect([...index.resultStatuses()].map(([id]) => id)).toEqual(['keep']);
	});

	it('leaves out lines stamped after `until`, and keeps lines with no time', () => {
		const index = new ParentIndex(undefined, T0 + 5000);
		index.addBytes(
			bytes(
				callLine('toolu_1', {description: 'Early'}, 'Agent', 1),
				resultLine('toolu_1', {status: 'completed', agentId: 'a1'}, 'Later.', 10),
				JSON.stringify({type: 'assistant', message: {content: [{type: 'tool_use', id: 'toolu_2', name: 'Agent', input: {description: 'Untimed'}}]}}),
			),
		);
		expect(index.lookup('a1', 'toolu_1')).toEqual({description: 'Early', taskResult: undefined});
		expect(index.lookup('x', 'toolu_2').description).toBe('Untimed');
	});

	it('parses only the lines a byte search finds, and each line once', () => {
		const index = new ParentIndex();
		// One line holds every needle; the others hold none, and one of those is not even JSON.
		const all = resultLine('toolu_1', {status: 'completed', agentId: 'a1', description: '"Agent" "Task" <task-id>'});
		const text = bytes('{not json at all', JSON.stringify({type: 'assistant', message: {content: [{type: 'text', text: 'hello'}]}}), all, '{"broken": "Agent"');
		index.addBytes(text);
		expect([...index.resultStatuses()]).toEqual([['a1', 'completed']]);
		// The last line has no newline: it is read too.
		const last = new TextEncoder().encode(callLine('toolu_z', {description: 'no newline'}));
		index.addBytes(last);
		expect(index.lookup('q', 'toolu_z').description).toBe('no newline');
	});

	it('takes the latest result of an agent resumed with SendMessage, keeping its first call', () => {
		const index = new ParentIndex();
		index.addBytes(
			bytes(
				callLine('toolu_1', {description: 'First'}),
				resultLine('toolu_1', {status: 'completed', agentId: 'a1'}, 'one'),
				resultLine('toolu_send', {status: 'completed', agentId: 'a1'}, 'two'),
			),
		);
		expect(index.lookup('a1')).toMatchObject({description: 'First', taskResult: {report: 'two'}});
	});

	it('ignores hostile shapes without throwing', () => {
		const index = new ParentIndex();
		const hostile = [
			'null',
			'"Agent"',
			'[{"type":"tool_use","name":"Agent"}]',
			JSON.stringify({message: {content: 'Agent'}}),
			JSON.stringify({message: {content: [null, 1, 'Agent', {type: 'tool_use', name: 'Agent', id: 5}]}}),
			JSON.stringify({message: {content: [{type: 'tool_result', tool_use_id: 't'}]}, toolUseResult: {agentId: 7}}),
			JSON.stringify({message: {content: [{type: 'tool_result'}]}, toolUseResult: 'agentId'}),
			JSON.stringify({type: 'queue-operation', content: 42, agentId: 'x'}),
			JSON.stringify({type: 'user', message: {content: '<task-notification><task-id></task-id></task-notification>'}}),
			JSON.stringify({
				__proto__: {agentId: 'p'},
				message: {content: [{type: 'tool_result', tool_use_id: 't'}]},
				toolUseResult: {agentId: '__proto__', status: 'completed'},
			}),
		];
		expect(() => index.addBytes(bytes(...hostile))).not.toThrow();
		expect([...index.resultStatuses()]).toEqual([['__proto__', 'completed']]);
		expect(index.lookup('constructor')).toEqual({description: undefined, taskResult: undefined});
	});

	it('cuts descriptions and makes them one safe line', () => {
		const index = new ParentIndex();
		index.addLine(callLine('toolu_1', {description: `a\u001b[2J\nb\u202e${'x'.repeat(DESCRIPTION_MAX * 4)}`, subagent_type: 'Ex\nplore'}));
		const facts = index.lookup('a', 'toolu_1');
		expect(facts.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
		for (const c of ['\u001b', '\n', '\u202e']) {
			expect(facts.description).not.toContain(c);
		}
		expect(facts.subagentType).toBe('Ex plore');
	});
});

describe('taskResultOf', () => {
	it('prefers the result’s own content, even empty, over the block’s', () => {
		expect(taskResultOf({status: 'completed', content: [{type: 'text', text: 'own'}]}, 'block').report).toBe('own');
		expect(taskResultOf({status: 'completed', content: []}, 'block').report).toBeUndefined();
		expect(taskResultOf({status: 'completed'}, [{type: 'text', text: 'a'}, {type: 'image'}, {type: 'text', text: 'b'}]).report).toBe('a\nb');
	});

	it('keeps no report for a launch, and no number that is not finite', () => {
		expect(taskResultOf({status: 'teammate_spawned', content: [{type: 'text', text: 'spawned'}]}, 'x').report).toBeUndefined();
		expect(taskResultOf({status: 'completed', totalTokens: 'many', totalToolUseCount: null, totalDurationMs: Number.POSITIVE_INFINITY}, '')).toMatchObject({
			totalTokens: undefined,
			totalToolUseCount: undefined,
			totalDurationMs: undefined,
		});
	});

	it('bounds the status and the report', () => {
		const r = taskResultOf({status: `s\n${'x'.repeat(1000)}`}, 'y'.repeat(TASK_REPORT_MAX + 10));
		expect(r.status!.length).toBeLessThanOrEqual(100);
		expect(r.status).not.toContain('\n');
		expect(r.report!.length).toBe(TASK_REPORT_MAX);
	});
});

describe('agentCallIn', () => {
	it('takes Agent and Task calls with a string id only', () => {
		expect(agentCallIn({type: 'tool_use', id: 't', name: 'Agent', input: {description: 'd'}})).toEqual({id: 't', description: 'd', subagentType: undefined});
		expect(agentCallIn({type: 'tool_use', id: 't', name: 'Task', input: 'not an object'})).toEqual({id: 't', description: undefined, subagentType: undefined});
		expect(agentCallIn({type: 'tool_use', id: 't', name: 'Bash', input: {}})).toBeUndefined();
		expect(agentCallIn({type: 'tool_use', id: 1, name: 'Agent', input: {}})).toBeUndefined();
		expect(agentCallIn({type: 'text', id: 't', name: 'Agent'})).toBeUndefined();
	});
});

describe('parseTaskNotification', () => {
	it('reads the head before <result>, so a report quoting a notification changes nothing', () => {
		const quoted = notification({taskId: 'evil', toolUseId: 'toolu_evil', status: 'failed'});
		const n = parseTaskNotification(notification({taskId: 'real', result: `I saw this:\n${quoted}`, usage: '<tool_uses>2</tool_uses>'}));
		expect(n).toMatchObject({taskId: 'real', toolUseId: undefined, result: {status: undefined, totalToolUseCount: 2}});
		expect(n?.result.report).toContain('<task-id>evil</task-id>');
	});

	it('needs the tag at the start and a task id', () => {
		expect(parseTaskNotification(`  \n${notification({taskId: 't1'})}`)?.taskId).toBe('t1');
		expect(parseTaskNotification(`say ${notification({taskId: 't1'})}`)).toBeUndefined();
		expect(parseTaskNotification(notification({status: 'completed'}))).toBeUndefined();
		expect(parseTaskNotification('<task-notification><task-id>   </task-id>')).toBeUndefined();
		expect(parseTaskNotification('<task-notification><task-id>t')).toBeUndefined();
	});

	it('counts only plain digits of a sane length', () => {
		const n = parseTaskNotification(
			notification({
				taskId: 't',
				result: 'r',
				usage: '<subagent_tokens>-5</subagent_tokens><tool_uses>1e3</tool_uses><duration_ms>9999999999999999</duration_ms>',
			}),
		);
		expect(n?.result).toMatchObject({totalTokens: undefined, totalToolUseCount: undefined, totalDurationMs: undefined});
	});

	it('has no report when the result is empty or unclosed', () => {
		expect(parseTaskNotification(notification({taskId: 't', result: '   '}))?.result.report).toBeUndefined();
		expect(parseTaskNotification('<task-notification><task-id>t</task-id><result>never closed')?.result.report).toBeUndefined();
	});
});

describe('isAfter', () => {
	it('compares a line’s time with a moment, a missing or broken time never after', () => {
		expect(isAfter(at(10), T0)).toBe(true);
		expect(isAfter(at(0), T0)).toBe(false);
		expect([undefined, 5, 'yesterday', ''].map(t => isAfter(t, T0))).toEqual([false, false, false, false]);
	});
});
