// The hook against races, planted links and FIFOs, stdin that never ends, and oversize payloads
//. Every case runs the real installed-form hook as child processes.
import {spawn, spawnSync} from 'node:child_process';
import {closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parseAgentRecord, type AgentRecord} from '../../../src/core/record/agent-record.js';
import {hookEnv, installedHook, runHook, runHookAsync, runHookFromFile} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';
import {SESSION_PROCESS_NAME} from '../../../src/core/record/file-names.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const TRANSCRIPT = `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`;
/** The hook gives up on a stdin with no byte for this long, and what a slow machine may add to it. */
const STALL_MS = 2000;
const SLACK_MS = 2500;
/** …and on one still trickling this long after it started. */
const HARD_DEADLINE_MS = 10_000;

const start = (agentId: string) =>
	JSON.stringify({
		session_id: SESSION,
		transcript_path: TRANSCRIPT,
		cwd: '/home/dev/acme',
		hook_event_name: 'SubagentStart',
		agent_id: agentId,
		agent_type: 'Explore',
	});
const stop = (agentId: string, message = `Done: ${agentId}.`) =>
	JSON.stringify({
		session_id: SESSION,
		transcript_path: TRANSCRIPT,
		cwd: '/home/dev/acme',
		hook_event_name: 'SubagentStop',
		agent_id: agentId,
		agent_type: 'Explore',
		agent_transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}/subagents/agent-${agentId}.jsonl`,
		last_assistant_message: message,
	});
const idle = (name: string) =>
	JSON.stringify({
		session_id: SESSION,
		transcript_path: TRANSCRIPT,
		cwd: '/home/dev/acme',
		hook_event_name: 'TeammateIdle',
		teammate_name: name,
		team_name: 'session-3f2c9a10',
	});

function readAgent(activity: string, agentId: string): AgentRecord {
	const parsed = parseAgentRecord(JSON.parse(readFileSync(path.join(activity, SESSION, `${agentId}.json`), 'utf8')));
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

function agentFiles(dir: string): string[] {
	return readdirSync(dir).filter(n => n.endsWith('.json') && !n.startsWith('.'));
}

function snapshot(dir: string): Record<string, string> {
	return Object.fromEntries(
		readdirSync(dir)
			.sort()
			.map(n => [n, readFileSync(path.join(dir, n), 'utf8')]),
	);
}

function hookLog(activity: string): string {
	const file = path.join(activity, '.agentlog-hook.log');
	return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

function mkfifo(file: string): void {
	const r = spawnSync('mkfifo', [file]);
	if (r.status !== 0) {
		throw new Error(`mkfifo failed: ${String(r.stderr)}`);
	}
}

const record = (agentId: string, fields: Partial<AgentRecord> = {}) =>
	`${JSON.stringify({agentId, type: 'Explore', status: 'stopped', startedAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', stoppedAt: '2026-01-01T00:00:00.000Z', ...fields})}\n`;

let launcher: string;
let script: string;
beforeAll(() => {
	launcher = installedHook();
	script = path.join(path.dirname(launcher), 'agent-spy.cjs');
});

describe('agent-spy under races', () => {
	it('loses no stop when the start and stop of 100 agents race', async () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		const ids = Array.from({length: 100}, (_, i) => `a${String(i).padStart(3, '0')}race`);
		const runs = await Promise.all(ids.flatMap(id => [runHookAsync(launcher, start(id), env), runHookAsync(launcher, stop(id), env)]));
		expect(runs.every(r => r.status === 0 && r.stdout === '')).toBe(true);
		const wrong = ids.map(id => readAgent(activity, id)).filter(r => r.status !== 'stopped' || r.lastMessage !== `Done: ${r.agentId}.`);
		expect(wrong).toEqual([]);
		// No lock or temp file is left behind.
		expect(readdirSync(path.join(activity, SESSION)).filter(n => n.startsWith('.') && n !== SESSION_PROCESS_NAME)).toEqual([]);
	}, 60_000);

	it('keeps every agent file when 100 stops with long messages run at once', async () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		for (let i = 0; i < 5; i++) {
			runHook(launcher, start(`live${i}`), env);
		}
		runHook(launcher, idle('reviewer'), env);
		runHook(launcher, idle('tester'), env);
		// 100 running agents, then all of them stop at once, with long messages.
		const ids = Array.from({length: 100}, (_, i) => `done${String(i).padStart(3, '0')}`);
		await Promise.all(ids.map(id => runHookAsync(launcher, start(id), env)));
		expect(agentFiles(path.join(activity, SESSION))).toHaveLength(107);
		const runs = await Promise.all(ids.map(id => runHookFromFile(launcher, stop(id, `${id}: ${'x'.repeat(300_000)}`), env)));
		expect(runs.every(r => r.status === 0)).toBe(true);
		const files = agentFiles(path.join(activity, SESSION));
		expect(files).toHaveLength(107);
		expect(ids.map(id => readAgent(activity, id).status)).toEqual(ids.map(() => 'stopped'));
		for (const keep of ['live0', 'live1', 'live2', 'live3', 'live4', 'reviewer@session-3f2c9a10', 'tester@session-3f2c9a10']) {
			expect(files).toContain(`${keep}.json`);
		}
		expect(readdirSync(path.join(activity, SESSION)).filter(n => n.startsWith('.') && n !== SESSION_PROCESS_NAME)).toEqual([]);
	}, 60_000);
});

describe('agent-spy never follows a planted symlink', () => {
	it('skips an event whose session folder is a symlink, leaving the target untouched', () => {
		const base = tempDir();
		const activity = path.join(base, 'activity');
		const target = path.join(base, 'elsewhere');
		mkdirSync(activity);
		mkdirSync(target);
		// Old agent files a stop would write beside.
		for (let i = 0; i < 25; i++) {
			writeFileSync(path.join(target, `old${i}.json`), record(`old${i}`));
		}
		symlinkSync(target, path.join(activity, SESSION));
		const before = snapshot(target);
		const env = hookEnv(activity);
		for (const input of [start('a1'), stop('a1'), idle('reviewer')]) {
			expect(runHook(launcher, input, env)).toMatchObject({status: 0, stdout: ''});
		}
		expect(snapshot(target)).toEqual(before);
		expect(hookLog(activity)).toMatch(/symbolic link/);
	});

	it('follows a symlinked activity folder (a dotfiles setup)', () => {
		const base = tempDir();
		const real = path.join(base, 'real-activity');
		mkdirSync(real);
		symlinkSync(real, path.join(base, 'activity'));
		runHook(launcher, start('a1'), hookEnv(path.join(base, 'activity')));
		expect(readAgent(real, 'a1').status).toBe('active');
	});

	it('replaces a symlinked agent file without reading or touching its target', () => {
		const base = tempDir();
		const activity = path.join(base, 'activity');
		mkdirSync(path.join(activity, SESSION), {recursive: true});
		const secret = path.join(base, 'secret.json');
		writeFileSync(secret, record('a1', {cwd: '/secret/place', lastMessage: 'secret text', teammateName: 'secret'}));
		const before = readFileSync(secret, 'utf8');
		const link = path.join(activity, SESSION, 'a1.json');
		symlinkSync(secret, link);
		expect(runHook(launcher, start('a1'), hookEnv(activity)).status).toBe(0);
		expect(readFileSync(secret, 'utf8')).toBe(before);
		expect(lstatSync(link).isSymbolicLink()).toBe(false);
		const text = readFileSync(link, 'utf8');
		expect(text).not.toMatch(/secret/);
		expect(readAgent(activity, 'a1')).toMatchObject({status: 'active', type: 'Explore', cwd: '/home/dev/acme'});
	});

	it('does not append to the target of a symlinked log', () => {
		const base = tempDir();
		const activity = path.join(base, 'activity');
		mkdirSync(activity);
		const target = path.join(base, 'victim.txt');
		writeFileSync(target, 'precious\n');
		symlinkSync(target, path.join(activity, '.agentlog-hook.log'));
		expect(runHook(launcher, 'not json', hookEnv(activity))).toMatchObject({status: 0, stdout: ''});
		expect(readFileSync(target, 'utf8')).toBe('precious\n');
		expect(lstatSync(path.join(activity, '.agentlog-hook.log')).isSymbolicLink()).toBe(true);
	});
});

describe('agent-spy and FIFOs', () => {
	it('does not hang on FIFOs named *.json: its own file, the teammate lookup and the session end', () => {
		const activity = tempDir();
		const sessionDir = path.join(activity, SESSION);
		mkdirSync(sessionDir, {recursive: true});
		for (const name of ['a1.json', 'zz.json', 'reviewer@session-3f2c9a10.json']) {
			mkfifo(path.join(sessionDir, name));
		}
		const env = hookEnv(activity);
		const end = JSON.stringify({session_id: SESSION, transcript_path: TRANSCRIPT, cwd: '/home/dev/acme', hook_event_name: 'SessionEnd', reason: 'other'});
		for (const input of [start('a1'), idle('tester'), stop('b1'), stop('b2'), end]) {
			const r = spawnSync(launcher, [], {input, env, encoding: 'utf8', timeout: 10_000});
			expect(r).toMatchObject({status: 0, signal: null, stdout: ''});
		}
		expect(readAgent(activity, 'a1')).toMatchObject({status: 'stopped', interrupted: true});
		expect(readAgent(activity, 'tester@session-3f2c9a10')).toMatchObject({status: 'stopped', interrupted: true});
		expect(lstatSync(path.join(sessionDir, 'zz.json')).isFIFO()).toBe(true);
	});
});

describe('agent-spy stdin deadline', () => {
	/** Runs the hook script with stdin that stays open; resolves on exit (or kills it after `killMs`). */
	function runOpenStdin(input: string | undefined, env: NodeJS.ProcessEnv, killMs = 15_000) {
		return new Promise<{status: number | null; signal: NodeJS.Signals | null; ms: number}>(resolve => {
			const t0 = Date.now();
			const child = spawn(launcher, [], {env, stdio: ['pipe', 'ignore', 'ignore']});
			if (input !== undefined) {
				child.stdin.write(input);
			}
			const killer = setTimeout(() => child.kill('SIGKILL'), killMs);
			child.on('exit', (status, signal) => {
				clearTimeout(killer);
				child.stdin.destroy();
				resolve({status, signal, ms: Date.now() - t0});
			});
		});
	}

	it('exits 0 soon after its stall limit when stdin is never closed', async () => {
		const activity = tempDir();
		const r = await runOpenStdin(undefined, hookEnv(activity));
		expect(r).toMatchObject({status: 0, signal: null});
		expect(r.ms).toBeLessThan(STALL_MS + SLACK_MS);
		expect(hookLog(activity)).toMatch(/stdin/);
	}, 30_000);

	it('records a payload that arrives slowly, in pieces, over longer than the stall limit (a starved machine)', async () => {
		const activity = tempDir();
		runHook(launcher, start('slow1'), hookEnv(activity));
		const payload = stop('slow1', `Done. ${'x'.repeat(200_000)}`);
		const pieces = 8;
		const size = Math.ceil(payload.length / pieces);
		const t0 = Date.now();
		const r = await new Promise<{status: number | null}>(resolve => {
			const child = spawn(launcher, [], {env: hookEnv(activity), stdio: ['pipe', 'ignore', 'ignore']});
			child.on('exit', status => resolve({status}));
			let i = 0;
			const next = (): void => {
				if (i === pieces) {
					child.stdin.end();
					return;
				}
				child.stdin.write(payload.slice(i * size, (i + 1) * size));
				i++;
				setTimeout(next, 600);
			};
			next();
		});
		// Longer in all than the stall limit (and than the old 3 s from the start), never still for it.
		expect(Date.now() - t0).toBeGreaterThan(STALL_MS + 1000);
		expect(r.status).toBe(0);
		expect(readAgent(activity, 'slow1')).toMatchObject({status: 'stopped'});
		expect(hookLog(activity)).not.toMatch(/stdin/);
	}, 30_000);

	it('gives up on a writer that trickles forever by its hard deadline, and exits 0', async () => {
		const activity = tempDir();
		const t0 = Date.now();
		const r = await new Promise<{status: number | null}>(resolve => {
			const child = spawn(launcher, [], {env: hookEnv(activity), stdio: ['pipe', 'ignore', 'ignore']});
			const drip = setInterval(() => child.stdin.write(' '), 500);
			child.stdin.on('error', () => undefined);
			child.on('exit', status => {
				clearInterval(drip);
				resolve({status});
			});
			child.stdin.write('{"hook_event_name": "SubagentStart",');
		});
		expect(r.status).toBe(0);
		expect(Date.now() - t0).toBeGreaterThanOrEqual(HARD_DEADLINE_MS - 1000);
		expect(Date.now() - t0).toBeLessThan(HARD_DEADLINE_MS + SLACK_MS);
		expect(hookLog(activity)).toMatch(/stdin was not closed/);
	}, 30_000);

	it('still records a complete payload whose stdin is never closed', async () => {
		const activity = tempDir();
		const r = await runOpenStdin(stop('open1'), hookEnv(activity));
		expect(r).toMatchObject({status: 0, signal: null});
		expect(readAgent(activity, 'open1').status).toBe('stopped');
	}, 30_000);

	it('does not spin on a non-blocking stdin that has no data', () => {
		const activity = tempDir();
		const fifo = path.join(tempDir(), 'stdin');
		mkfifo(fifo);
		// A non-blocking read end, with a writer kept open so that no end of file ever comes.
		const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
		const writer = openSync(fifo, constants.O_WRONLY);
		const usage = path.join(tempDir(), 'usage.json');
		const preload = path.join(tempDir(), 'usage.cjs');
		writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(usage)}, JSON.stringify(process.cpuUsage())));\n`);
		try {
			const t0 = Date.now();
			const r = spawnSync(process.execPath, ['--require', preload, script], {stdio: [reader, 'pipe', 'pipe'], env: hookEnv(activity), timeout: 15_000});
			expect(r.status).toBe(0);
			expect(Date.now() - t0).toBeLessThan(STALL_MS + SLACK_MS);
			const cpu = JSON.parse(readFileSync(usage, 'utf8')) as {user: number; system: number};
			// Start-up costs some 50 ms; spinning for the deadline would cost some 3000 ms.
			expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
		} finally {
			closeSync(reader);
			closeSync(writer);
		}
	}, 30_000);
});

describe('agent-spy and a stop over the 32 MiB stdin limit', () => {
	it('records the stop with the first part of the message, marked as cut', () => {
		const activity = tempDir();
		runHook(launcher, start('big1'), hookEnv(activity));
		const message = `# Report\n${'- a finding that goes on\n'.repeat(Math.ceil((33 * 1024 * 1024) / 25))}`;
		const r = spawnSync(launcher, [], {input: stop('big1', message), env: hookEnv(activity), encoding: 'utf8', timeout: 30_000, maxBuffer: 1 << 20});
		expect(r).toMatchObject({status: 0, stdout: ''});
		const rec = readAgent(activity, 'big1');
		expect(rec.status).toBe('stopped');
		expect(rec.lastMessageCut).toBe(true);
		expect(rec.lastMessage?.startsWith('# Report\n- a finding that goes on\n')).toBe(true);
		expect(rec.lastMessage?.length).toBeLessThan(2 * 1024 * 1024);
		expect(rec.lastMessage).toMatch(/cut/);
		expect(rec.transcriptPath).toMatch(/agent-big1\.jsonl$/);
	}, 60_000);

	it('skips and logs an oversize payload whose ids come after the message', () => {
		const activity = tempDir();
		const input = JSON.stringify({
			hook_event_name: 'SubagentStop',
			last_assistant_message: 'x'.repeat(33 * 1024 * 1024),
			session_id: SESSION,
			agent_id: 'late1',
		});
		expect(runHook(launcher, input, hookEnv(activity)).status).toBe(0);
		expect(existsSync(path.join(activity, SESSION))).toBe(false);
		expect(hookLog(activity)).toMatch(/skipped: .*32/);
	}, 60_000);
});
