import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {EVENT_LOG_NAME, readSessionEvents} from '../../../src/store/history/event-log.js';
import {appendEventLine} from '../../../src/store/hook/event-append.js';
import {tempDir} from '../../helpers/tmp.js';

const event = (n: number): EventLine => ({
	v: 1,
	at: new Date(Date.UTC(2026, 2, 1, 12, 0, n)).toISOString(),
	event: 'SubagentStart',
	sessionId: 's1',
	agentId: `a${n}`,
});

function sessionDir(): string {
	const dir = path.join(tempDir('append-'), 's1');
	mkdirSync(dir, {recursive: true});
	return dir;
}

describe('appendEventLine', () => {
	it('appends whole lines to a new log, with no extra newline', () => {
		const dir = sessionDir();
		expect(appendEventLine(dir, formatEventLine(event(1)))).toBeUndefined();
		expect(appendEventLine(dir, formatEventLine(event(2)))).toBeUndefined();
		expect(readFileSync(path.join(dir, EVENT_LOG_NAME), 'utf8')).toBe(formatEventLine(event(1)) + formatEventLine(event(2)));
	});

	it('starts the line on a new line when the log ends in a torn write, so the next event is not lost', () => {
		const dir = sessionDir();
		const torn = formatEventLine(event(1)).slice(0, 25);
		writeFileSync(path.join(dir, EVENT_LOG_NAME), formatEventLine(event(0)) + torn);
		expect(appendEventLine(dir, formatEventLine(event(2)))).toBeUndefined();
		expect(appendEventLine(dir, formatEventLine(event(3)))).toBeUndefined();
		expect(readFileSync(path.join(dir, EVENT_LOG_NAME), 'utf8')).toBe(
			`${formatEventLine(event(0))}${torn}\n${formatEventLine(event(2))}${formatEventLine(event(3))}`,
		);
		const read = readSessionEvents(dir);
		expect(read.lines.map(l => l.agentId)).toEqual(['a0', 'a2', 'a3']);
		expect(read.skipped).toEqual([{lineNumber: 2, error: 'not JSON'}]);
	});
});
