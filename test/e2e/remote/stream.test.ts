// `agentlog stream` as ssh runs it: hello, a snapshot, then changes; ends with exit 0 when stdin
// closes, quietly when the reader goes; a reader that stops reading makes it drop changes and
// send one whole snapshot when it reads again, not queue without end.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.join(path.resolve(import.meta.dirname, '..', '..', '..'), 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => child?.kill());

function start(activity: string): {child: ChildProcessWithoutNullStreams; lines: () => {type: string; [k: string]: unknown}[]; stderr: () => string} {
	const home = tempDir('home-');
	child = spawn(process.execPath, [cli, 'stream'], {
		env: {...process.env, HOME: home, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), XDG_STATE_HOME: path.join(home, 'state')},
	});
	let out = '';
	let err = '';
	child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
	child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
	return {
		child,
		lines: () =>
			out
				.split('\n')
				.slice(0, -1)
				.map(line => JSON.parse(line) as {type: string}),
		stderr: () => err,
	};
}

async function until(test: () => boolean, what: string): Promise<void> {
	const end = Date.now() + 10_000;
	while (!test()) {
		if (Date.now() > end) {
			throw new Error(`timed out waiting for ${what}`);
		}
		await new Promise(resolve => setTimeout(resolve, 20));
	}
}

const exited = (c: ChildProcessWithoutNullStreams) => new Promise<number | null>(resolve => c.on('exit', code => resolve(code)));

describe('agentlog stream', () => {
	it('writes hello, a snapshot and the changes, and exits 0 when stdin closes', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const event = (name: string, id: string) => JSON.stringify({session_id: SESSION, cwd: '/w', hook_event_name: name, agent_id: id, agent_type: 'Explore'});
		runHook(launcher, event('SubagentStart', 'a1'), hookEnv(activity));
		const s = start(activity);
		await until(() => s.lines().length >= 2, 'the snapshot');
		const [hello, snapshot] = s.lines();
		expect(hello).toMatchObject({v: 1, type: 'hello', protocol: 1});
		expect(snapshot).toMatchObject({v: 1, type: 'snapshot', session: SESSION, following: true, agents: [{agentId: 'a1', status: 'active'}]});
		runHook(launcher, event('SubagentStart', 'b2'), hookEnv(activity));
		await until(() => s.lines().some(l => l.type === 'agent'), 'the new agent');
		runHook(launcher, event('SubagentStop', 'a1'), hookEnv(activity));
		await until(() => s.lines().some(l => l.type === 'agent' && (l.agent as {agentId: string; status: string}).status === 'stopped'), 'the stop');
		const exit = exited(s.child);
		s.child.stdin.end();
		expect(await exit).toBe(0);
	});

	it('ends quietly when the reader goes', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const start1 = JSON.stringify({session_id: SESSION, hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'Explore'});
		runHook(launcher, start1, hookEnv(activity));
		const s = start(activity);
		await until(() => s.lines().length >= 2, 'the snapshot');
		const exit = exited(s.child);
		s.child.stdout.destroy();
		// A change to write after the reader went: the write fails with EPIPE (stdin stays open).
		runHook(launcher, start1.replace('"a1"', '"b2"'), hookEnv(activity));
		expect(await exit).toBe(0);
		expect(s.stderr()).toBe('');
	});

	it('drops changes for a reader that stopped reading, then sends one whole snapshot', async () => {
		const activity = tempDir('activity-');
		const folder = path.join(activity, SESSION);
		mkdirSync(folder, {recursive: true});
		const write = (i: number, round: number) =>
			writeFileSync(
				path.join(folder, `a${i}.json`),
				JSON.stringify({
					agentId: `a${i}`,
					type: 'Explore',
					status: 'stopped',
					startedAt: '2026-11-20T10:00:00Z',
					stoppedAt: '2026-11-20T10:01:00Z',
					lastMessage: `${round} ${'x'.repeat(15_000)}`,
				}),
			);
		for (let i = 0; i < 100; i++) {
			write(i, 0);
		}
		const s = start(activity);
		await until(() => s.lines().length >= 2, 'the first snapshot');
		s.child.stdout.pause();
		// Many rounds of changes while nothing is read: 1.5 MB each.
		for (let round = 1; round <= 10; round++) {
			for (let i = 0; i < 100; i++) {
				write(i, round);
			}
			await new Promise(resolve => setTimeout(resolve, 100));
		}
		s.child.stdout.resume();
		await until(() => s.lines().filter(l => l.type === 'snapshot').length >= 2, 'a second snapshot');
		await until(() => {
			const snapshots = s.lines().filter(l => l.type === 'snapshot') as unknown as {agents: {report: string}[]}[];
			const last = snapshots.at(-1)!;
			return last.agents.every(a => a.report.startsWith('10 '));
		}, 'the newest state');
		// Not every round went out whole: what was written is bounded by far less than 10 rounds.
		const agentLines = s.lines().filter(l => l.type === 'agent').length;
		expect(agentLines).toBeLessThan(1000);
	});
});
