// The one JSON line the hook prints: a stop's answer and a notification's sequence merged.
import {describe, expect, it} from 'vitest';
import {oneAnswer} from '../../../src/core/stop/hook-answer.js';

const STOP = '{"decision":"block","reason":"stopped by agentlog"}\n';
const NOTIFY = '{"terminalSequence":"\\u0007"}\n';

describe('oneAnswer', () => {
	it('is nothing, or the one part there is, unchanged', () => {
		expect(oneAnswer(undefined, undefined)).toBeUndefined();
		expect(oneAnswer(STOP, undefined)).toBe(STOP);
		expect(oneAnswer(undefined, NOTIFY)).toBe(NOTIFY);
	});

	it('merges both into one JSON line', () => {
		const line = oneAnswer(STOP, NOTIFY)!;
		expect(line.endsWith('\n')).toBe(true);
		expect(line.split('\n')).toHaveLength(2);
		expect(JSON.parse(line)).toEqual({decision: 'block', reason: 'stopped by agentlog', terminalSequence: '\u0007'});
	});

	it('the stop wins a field both set', () => {
		expect(JSON.parse(oneAnswer('{"a":"stop"}', '{"a":"notify","b":1}')!)).toEqual({a: 'stop', b: 1});
	});

	it('a part that is not JSON leaves the stop alone', () => {
		expect(oneAnswer(STOP, 'not json')).toBe(STOP);
		expect(oneAnswer('not json', NOTIFY)).toBe('not json');
	});
});
