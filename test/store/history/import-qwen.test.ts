// `agentlog import` for Qwen Code, from the real CLI's files (test/fixtures/qwen): one Imported
// line per subagent transcript in its session's log; nothing for agents the hook recorded; only
// regular files named `agent-<id>.jsonl` read.
import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseEventLine} from '../../../src/core/record/event-line.js';
import {qwenImportLines} from '../../../src/store/history/import-qwen.js';
import {placeQwenFixture} from '../../helpers/qwen-fixture-copy.js';
import {tempDir} from '../../helpers/tmp.js';

const AGENTS = ['general-purpose-call_fxsubage002', 'general-purpose-call_fxsubage003'];
const projectsOf = (home: string) => path.join(home, '.qwen', 'projects');

describe('qwenImportLines', () => {
	it('every agent the hook recorded is left to the hook', () => {
		const f = placeQwenFixture('subagents');
		expect(qwenImportLines(projectsOf(f.home), f.activity, undefined)).toMatchObject({imported: 0, hooked: 2, unreadable: 0});
	});

	it('without the hook’s records: one Imported line each, finished, with its report and tokens', () => {
		const f = placeQwenFixture('subagents');
		const counts = qwenImportLines(projectsOf(f.home), tempDir('activity-'), undefined);
		expect(counts).toMatchObject({imported: 2, transcripts: 2, hooked: 0, upToDate: 0, unreadable: 0, empty: 0});
		expect([...counts.sessions.keys()]).toEqual([f.sessionId]);
		const lines = counts.sessions.get(f.sessionId)!.lines.map(l => {
			const r = parseEventLine(l);
			if (!r.ok) throw new Error(r.error);
			return r.value;
		});
		expect(lines.map(l => l.agentId).sort()).toEqual(AGENTS);
		for (const l of lines) {
			expect(l).toMatchObject({event: 'Imported', provider: 'qwen', type: 'general-purpose', state: 'stopped'});
			expect(l.data?.tokens).toBeGreaterThan(0);
		}
		// Qwen writes no stop reason: the report of a completed agent is its last message.
		expect(lines.find(l => l.agentId === AGENTS[0])?.data?.report).toBe('Lister report: the folder holds README.');
	});

	it('a file already imported unchanged is up to date', () => {
		const f = placeQwenFixture('subagents');
		const activity = tempDir('activity-');
		const first = qwenImportLines(projectsOf(f.home), activity, undefined);
		mkdirSync(path.join(activity, f.sessionId));
		writeFileSync(path.join(activity, f.sessionId, 'events.jsonl'), `${first.sessions.get(f.sessionId)!.lines.join('\n')}\n`);
		expect(qwenImportLines(projectsOf(f.home), activity, undefined)).toMatchObject({imported: 0, upToDate: 2});
	});

	it('skips what is no regular file, unsafe names, and files not written since', () => {
		const f = placeQwenFixture('subagents');
		const dir = path.join(projectsOf(f.home), '-tmp-agentlog-qwen-fixtures-subagents-workspace', 'subagents', f.sessionId);
		execFileSync('mkfifo', [path.join(dir, 'agent-fifo.jsonl')]);
		symlinkSync(path.join(dir, `agent-${AGENTS[0]}.jsonl`), path.join(dir, 'agent-link.jsonl'));
		writeFileSync(path.join(dir, 'agent-bad id.jsonl'), '{}\n');
		const counts = qwenImportLines(projectsOf(f.home), tempDir('activity-'), undefined);
		expect(counts).toMatchObject({imported: 2, unreadable: 2});
		expect(qwenImportLines(projectsOf(f.home), tempDir('activity-'), Date.now() + 3_600_000)).toMatchObject({imported: 0, transcripts: 0});
	});

	it('no projects folder: nothing', () => {
		expect(qwenImportLines(path.join(tempDir('qwen-'), 'none'), tempDir('activity-'), undefined)).toMatchObject({imported: 0, transcripts: 0, unreadable: 0});
	});
});
