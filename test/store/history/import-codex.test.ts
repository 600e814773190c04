// `agentlog import` for Codex CLI: one Imported line per child thread in its root session's log;
// nothing for the root thread, for a child the hook recorded, or for a rollout already imported
// unchanged; what is no regular file counted unreadable.
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, parseEventLine} from '../../../src/core/record/event-line.js';
import {codexImportLines} from '../../../src/store/history/import-codex.js';
import {childRunLines, CODEX_T0, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = '019a8b2c-0000-7000-8000-000000000001';
const DONE = '019a8b2c-0000-7000-8000-000000000002';
const RUNNING = '019a8b2c-0000-7000-8000-000000000003';

function codexHome(): string {
	const codex = tempDir('codex-');
	writeRollout(codex, ROOT, CODEX_T0, [rootMetaLine(codexTime(0), ROOT)]);
	writeRollout(codex, DONE, CODEX_T0, childRunLines(CODEX_T0, {id: DONE, root: ROOT, role: 'explorer'}, 'Find the routes', 'Found 4 routes.'));
	writeRollout(codex, RUNNING, CODEX_T0, childRunLines(CODEX_T0, {id: RUNNING, root: ROOT}, 'Count files', '', true));
	return codex;
}

const imported = (lines: readonly string[]) =>
	lines.map(l => {
		const r = parseEventLine(l);
		if (!r.ok) throw new Error(r.error);
		return r.value;
	});

describe('codexImportLines', () => {
	it('one Imported line per child in its root session, none for the root', () => {
		const counts = codexImportLines(codexHome(), tempDir('activity-'), undefined);
		expect(counts).toMatchObject({imported: 2, transcripts: 2, upToDate: 0, hooked: 0, unreadable: 0, empty: 0});
		expect([...counts.sessions.keys()]).toEqual([ROOT]);
		const lines = imported(counts.sessions.get(ROOT)!.lines);
		expect(lines.map(l => [l.event, l.agentId, l.provider]).sort()).toEqual([
			['Imported', DONE, 'codex'],
			['Imported', RUNNING, 'codex'],
		]);
		const done = lines.find(l => l.agentId === DONE)!;
		expect(done.state).toBe('stopped');
		expect(done.data).toMatchObject({report: 'Found 4 routes.', tokens: 550, toolCalls: 1});
		expect(lines.find(l => l.agentId === RUNNING)?.state).not.toBe('stopped');
		expect(counts.sessions.get(ROOT)!.lastAtMs).toBe(Math.max(...lines.map(l => Date.parse(l.at))));
	});

	it('already imported unchanged: up to date; recorded by the hook: left to the hook', () => {
		const codex = codexHome();
		const activity = tempDir('activity-');
		const first = codexImportLines(codex, activity, undefined);
		mkdirSync(path.join(activity, ROOT));
		const hookLine = formatEventLine({
			v: 1,
			at: codexTime(0),
			event: 'SubagentStart',
			sessionId: ROOT,
			agentId: RUNNING,
			type: 'worker',
			state: 'active',
			provider: 'codex',
		});
		const doneLine = first.sessions.get(ROOT)!.lines.find(l => l.includes(DONE))!;
		writeFileSync(path.join(activity, ROOT, 'events.jsonl'), `${doneLine}\n${hookLine}\n`);
		expect(codexImportLines(codex, activity, undefined)).toMatchObject({imported: 0, upToDate: 1, hooked: 1});
	});

	it('sinceMs leaves out rollouts not written since; a FIFO named like a rollout is unreadable', () => {
		const codex = codexHome();
		expect(codexImportLines(codex, tempDir('activity-'), Date.now() + 3_600_000)).toMatchObject({imported: 0, transcripts: 0});
		const dir = path.dirname(writeRollout(codex, ROOT, CODEX_T0, [rootMetaLine(codexTime(0), ROOT)]));
		execFileSync('mkfifo', [path.join(dir, 'rollout-fifo.jsonl')]);
		expect(codexImportLines(codex, tempDir('activity-'), undefined)).toMatchObject({imported: 2, unreadable: 1});
	});

	it('no Codex folder: nothing', () => {
		expect(codexImportLines(path.join(tempDir('codex-'), 'none'), tempDir('activity-'), undefined)).toMatchObject({imported: 0, transcripts: 0, unreadable: 0});
	});
});
