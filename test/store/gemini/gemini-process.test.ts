// Whether Gemini CLI still runs a session: a process of this user running Gemini CLI in the
// session's folder, started before the child; on a made-up /proc and on this machine's own.
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {existsSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {geminiProjectRoot, geminiRunsIn} from '../../../src/store/gemini/gemini-process.js';
import {tempDir} from '../../helpers/tmp.js';

const BOOT_S = 1_800_000_000;

/** A /proc with these processes: cwd, argv, start (seconds after boot). */
function fakeProc(processes: readonly {readonly pid: number; readonly cwd: string; readonly argv: readonly string[]; readonly startS?: number}[]): string {
	const proc = tempDir('proc-');
	writeFileSync(path.join(proc, 'stat'), `cpu  1 2 3\nbtime ${BOOT_S}\nprocesses 9\n`);
	for (const p of processes) {
		const dir = path.join(proc, String(p.pid));
		mkdirSync(dir);
		symlinkSync(p.cwd, path.join(dir, 'cwd'));
		writeFileSync(path.join(dir, 'cmdline'), p.argv.join('\0') + '\0');
		// pid (comm with a space) state ppid … field 22 = starttime in ticks.
		const fields = ['S', ...Array.from({length: 18}, () => '0'), String((p.startS ?? 0) * 100), '0'];
		writeFileSync(path.join(dir, 'stat'), `${p.pid} (node x) ${fields.join(' ')}\n`);
	}
	return proc;
}

describe('geminiRunsIn', () => {
	const root = '/home/me/project';
	const childStart = (BOOT_S + 1000) * 1000;

	it('true for Gemini CLI in the folder, started before the child: the bundle, the bin, npx', () => {
		for (const argv of [
			['node', '/usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js', '-p', 'x'],
			['/usr/bin/node', '--max-old-space-size=8000', '/usr/local/bin/gemini'],
			['node', '/home/me/.npm/_npx/abc/node_modules/@google/gemini-cli/dist/index.js'],
		]) {
			expect(geminiRunsIn(root, childStart, fakeProc([{pid: 42, cwd: root, argv, startS: 900}]))).toBe(true);
		}
	});

	it('false when none does: another program there, Gemini elsewhere, or a Gemini started after the child', () => {
		const proc = fakeProc([
			{pid: 1, cwd: root, argv: ['bash'], startS: 10},
			{pid: 2, cwd: root, argv: ['vim', 'notes-about-gemini.md'], startS: 10},
			{pid: 3, cwd: '/home/me/other', argv: ['node', '/usr/bin/gemini'], startS: 10},
			// Started again in the same folder after the killed run: not the cut child's runner.
			{pid: 4, cwd: root, argv: ['node', '/usr/bin/gemini'], startS: 1100},
		]);
		expect(geminiRunsIn(root, childStart, proc)).toBe(false);
	});

	it('unknown without /proc', () => {
		expect(geminiRunsIn(root, childStart, path.join(tempDir('none-'), 'proc'))).toBeUndefined();
	});

	it("this machine's own processes: true while a gemini.js runs in the folder, false once it is killed", async () => {
		if (!existsSync('/proc/self/cwd')) {
			return;
		}
		const dir = tempDir('gemini-run-');
		writeFileSync(path.join(dir, 'gemini.js'), 'setInterval(() => {}, 1000);\n');
		const child = spawn(process.execPath, [path.join(dir, 'gemini.js')], {cwd: dir, stdio: 'ignore'});
		try {
			await once(child, 'spawn');
			// The process's start is read in whole ticks; the child file starts after it.
			const start = Date.now() + 100;
			await expect.poll(() => geminiRunsIn(dir, start)).toBe(true);
			// A child that started long before this process: not this run's.
			expect(geminiRunsIn(dir, start - 600_000)).toBe(false);
		} finally {
			child.kill('SIGKILL');
			await once(child, 'exit');
		}
		expect(geminiRunsIn(dir, Date.now())).toBe(false);
	});
});

describe('geminiProjectRoot', () => {
	it('the folder named in <project>/.project_root; nothing for a relative or missing one', () => {
		const project = tempDir('proj-');
		const chats = path.join(project, 'chats');
		mkdirSync(chats);
		expect(geminiProjectRoot(chats)).toBeUndefined();
		writeFileSync(path.join(project, '.project_root'), '/home/me/project');
		expect(geminiProjectRoot(chats)).toBe('/home/me/project');
		writeFileSync(path.join(project, '.project_root'), 'relative/path');
		expect(geminiProjectRoot(chats)).toBeUndefined();
	});
});
