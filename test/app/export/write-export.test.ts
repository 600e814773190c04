// The export use case run in this process: rows to the stdout it is handed (CSV cells made
// terminal-safe only when that stdout is a terminal), a file written whole with its summary on the
// stderr it is handed, and a file in the way refused before anything is read.
import {appendFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {writeExport, type ExportRequest} from '../../../src/app/export/write-export.js';
import {DEFAULT_STALE_MS} from '../../../src/core/monitor/stale.js';
import {formatEventLine} from '../../../src/core/record/event-line.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

/** One agent whose description holds an escape sequence. */
function activityWithAgent(): string {
	const activity = tempDir('activity-');
	mkdirSync(path.join(activity, SESSION), {recursive: true});
	const at = new Date(NOW - 60_000).toISOString();
	appendFileSync(
		path.join(activity, SESSION, 'events.jsonl'),
		[
			formatEventLine({v: 1, sessionId: SESSION, at, event: 'SubagentStart', agentId: 'ex1', type: 'Explore', state: 'active'}),
			formatEventLine({
				v: 1,
				sessionId: SESSION,
				at,
				event: 'PostToolUse',
				agentId: 'ex1',
				data: {description: 'red \u001B[31m text', status: 'async_launched'},
			}),
		].join(''),
	);
	return activity;
}

function run(request: Partial<ExportRequest> & {activity: string}, stdoutIsTerminal = false) {
	let stdout = '';
	let stderr = '';
	writeExport(
		{
			selection: {activity: request.activity, now: NOW, staleMs: DEFAULT_STALE_MS, filter: {}, sessionId: undefined},
			format: request.format ?? 'csv',
			events: request.events ?? false,
			file: request.file,
			force: request.force ?? false,
		},
		{stdout: t => void (stdout += t), stdoutIsTerminal, stderr: t => void (stderr += t)},
	);
	return {stdout, stderr};
}

describe('writeExport', () => {
	it('writes the rows to the stdout it is handed; CSV cells are made terminal-safe only when that is a terminal', () => {
		const activity = activityWithAgent();
		const plain = run({activity});
		expect(plain.stdout).toContain('red \u001B[31m text');
		expect(plain.stderr).toBe('');
		const terminal = run({activity}, true);
		expect(terminal.stdout).not.toContain('\u001B');
		expect(terminal.stdout).toContain('red ');
	});

	it('writes a file whole and says so on the stderr it is handed; a file in the way is refused without --force', () => {
		const activity = activityWithAgent();
		const file = path.join(tempDir('out-'), 'agents.jsonl');
		const written = run({activity, file, format: 'jsonl'});
		expect(written.stdout).toBe('');
		expect(written.stderr).toBe(`agentlog: exported 1 agent (jsonl) to ${file}\n`);
		expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({agentId: 'ex1', sessionId: SESSION});
		writeFileSync(file, 'keep me');
		expect(() => run({activity, file, format: 'jsonl'})).toThrow(`${file} already exists; --force replaces it`);
		expect(readFileSync(file, 'utf8')).toBe('keep me');
		run({activity, file, format: 'jsonl', events: true, force: true});
		expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
	});
});
