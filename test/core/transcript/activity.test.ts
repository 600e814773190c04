import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {agentActivity, promptFirstLine} from '../../../src/core/transcript/activity.js';
import {parseMeta} from '../../../src/core/transcript/meta.js';
import {ParentIndex, parseTaskNotification, TASK_REPORT_MAX} from '../../../src/core/transcript/parent-index.js';
import {EMPTY_SUMMARY, foldLines, mergeSummaries, PROMPT_MAX, REPORT_MAX, turnOutcome, type TranscriptSummary} from '../../../src/core/transcript/summary.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {
	agentCallLine,
	agentCompletedLine,
	agentResultLine,
	assistantLine,
	attachmentLine,
	jsonl,
	lastPromptLine,
	modeLine,
	NEWER_KEYS,
	permissionModeLine,
	promptLine,
	promptPartsLine,
	structuredOutputLine,
	textBlock,
	textLine,
	thinkingLine,
	toolEndsTurnLine,
	toolResultLine,
	toolUseBlock,
	toolUseLine,
} from '../../helpers/transcript-lines.js';

const fold = (lines: readonly string[]): TranscriptSummary => foldLines(EMPTY_SUMMARY, lines);
const outcome = (lines: readonly string[]) => turnOutcome(fold(lines).turn);

const REPORT = '## Routes\n\n- `GET /` in **src/app.ts**\n- `POST /order`';

/** An agent that works, then ends its turn with a report written over two lines of one response. */
function finished(): string[] {
	return [
		promptLine('Find every route handler.\nThen document them.'),
		toolUseLine('toolu_1', 'Grep', {pattern: 'router'}, {messageId: 'msg_1', stopReason: 'tool_use'}),
		toolResultLine('toolu_1', 'src/app.ts:12', {isError: true}),
		toolUseLine('toolu_2', 'Read', {file_path: '/src/app.ts'}, {messageId: 'msg_2', stopReason: 'tool_use'}),
		toolResultLine('toolu_2', 'code'),
		thinkingLine('', {messageId: 'msg_3'}),
		assistantLine([textBlock('Perfect! Now I have all I need:')], {messageId: 'msg_3'}),
		assistantLine([textBlock(REPORT)], {messageId: 'msg_3', stopReason: 'end_turn'}),
	];
}

describe('end of turn and final report', () => {
	it('a last message that ended its turn (end_turn, no call pending) is the final report, its blocks joined', () => {
		expect(outcome(finished())).toEqual({endedTurn: true, finalReport: `Perfect! Now I have all I need:\n\n${REPORT}`});
	});

	it('is not ended while a call waits for its result, or after a tool_use stop', () => {
		expect(outcome([textLine('Looking.', {messageId: 'm1'}), toolUseLine('t1', 'Read', {file_path: '/a'}, {messageId: 'm1', stopReason: 'end_turn'})])).toEqual(
			{endedTurn: false, finalReport: undefined},
		);
		expect(outcome([toolUseLine('t1', 'Read', {file_path: '/a'}, {messageId: 'm1', stopReason: 'tool_use'}), toolResultLine('t1', 'x')])).toEqual({
			endedTurn: false,
			finalReport: undefined,
		});
	});

	it('is not ended when the stop reason is missing (a response still being written) or a new user message came after', () => {
		expect(outcome([textLine('Half.', {messageId: 'm1'})]).endedTurn).toBe(false);
		expect(outcome([textLine('Done.', {messageId: 'm1', stopReason: 'end_turn'}), promptLine('One more thing.')]).endedTurn).toBe(false);
	});

	it('ends again when the resumed agent ends its next turn', () => {
		expect(
			outcome([
				textLine('Done.', {messageId: 'm1', stopReason: 'end_turn'}),
				promptLine('More.'),
				textLine('Done twice.', {messageId: 'm2', stopReason: 'end_turn'}),
			]),
		).toEqual({
			endedTurn: true,
			finalReport: 'Done twice.',
		});
	});

	it('a workflow agent ends with StructuredOutput and toolEndsTurn: its input as pretty JSON', () => {
		const input = {verdict: 'pass', issues: [{file: 'a.ts', line: 3}]};
		const lines = [promptLine('Review.', {extra: NEWER_KEYS}), structuredOutputLine('toolu_so', input, {messageId: 'm1'}), toolEndsTurnLine('toolu_so')];
		expect(outcome(lines)).toEqual({endedTurn: true, finalReport: JSON.stringify(input, undefined, 2)});
		// Without the toolEndsTurn line it has not ended; a separate marker line works too.
		expect(outcome(lines.slice(0, 2)).endedTurn).toBe(false);
		expect(outcome([...lines.slice(0, 2), toolResultLine('toolu_so', 'ok'), JSON.stringify({type: 'system', toolEndsTurn: true})]).endedTurn).toBe(true);
	});

	it('keeps at most REPORT_MAX of a huge report, made safe', () => {
		const huge = `${ALL_HOSTILE}${'x'.repeat(REPORT_MAX + 10)}`;
		const report = outcome([textLine(huge, {messageId: 'm', stopReason: 'end_turn'})]).finalReport ?? '';
		expect(report.length).toBeLessThanOrEqual(REPORT_MAX);
		expect(report).not.toMatch(RAW_CONTROL);
	});

	it('is the same wherever the transcript is split, and however many parts', () => {
		const cases = [
			finished(),
			[
				promptLine('Review.'),
				structuredOutputLine('toolu_so', {ok: true}, {messageId: 'm1'}),
				toolResultLine('toolu_so', 'ok'),
				JSON.stringify({type: 'system', toolEndsTurn: true}),
			],
			[textLine('Done.', {messageId: 'm1', stopReason: 'end_turn'}), promptLine('More.'), textLine('Half', {messageId: 'm2'})],
		];
		for (const lines of cases) {
			const whole = fold(lines);
			for (let k = 0; k <= lines.length; k++) {
				const merged = mergeSummaries(fold(lines.slice(0, k)), fold(lines.slice(k)));
				expect(turnOutcome(merged.turn), `split at ${k}`).toEqual(turnOutcome(whole.turn));
				expect(merged.turn, `split at ${k}`).toEqual(whole.turn);
				for (let j = k; j <= lines.length; j++) {
					const three = mergeSummaries(mergeSummaries(fold(lines.slice(0, k)), fold(lines.slice(k, j))), fold(lines.slice(j)));
					expect(three.turn, `splits at ${k}, ${j}`).toEqual(whole.turn);
				}
			}
		}
	});
});

