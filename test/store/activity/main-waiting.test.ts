// Whether the main session waits for the user: its `.main-waiting.json` marker, undone by a
// newer line in its transcript (read from the end, under the allowed folders only).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {lastLineAt, readMainAsk, readMainWaiting} from '../../../src/store/activity/main-waiting.js';
import {TranscriptRoots} from '../../../src/store/transcripts/transcript-paths.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {tempDir} from '../../helpers/tmp.js';

const SINCE = '2026-11-20T10:00:00.000Z';
let claude: string;
let session: string;
let transcript: string;
let roots: TranscriptRoots;

beforeEach(() => {
	claude = tempDir('claude-');
	mkdirSync(path.join(claude, 'projects', 'p'), {recursive: true});
	transcript = path.join(claude, 'projects', 'p', 's1.jsonl');
	session = tempDir('session-');
	roots = new TranscriptRoots(claude);
});

const marker = (json: unknown) => writeFileSync(path.join(session, '.main-waiting.json'), typeof json === 'string' ? json : JSON.stringify(json));
const lines = (...times: Array<string | undefined>) => times.map(t => JSON.stringify(t === undefined ? {type: 'x'} : {timestamp: t})).join('\n');

describe('readMainAsk', () => {
	it('reads the marker, waiting for input when it does not say', () => {
		marker({since: SINCE, transcriptPath: transcript});
		expect(readMainAsk(session)).toEqual({since: SINCE, waitingFor: 'input', transcriptPath: transcript});
		marker({since: SINCE, waitingFor: 'permission: Bash'});
		expect(readMainAsk(session)).toEqual({since: SINCE, waitingFor: 'permission: Bash'});
	});

	it('no marker, a bad time, or broken JSON: none', () => {
		expect(readMainAsk(session)).toBeUndefined();
		for (const bad of [{since: 'later'}, {waitingFor: 'x'}, '[1]', '{broken', '"text"']) {
			marker(bad);
			expect(readMainAsk(session), JSON.stringify(bad)).toBeUndefined();
		}
	});

	it('what it waits for is one safe line', () => {
		marker({since: SINCE, waitingFor: `evil${HOSTILE.title}\nline`});
		expect(readMainAsk(session)?.waitingFor).not.toMatch(RAW_CONTROL);
		expect(readMainAsk(session)?.waitingFor).not.toContain('\n');
	});
});

describe('lastLineAt', () => {
	it('is the newest complete line with a time', () => {
		writeFileSync(transcript, `${lines('2026-11-20T09:00:00.000Z', '2026-11-20T10:05:00.000Z', undefined)}\n{"timestamp":"2026-11-20T11:00`);
		expect(lastLineAt(transcript, roots)).toBe(Date.parse('2026-11-20T10:05:00.000Z'));
	});

	it('reads only the end of a large transcript, skipping the cut first line', () => {
		const filler = `${JSON.stringify({timestamp: '2026-11-20T08:00:00.000Z', pad: 'x'.repeat(400 * 1024)})}\n`;
		writeFileSync(transcript, `${filler}${lines('2026-11-20T10:01:00.000Z')}\n`);
		expect(lastLineAt(transcript, roots)).toBe(Date.parse('2026-11-20T10:01:00.000Z'));
		writeFileSync(transcript, filler);
		expect(lastLineAt(transcript, roots)).toBeUndefined();
	});

	it('looks at the last 50 lines only', () => {
		writeFileSync(transcript, `${lines('2026-11-20T10:01:00.000Z')}\n${lines(...Array.from({length: 60}, () => undefined))}\n`);
		expect(lastLineAt(transcript, roots)).toBeUndefined();
	});

	it('nothing outside the allowed folders, nor a missing file', () => {
		const outside = path.join(tempDir('elsewhere-'), 's.jsonl');
		writeFileSync(outside, `${lines(SINCE)}\n`);
		expect(lastLineAt(outside, roots)).toBeUndefined();
		expect(lastLineAt(path.join(claude, 'projects', 'p', 'none.jsonl'), roots)).toBeUndefined();
	});
});

describe('readMainWaiting', () => {
	it('waits until a transcript line newer than the request', () => {
		marker({since: SINCE, waitingFor: 'permission', transcriptPath: transcript});
		writeFileSync(transcript, `${lines('2026-11-20T09:59:00.000Z')}\n`);
		expect(readMainWaiting(session, roots)).toEqual({waitingFor: 'permission', since: Date.parse(SINCE)});
		writeFileSync(transcript, `${lines('2026-11-20T09:59:00.000Z', '2026-11-20T10:00:01.000Z')}\n`);
		expect(readMainWaiting(session, roots)).toBeUndefined();
	});

	it('no marker: not waiting', () => {
		expect(readMainWaiting(session, roots)).toBeUndefined();
	});
});
