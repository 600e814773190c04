import {describe, expect, it} from 'vitest';
import {recordTimes} from '../../../src/core/monitor/record-times.js';
import {parseTime} from '../../../src/core/text/format.js';
import {agent} from '../../helpers/agent-fixtures.js';

describe('recordTimes', () => {
	it('parses a record’s start, update and stop once, and only that record’s', () => {
		const stopped = agent('a1', {start: 0, updated: 5, stop: 9});
		const times = recordTimes(stopped);
		expect(times).toEqual({start: parseTime(stopped.startedAt), updated: parseTime(stopped.updatedAt), stopped: parseTime(stopped.stoppedAt)});
		expect(times.stopped! - times.start!).toBe(9000);
		expect(recordTimes(stopped)).toBe(times);
		// The same agent read again (a new record): its own times.
		const later = {...stopped, updatedAt: agent('a1', {start: 12}).startedAt};
		expect(recordTimes(later).updated).toBe(parseTime(later.updatedAt));
		expect(recordTimes(later).updated).not.toBe(times.updated);
		expect(recordTimes({...agent('a2'), startedAt: 'not a time', stoppedAt: undefined})).toEqual({
			start: undefined,
			updated: parseTime(agent('a2').updatedAt),
			stopped: undefined,
		});
	});
});
