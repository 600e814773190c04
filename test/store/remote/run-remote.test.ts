// A one-shot remote command's answer: its JSON parsed, or what went wrong in one safe line (not
// installed, a failed command with its last error line, not JSON, too large, too slow, no ssh).
// Run here with node standing in for ssh.
import {describe, expect, it} from 'vitest';
import {MAX_ANSWER, runRemoteJson} from '../../../src/store/remote/run-remote.js';
import {RAW_CONTROL} from '../../helpers/hostile.js';

const node = (code: string, timeoutMs?: number) =>
	runRemoteJson({label: 'box', argv: [process.execPath, '-e', code], ...(timeoutMs === undefined ? {} : {timeoutMs})});

describe('runRemoteJson', () => {
	it('parses what the command printed', async () => {
		expect(await node('process.stdout.write(JSON.stringify({sessions: [1, 2]}))')).toEqual({ok: true, value: {sessions: [1, 2]}});
	});

	it('output that is not JSON: asks whether it is this agentlog', async () => {
		expect(await node('console.log("hello")')).toEqual({ok: false, error: 'box did not answer with JSON: is its agentlog this one (npm i -g agentlog)?'});
	});

	it('a failed command: its exit code and the last line of its errors, made safe', async () => {
		const r = await node('console.error("first\\nagentlog: bad option \\u001b[2J"); process.exit(3)');
		expect(r.ok).toBe(false);
		const error = r.ok ? '' : r.error;
		expect(error).toMatch(/^box: `.+` exited with 3: agentlog: bad option ␛\[2J$/);
		expect(error).not.toMatch(RAW_CONTROL);
	});

	it('exit 127 or "command not found": agentlog is not installed there', async () => {
		for (const code of ['process.exit(127)', 'console.error("bash: agentlog: command not found"); process.exit(1)']) {
			const r = await node(code);
			expect(r.ok ? '' : r.error, code).toMatch(/^agentlog is not installed on box/);
		}
	});

	it('no such ssh: says so and how to name another', async () => {
		const r = await runRemoteJson({label: 'box', argv: ['/nonexistent/ssh', 'box', 'agentlog']});
		expect(r.ok ? '' : r.error).toMatch(/^cannot run \/nonexistent\/ssh: .*--ssh-command names another\)$/);
	});

	it('too slow: ended at the time limit', async () => {
		const r = await node('setTimeout(() => {}, 20000)', 1000);
		expect(r).toEqual({ok: false, error: 'box did not answer in 1s'});
	});

	it('an answer over the bound is not kept', async () => {
		const mb = MAX_ANSWER >> 20;
		const r = await node(
			`const b = Buffer.alloc(1 << 20, 32); let n = 0; const go = () => { while (n < ${mb + 2}) { n++; if (!process.stdout.write(b)) return process.stdout.once('drain', go); } }; go();`,
		);
		expect(r).toEqual({ok: false, error: `box answered with more than ${mb} MB`});
	});

	it('aborting ends the command', async () => {
		const controller = new AbortController();
		const pending = runRemoteJson({label: 'box', argv: [process.execPath, '-e', 'setTimeout(() => {}, 20000)'], signal: controller.signal});
		setTimeout(() => controller.abort(), 100);
		const r = await pending;
		expect(r.ok ? '' : r.error).toMatch(/^cannot run .*abort/i);
	});
});