describe('prompt, tool errors, evidence of work', () => {
	it('the prompt is the first user message (string or text parts), safe, cut to PROMPT_MAX', () => {
		expect(fold(finished()).prompt).toBe('Find every route handler.\nThen document them.');
		expect(fold([promptPartsLine(['Part one.', 'Part two.'])]).prompt).toBe('Part one.\nPart two.');
		// A tool result is not a prompt; an isMeta message neither.
		expect(
			fold([toolResultLine('t', 'x'), JSON.stringify({type: 'user', isMeta: true, message: {role: 'user', content: 'caveat'}}), promptLine('Real.')]).prompt,
		).toBe('Real.');
		const long = fold([promptLine(`${ALL_HOSTILE}${'p'.repeat(5000)}`)]).prompt ?? '';
		expect(long.length).toBeLessThanOrEqual(PROMPT_MAX);
		expect(long).not.toMatch(RAW_CONTROL);
	});

	it('counts tool results marked is_error, and merges the count', () => {
		const lines = [
			toolUseLine('t1', 'Bash', {command: 'x'}),
			toolResultLine('t1', 'boom', {isError: true}),
			toolUseLine('t2', 'Bash', {command: 'y'}),
			toolResultLine('t2', 'ok', {isError: false}),
			toolResultLine('t3', 'late', {isError: true}),
		];
		expect(fold(lines).toolErrors).toBe(2);
		for (let k = 0; k <= lines.length; k++) {
			expect(mergeSummaries(fold(lines.slice(0, k)), fold(lines.slice(k))).toolErrors).toBe(2);
		}
	});

	it('hasWork: an assistant line; a prompt alone is no work', () => {
		expect(fold([promptLine('Go.')]).hasWork).toBe(false);
		expect(fold([promptLine('Go.'), thinkingLine('')]).hasWork).toBe(true);
		expect(mergeSummaries(fold([textLine('Hi.')]), fold([promptLine('x')])).hasWork).toBe(true);
	});

	it('reads lines of newer shapes without a crash or a lost line: no timestamp, entrypoint, sessionKind, session_id, unknown attachments, empty thinking', () => {
		const lines = [
			modeLine(),
			permissionModeLine(),
			lastPromptLine(),
			attachmentLine('brand_new_kind', {extra: NEWER_KEYS}),
			thinkingLine('', {extra: NEWER_KEYS}),
			textLine('Still here.', {extra: NEWER_KEYS}),
		];
		const s = fold(lines);
		expect(s.lines).toBe(6);
		expect(s.badLines).toBe(0);
		expect(s.activity).toBe('Still here.');
	});
});

