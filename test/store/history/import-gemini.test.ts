// `agentlog import` for Gemini CLI, from the real CLI's files (test/fixtures/gemini): one Imported
// line per subagent's session file in its main session's log; a file imported unchanged gets
// nothing; what is no regular file is counted unreadable.
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseEventLine} from '../../../src/core/record/event-line.js';
import {geminiImportLines} from '../../../src/store/history/import-gemini.js';
import {copiedGeminiFile, copyGeminiHome, geminiFile} from '../../helpers/gemini.js';
import {tempDir} from '../../helpers/tmp.js';

const MAIN = geminiFile('tools', 'main').id;
const CHILDREN = [geminiFile('tools', 'reader').id, geminiFile('tools', 'lister').id].sort();

describe('geminiImportLines', () => {
	it('one Imported line per subagent, in its main session, finished with its report', () => {
		const counts = geminiImportLines(copyGeminiHome('tools'), tempDir('activity-'), undefined);
		expect(counts).toMatchObject({imported: 2, transcripts: 2, upToDate: 0, hooked: 0, unreadable: 0, empty: 0});
		expect([...counts.sessions.keys()]).toEqual([MAIN]);
		const lines = counts.sessions.get(MAIN)!.lines.map(l => {
			const r = parseEventLine(l);
			if (!r.ok) throw new Error(r.error);
			return r.value;
		});
		expect(lines.map(l => l.agentId).sort()).toEqual(CHILDREN);
		for (const l of lines) {
			expect(l).toMatchObject({event: 'Imported', provider: 'gemini', state: 'stopped'});
			expect(l.data?.tokens).toBeGreaterThan(0);
		}
	});

	it('a file already imported unchanged is up to date', () => {
		const gemini = copyGeminiHome('tools');
		const activity = tempDir('activity-');
		const first = geminiImportLines(gemini, activity, undefined);
		mkdirSync(path.join(activity, MAIN));
		writeFileSync(path.join(activity, MAIN, 'events.jsonl'), `${first.sessions.get(MAIN)!.lines.join('\n')}\n`);
		expect(geminiImportLines(gemini, activity, undefined)).toMatchObject({imported: 0, upToDate: 2});
	});

	it('a FIFO among the subagents is unreadable; sinceMs leaves out older sessions', () => {
		const gemini = copyGeminiHome('tools');
		execFileSync('mkfifo', [path.join(path.dirname(copiedGeminiFile(gemini, 'tools', 'reader')), 'fifo.jsonl')]);
		expect(geminiImportLines(gemini, tempDir('activity-'), undefined)).toMatchObject({imported: 2, unreadable: 1});
		expect(geminiImportLines(gemini, tempDir('activity-'), Date.now() + 3_600_000)).toMatchObject({imported: 0, transcripts: 0});
	});
});
