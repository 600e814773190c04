import {describe, expect, it} from 'vitest';
import {
	paneOf,
	parseProcStat,
	parseSessionFile,
	parseSessionProcess,
	sessionFileJson,
	sessionProcessOf,
	tmuxPlaceOf,
	type ProcStat,
} from '../../../src/core/monitor/session-process-rules.js';

/** A /proc/<pid>/stat line: pid (comm) state ppid … starttime is field 22. */
const statLine = (pid: number, comm: string, ppid: number, start = 1000) =>
	`${pid} (${comm}) S ${ppid} ${pid} ${pid} 34816 ${pid} 4194560 100 0 0 0 1 2 0 0 20 0 1 0 ${start} 2000000 300 18446744073709551615\n`;

const proc = (pid: number, comm: string, ppid: number): ProcStat => ({pid, comm, ppid, start: 1000 + pid});

describe('parseProcStat', () => {
	it('reads pid, comm, ppid and the start time, a comm with spaces and parentheses whole', () => {
		expect(parseProcStat(statLine(4242, 'claude', 4100, 98765))).toEqual({pid: 4242, comm: 'claude', ppid: 4100, start: 98765});
		expect(parseProcStat(statLine(7, 'a) b (c', 1))).toMatchObject({pid: 7, comm: 'a) b (c', ppid: 1});
	});

	it('refuses anything else', () => {
		for (const text of ['', 'garbage', '12 (x) S', '-1 (x) S 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 5']) {
			expect(parseProcStat(text)).toBeUndefined();
		}
	});
});

describe('sessionProcessOf', () => {
	it('takes the first process above the shells that ran the hook', () => {
		// agent-spy.sh, the hook runner's shell, Claude Code, the user's shell in the pane.
		const chain = [proc(50, 'sh', 40), proc(40, 'bash', 30), proc(30, 'claude', 20), proc(20, 'zsh', 10)];
		expect(sessionProcessOf(chain)).toEqual({pid: 30, start: 1030, comm: 'claude'});
		expect(sessionProcessOf([proc(50, 'sh', 40), proc(40, 'node', 30)])).toEqual({pid: 40, start: 1040, comm: 'node'});
		// The launcher run by its #! line is named for its file.
		expect(sessionProcessOf([proc(50, 'agent-spy.sh', 40), proc(40, 'claude', 30)])?.pid).toBe(40);
	});

	it('finds none among shells only, or at init', () => {
		expect(sessionProcessOf([proc(50, 'sh', 40), proc(40, 'bash', 1)])).toBeUndefined();
		expect(sessionProcessOf([])).toBeUndefined();
		expect(sessionProcessOf([proc(1, 'systemd', 0)])).toBeUndefined();
	});
});

describe('parseSessionProcess', () => {
	it('reads what the hook wrote and refuses the rest', () => {
		expect(parseSessionProcess('{"pid":30,"start":1030,"comm":"claude"}\n')).toEqual({pid: 30, start: 1030, comm: 'claude'});
		for (const text of ['', '{', '[]', 'null', '{"pid":1,"start":0}', '{"pid":"30","start":1}', '{"pid":30}']) {
			expect(parseSessionProcess(text)).toBeUndefined();
		}
	});
});

describe('paneOf', () => {
	const parents = new Map([
		[30, 20],
		[20, 10],
		[10, 1],
	]);
	const parentOf = (pid: number) => parents.get(pid);

	it('walks up from the process to the pane whose process holds it', () => {
		expect(paneOf(30, '%0 99\n%3 20\n', parentOf)).toBe('%3');
		expect(paneOf(30, '%7 30\n', parentOf)).toBe('%7');
	});

	it('finds none when no pane holds it, or tmux said nothing usable', () => {
		expect(paneOf(30, '%0 99\n', parentOf)).toBeUndefined();
		expect(paneOf(30, 'junk\n%x 20\n', parentOf)).toBeUndefined();
		expect(paneOf(30, '%1 1\n', parentOf)).toBeUndefined();
	});
});

describe('tmuxPlaceOf', () => {
	it('takes the pane and the socket of a well-formed $TMUX_PANE and $TMUX', () => {
		expect(tmuxPlaceOf('/tmp/tmux-1000/default,4242,0', '%12')).toEqual({pane: '%12', socket: '/tmp/tmux-1000/default'});
		expect(tmuxPlaceOf('/private/tmp/tmux-501/my,server,77,3', '%0')).toEqual({pane: '%0', socket: '/private/tmp/tmux-501/my,server'});
	});

	it('refuses anything else: hostile input from the environment', () => {
		const socket = '/tmp/tmux-1000/default,4242,0';
		for (const pane of [undefined, '', '12', '%', '%12 ', '%12;x', '%1234567890', '%１２', '$TMUX']) {
			expect(tmuxPlaceOf(socket, pane)).toBeUndefined();
		}
		for (const tmux of [
			undefined,
			'',
			'/tmp/tmux-1000/default',
			'/tmp/tmux-1000/default,x,0',
			'tmp/relative,1,0',
			'/tmp/../etc/passwd,1,0',
			'/tmp/a b,1,0',
			'/tmp/\u001b]0;title\u0007,1,0',
			'/tmp/a\nb,1,0',
			`/${'a'.repeat(300)},1,0`,
		]) {
			expect(tmuxPlaceOf(tmux, '%3')).toBeUndefined();
		}
	});

	it('goes through the session file and back; a damaged part is left out', () => {
		const text = sessionFileJson({process: {pid: 30, start: 5030, comm: 'claude'}, tmux: {pane: '%4', socket: '/tmp/tmux-1/default'}});
		expect(parseSessionFile(text)).toEqual({process: {pid: 30, start: 5030, comm: 'claude'}, tmux: {pane: '%4', socket: '/tmp/tmux-1/default'}});
		expect(parseSessionFile('{"tmuxPane":"%4; x","tmuxSocket":"/tmp/tmux-1/default"}')).toEqual({});
		expect(parseSessionFile('{"tmuxPane":"%4","tmuxSocket":"/tmp/../x"}')).toEqual({});
	});
});