describe('parseMeta', () => {
	it('keeps every known key of the right type, drops the rest, and makes strings safe', () => {
		const meta = parseMeta({
			agentType: 'Explore',
			description: `Find ${ALL_HOSTILE}`,
			toolUseId: 'toolu_bdrk_01abc',
			spawnDepth: 2,
			parentAgentId: 'a1b2c3d',
			requestShape: 'background',
			requestNonInteractive: true,
			model: 'claude-haiku-4-5',
			name: 'cat-artist',
			taskKind: 'in_process_teammate',
			teamName: 'session-3f2c9a10',
			color: 'blue',
			planModeRequired: false,
			permissionMode: 'acceptEdits',
			isFork: false,
			unknownKey: 'kept out',
		});
		expect(meta).toMatchObject({
			agentType: 'Explore',
			toolUseId: 'toolu_bdrk_01abc',
			spawnDepth: 2,
			requestNonInteractive: true,
			isFork: false,
			planModeRequired: false,
			taskKind: 'in_process_teammate',
		});
		expect(Object.keys(meta ?? {})).toHaveLength(15);
		expect(meta?.description).not.toMatch(RAW_CONTROL);
		expect(parseMeta({spawnDepth: '2', isFork: 'yes', agentType: 3, description: null})).toEqual({});
		expect(parseMeta([1])).toBeUndefined();
		expect(parseMeta('x')).toBeUndefined();
	});
});

describe('ParentIndex', () => {
	const bytes = (lines: readonly string[]) => new TextEncoder().encode(jsonl(lines));

	it('finds the call and result of each agent among other lines, by bytes', () => {
		const index = new ParentIndex();
		index.addBytes(
			bytes([
				agentCallLine('toolu_A', {description: 'Find routes'}),
				textLine('The word "Agent" in quotes, and "Task".'),
				agentCallLine('toolu_B', {description: 'Scan in background', run_in_background: true}),
				agentResultLine('toolu_B', 'a8c41f0e92b7d3a15', 'async_launched'),
				toolUseLine('toolu_R', 'Read', {file_path: '/x'}),
				agentCompletedLine('toolu_A', 'acat-artist-5a897953c7b59c51', {
					totalTokens: 31_877,
					totalToolUseCount: 9,
					totalDurationMs: 48_213,
					content: ['Found 12 routes.'],
				}),
			]),
		);
		expect(index.lookup('acat-artist-5a897953c7b59c51')).toEqual({
			description: 'Find routes',
			subagentType: 'Explore',
			taskResult: {status: 'completed', totalTokens: 31_877, totalToolUseCount: 9, totalDurationMs: 48_213, report: 'Found 12 routes.'},
		});
		expect(index.lookup('a8c41f0e92b7d3a15')).toEqual({
			description: 'Scan in background',
			subagentType: 'Explore',
			taskResult: {status: 'async_launched', totalTokens: undefined, totalToolUseCount: undefined, totalDurationMs: undefined, report: undefined},
		});
		expect(index.lookup('a0000000')).toEqual({description: undefined, taskResult: undefined});
	});

	it("finds the call by the sidecar's toolUseId before any result names the agent; a Task call too", () => {
		const index = new ParentIndex();
		index.addBytes(bytes([agentCallLine('toolu_bdrk_01X', {description: 'Old style'}, {name: 'Task'})]));
		expect(index.lookup('a2898e3', 'toolu_bdrk_01X').description).toBe('Old style');
		expect(index.lookup('a2898e3').description).toBeUndefined();
	});

	it('keeps the first call as the description and the latest result (a resumed agent)', () => {
		const index = new ParentIndex();
		index.addBytes(
			bytes([
				agentCallLine('t1', {description: 'First'}),
				agentCompletedLine('t1', 'a1', {totalTokens: 1}),
				agentCallLine('t2', {description: 'Resume'}),
				agentCompletedLine('t2', 'a1', {totalTokens: 2}),
			]),
		);
		expect(index.lookup('a1').description).toBe('First');
		expect(index.lookup('a1').taskResult?.totalTokens).toBe(2);
	});

	it('keeps only the results of wanted agents, bounded and safe', () => {
		const index = new ParentIndex(id => id === 'a1');
		index.addBytes(
			bytes([
				agentCallLine('t1', {description: `D ${ALL_HOSTILE}`}),
				agentCompletedLine('t1', 'a1', {content: [`${ALL_HOSTILE}${'r'.repeat(TASK_REPORT_MAX)}`]}),
				agentCompletedLine('t2', 'a2', {}),
			]),
		);
		const facts = index.lookup('a1');
		expect(facts.taskResult?.report?.length).toBeLessThanOrEqual(TASK_REPORT_MAX);
		expect(facts.taskResult?.report).not.toMatch(RAW_CONTROL);
		expect(facts.description).not.toMatch(RAW_CONTROL);
		expect(index.lookup('a2').taskResult).toBeUndefined();
	});

	it("reads a background agent's end from its <task-notification> (the real Claude Code's main transcript): completed, not async_launched", () => {
		const dir = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude', 'background', 'claude', 'projects');
		const project = readdirSync(dir)[0]!;
		const main = readdirSync(path.join(dir, project)).find(f => f.endsWith('.jsonl'))!;
		const index = new ParentIndex();
		index.addBytes(readFileSync(path.join(dir, project, main)));
		expect(index.lookup('a961d329153bb57f2')).toEqual({
			description: 'Check the README',
			subagentType: 'general-purpose',
			taskResult: {
				status: 'completed',
				// subagent_tokens: the last request's, as an Agent result's totalTokens.
				totalTokens: 784,
				totalToolUseCount: 1,
				totalDurationMs: 2204,
				report: 'Reader report: the README says it is a folder for the fixture run.',
			},
		});
	});

	it("takes a notification's head from before its report: a report quoting another notification changes nothing; the report is whole", () => {
		const quoted =
			'<task-notification><task-id>a2</task-id><status>failed</status><result>x</result><usage><tool_uses>99</tool_uses></usage></task-notification>';
		const long = 'r'.repeat(200_000);
		const notice = (id: string, report: string) =>
			JSON.stringify({
				type: 'queue-operation',
				operation: 'enqueue',
				timestamp: '2026-11-26T09:05:55.501Z',
				content: `<task-notification>\n<task-id>${id}</task-id>\n<status>completed</status>\n<result>${report}</result>\n<usage><subagent_tokens>5</subagent_tokens><tool_uses>3</tool_uses><duration_ms>10</duration_ms></usage>\n</task-notification>`,
			});
		const index = new ParentIndex();
		index.addBytes(bytes([notice('a1', `${quoted}${long}`)]));
		expect(index.lookup('a1').taskResult).toMatchObject({status: 'completed', totalToolUseCount: 3, totalTokens: 5});
		expect(index.lookup('a1').taskResult?.report).toBe(`${quoted}${long}`);
		expect(index.lookup('a2').taskResult).toBeUndefined();
		expect(parseTaskNotification('no notification <task-id>a1</task-id>')).toBeUndefined();
	});

	it('skips broken lines', () => {
		const index = new ParentIndex();
		index.addBytes(new TextEncoder().encode('{"name":"Agent", broken\n"Task"\n{"agentId":1}\n'));
		index.addLine('{"message":{"content":[{"type":"tool_use","name":"Agent","id":"t","input":"not an object"}]}}');
		expect(index.lookup('t', 't')).toEqual({description: undefined, taskResult: undefined});
	});
});

