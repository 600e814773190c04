// Whether a transcript shows its agent finished its turn, and its final report: one message
// joined from its lines, tool calls answered or not, a StructuredOutput ending a workflow agent;
// and the same answer when the lines are read in two parts and merged.
import {describe, expect, it} from 'vitest';
import {
	mergeTurns,
	REPORT_MAX,
	structuredText,
	turnOutcome,
	turnWithAssistant,
	turnWithEnd,
	turnWithUser,
	type AssistantPart,
	type TurnState,
} from '../../../src/core/transcript/turn.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

type Step = {readonly a: AssistantPart} | {readonly u: readonly string[]; readonly message?: boolean} | {readonly end: true};

const say = (id: string | undefined, texts: string[], stopReason?: string, calls: AssistantPart['calls'] = []): Step => ({
	a: {messageId: id, texts, stopReason, calls},
});
const call = (id: string, name = 'Bash', input: unknown = {}) => ({id, name, input});

function apply(turn: TurnState | undefined, step: Step): TurnState {
	if ('a' in step) {
		return turnWithAssistant(turn, step.a);
	}
	if ('u' in step) {
		return turnWithUser(turn, step.u, step.message ?? false);
	}
	return turnWithEnd(turn);
}

const fold = (steps: readonly Step[]) => steps.reduce<TurnState | undefined>(apply, undefined);

/** The outcome read in one pass, checked equal to every split into two parts merged. */
function outcome(steps: readonly Step[]) {
	const whole = turnOutcome(fold(steps));
	for (let k = 0; k <= steps.length; k++) {
		expect(turnOutcome(mergeTurns(fold(steps.slice(0, k)), fold(steps.slice(k)))), `split at ${k}`).toEqual(whole);
	}
	return whole;
}

describe('turnOutcome', () => {
	it('nothing read, or only user lines: not ended', () => {
		expect(turnOutcome(undefined)).toEqual({endedTurn: false, finalReport: undefined});
		expect(outcome([{u: ['t1'], message: true}])).toEqual({endedTurn: false, finalReport: undefined});
	});

	it('a message ending its turn, written as several lines, is the report, its texts joined', () => {
		expect(outcome([say('m1', ['First part.']), say('m1', ['Second part.'], 'end_turn')])).toEqual({
			endedTurn: true,
			finalReport: 'First part.\n\nSecond part.',
		});
	});

	it('a new message id starts over: only the last message is the report', () => {
		expect(outcome([say('m1', ['old'], 'end_turn'), say('m2', ['new'], 'end_turn')])).toEqual({endedTurn: true, finalReport: 'new'});
	});

	it('a tool call waiting for its result keeps the turn open; its result alone resumes it', () => {
		expect(outcome([say('m1', ['running'], 'end_turn', [call('t1')])])).toEqual({endedTurn: false, finalReport: undefined});
		expect(outcome([say('m1', ['running'], 'end_turn', [call('t1')]), {u: ['t1']}])).toEqual({endedTurn: false, finalReport: undefined});
	});

	it('a user message after the end is a new task: not ended', () => {
		expect(outcome([say('m1', ['done'], 'end_turn'), {u: [], message: true}])).toEqual({endedTurn: false, finalReport: undefined});
	});

	it('an end with no text has no report', () => {
		expect(outcome([say('m1', ['  \n '], 'end_turn')])).toEqual({endedTurn: true, finalReport: undefined});
	});

	it('other stop reasons do not end the turn', () => {
		expect(outcome([say('m1', ['cut'], 'max_tokens')])).toEqual({endedTurn: false, finalReport: undefined});
		expect(outcome([say('m1', ['tool'], 'tool_use')])).toEqual({endedTurn: false, finalReport: undefined});
	});

	it('a workflow agent: StructuredOutput, its own result, then toolEndsTurn, reports the structured input', () => {
		const steps: Step[] = [say('m1', ['thinking'], undefined, [call('s1', 'StructuredOutput', {verdict: 'ok', n: 2})]), {u: ['s1']}, {end: true}];
		expect(outcome(steps)).toEqual({endedTurn: true, finalReport: '{\n  "verdict": "ok",\n  "n": 2\n}'});
		// Without the end line it is still running.
		expect(outcome(steps.slice(0, 2))).toEqual({endedTurn: false, finalReport: undefined});
	});
});

describe('hostile and huge text', () => {
	it('the report is safe text', () => {
		const {finalReport} = outcome([say('m1', [ALL_HOSTILE], 'end_turn')]);
		expect(finalReport).not.toMatch(RAW_CONTROL);
		expect(finalReport).toContain('␛');
	});

	it('the report is bounded however many lines one message has', () => {
		const big = 'x'.repeat(REPORT_MAX / 2 + 10);
		const {finalReport} = outcome([say('m1', [big]), say('m1', [big]), say('m1', [big], 'end_turn')]);
		expect(finalReport).toHaveLength(REPORT_MAX);
	});

	it('structuredText: a string stays a string; what cannot be JSON is empty', () => {
		expect(structuredText('plain')).toBe('plain');
		expect(structuredText(undefined)).toBe('');
		const loop: Record<string, unknown> = {};
		loop.self = loop;
		expect(structuredText(loop)).toBe('');
		expect(structuredText({t: '\u001B[2J'})).toBe('{\n  "t": "\\u001b[2J"\n}');
		expect(structuredText('\u001B[2J')).toBe('␛[2J');
	});
});

describe('mergeTurns', () => {
	it('an empty side is the other side', () => {
		const t = fold([say('m1', ['x'], 'end_turn')]);
		expect(mergeTurns(t, undefined)).toBe(t);
		expect(mergeTurns(undefined, t)).toBe(t);
	});

	it('more answers than a part remembers resume the earlier message', () => {
		const a = fold([say('m1', ['x'], 'end_turn')]);
		const b = fold([{u: Array.from({length: 70}, (_, i) => `r${i}`)}]);
		expect(b?.answeredMore).toBe(true);
		expect(turnOutcome(mergeTurns(a, b))).toEqual({endedTurn: false, finalReport: undefined});
	});
});
