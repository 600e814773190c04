import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSessionFile, readSessionProcess, recordSessionProcess} from '../../../src/store/hook/session-process.js';
import {SESSION_PROCESS_NAME, sessionFileKind} from '../../../src/core/record/file-names.js';
import {tempDir} from '../../helpers/tmp.js';
import {fakeProc} from '../../helpers/fake-proc.js';

describe('recordSessionProcess', () => {
	it('records the first process above the shells once, and again only when asked (a SessionStart)', () => {
		const proc = fakeProc([
			[50, 'sh', 40],
			[40, 'bash', 30],
			[30, 'claude', 20],
			[20, 'zsh', 1],
		]);
		const session = tempDir('session-');
		recordSessionProcess(session, false, 50, {proc, env: {}});
		expect(readSessionProcess(session)).toEqual({pid: 30, start: 5030, comm: 'claude'});
		// Recorded: not looked up again (another chain now would give another process).
		const other = fakeProc([[60, 'codex', 1]]);
		recordSessionProcess(session, false, 60, {proc: other});
		expect(readSessionProcess(session)?.pid).toBe(30);
		recordSessionProcess(session, true, 60, {proc: other, env: {}});
		expect(JSON.parse(readFileSync(path.join(session, SESSION_PROCESS_NAME), 'utf8'))).toEqual({pid: 60, start: 5060, comm: 'codex'});
	});

	it('records a SessionStart’s time with the process, and alone where no process is found', () => {
		const session = tempDir('session-');
		recordSessionProcess(session, true, 50, {
			proc: fakeProc([
				[50, 'sh', 40],
				[40, 'claude', 1],
			]),
			sessionStartAt: '2026-11-26T09:06:22.449Z',
			env: {},
		});
		expect(readSessionFile(session)).toEqual({process: {pid: 40, start: 5040, comm: 'claude'}, sessionStartAt: '2026-11-26T09:06:22.449Z'});
		recordSessionProcess(session, true, 50, {proc: fakeProc([[50, 'sh', 1]]), sessionStartAt: '2026-11-26T09:07:00.000Z', env: {}});
		expect(readSessionFile(session)).toEqual({sessionStartAt: '2026-11-26T09:07:00.000Z'});
		expect(readSessionProcess(session)).toBeUndefined();
		writeFileSync(path.join(session, SESSION_PROCESS_NAME), '{"sessionStartAt": "yesterday"}');
		expect(readSessionFile(session)).toEqual({});
	});

	it('records the tmux pane its environment names, with no process found (macOS), once', () => {
		const session = tempDir('session-');
		const env = {TMUX: '/private/tmp/tmux-501/default,812,0', TMUX_PANE: '%7'};
		recordSessionProcess(session, false, 1, {env});
		expect(readSessionFile(session)).toEqual({tmux: {pane: '%7', socket: '/private/tmp/tmux-501/default'}});
		recordSessionProcess(session, false, 1, {env: {...env, TMUX_PANE: '%8'}});
		expect(readSessionFile(session)?.tmux?.pane).toBe('%7');
		// Not inside tmux, no process: nothing is written.
		const none = tempDir('session-');
		recordSessionProcess(none, false, 1, {env: {}});
		recordSessionProcess(none, false, 1, {env: {TMUX: 'x', TMUX_PANE: 'y'}});
		expect(readSessionFile(none)).toBeUndefined();
	});

	it('records nothing when the chain has no such process, and reads nothing from a damaged file', () => {
		const session = tempDir('session-');
		recordSessionProcess(session, false, 50, {proc: fakeProc([[50, 'sh', 1]])});
		expect(readSessionProcess(session)).toBeUndefined();
		writeFileSync(path.join(session, SESSION_PROCESS_NAME), '{"pid": "x"}');
		expect(readSessionProcess(session)).toBeUndefined();
	});

	it("is one of the hook's own files, so prune still removes the session's folder", () => {
		expect(sessionFileKind(SESSION_PROCESS_NAME)).toBe('own-dot-file');
		expect(sessionFileKind(`.${SESSION_PROCESS_NAME}.123.abc1.tmp`)).toBe('own-dot-file');
	});
});