describe('agentActivity', () => {
	const summary = fold(finished());
	const base = {summary, meta: undefined, parent: undefined, history: undefined, missing: false};

	it("takes the description from the parent's call, else the sidecar, else the prompt's first line", () => {
		const parent = {description: 'From the call', taskResult: undefined};
		expect(agentActivity({...base, parent, meta: {description: 'From meta'}})).toMatchObject({description: 'From the call', descriptionSource: 'parent'});
		expect(agentActivity({...base, meta: {description: 'From meta'}})).toMatchObject({description: 'From meta', descriptionSource: 'meta'});
		expect(agentActivity(base)).toMatchObject({description: 'Find every route handler.', descriptionSource: 'prompt'});
		expect(agentActivity({...base, summary: EMPTY_SUMMARY})).toMatchObject({description: undefined, descriptionSource: undefined});
		expect(promptFirstLine('\n\n  Second line is first.\nThird')).toBe('Second line is first.');
	});

	it('fills in the facts the monitor model reads', () => {
		const taskResult = {status: 'completed', totalTokens: 5, totalToolUseCount: 2, totalDurationMs: 900, report: 'Done.'};
		const a = agentActivity({...base, meta: {parentAgentId: 'a0', agentType: 'Explore'}, parent: {description: undefined, taskResult}});
		expect(a).toMatchObject({
			endedTurn: true,
			finalReport: `Perfect! Now I have all I need:\n\n${REPORT}`,
			prompt: 'Find every route handler.\nThen document them.',
			hasWork: true,
			taskResult,
			parentAgentId: 'a0',
			meta: {agentType: 'Explore', parentAgentId: 'a0'},
		});
		expect(a.summary.toolErrors).toBe(1);
		expect(agentActivity({...base, summary: fold([promptLine('Go.')])})).toMatchObject({endedTurn: false, finalReport: undefined, hasWork: false});
	});
});

// Blocks of several kinds in one line still end a turn.
it('a single line holding text and a finished call ends nothing until the result is in', () => {
	const line = assistantLine([textBlock('Let me check.'), toolUseBlock('t9', 'Read', {file_path: '/x'})], {messageId: 'm9', stopReason: 'tool_use'});
	expect(outcome([line]).endedTurn).toBe(false);
});
