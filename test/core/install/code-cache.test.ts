// The installed hook runs from V8's code cache beside it (hooks/cached-entry.ts): written once,
// then used; a broken, foreign or special file at its name costs only a compile, never a run.
import {execFileSync} from 'node:child_process';
import {readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isCodeCacheName} from '../../../src/core/install/code-cache.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const start = (agentId: string) =>
	JSON.stringify({session_id: SESSION, cwd: '/tmp', hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: 'Explore'});

function caches(dir: string): string[] {
	return readdirSync(dir).filter(name => isCodeCacheName(name));
}

function runOk(launcher: string, activity: string, agentId: string): void {
	const r = runHook(launcher, start(agentId), hookEnv(activity));
	expect(r).toMatchObject({status: 0, stdout: ''});
	expect(JSON.parse(readFileSync(path.join(activity, SESSION, `${agentId}.json`), 'utf8'))).toMatchObject({agentId, status: 'active'});
}

describe('the hook code cache', () => {
	it('is written by the first run and used, not rewritten, by the next', () => {
		const launcher = installedHook();
		const dir = path.dirname(launcher);
		const activity = tempDir('cache-');
		expect(caches(dir)).toEqual([]);
		runOk(launcher, activity, 'a1');
		const [name] = caches(dir);
		expect(name).toBeDefined();
		const file = path.join(dir, name ?? '');
		const first = statSync(file);
		expect(first.size).toBeGreaterThan(1000);
		runOk(launcher, activity, 'a2');
		expect(statSync(file).mtimeMs).toBe(first.mtimeMs);
		expect(statSync(file).ino).toBe(first.ino);
	});

	it('holds every function of the hook, whichever event made it', () => {
		// A session's first SessionStart (no folder yet) runs few of the hook's functions; a stop runs
		// many more. Made by either, the cache is the same size: every function compiled in it.
		const sizes = [JSON.stringify({session_id: SESSION, cwd: '/tmp', hook_event_name: 'SessionStart', source: 'startup'}), start('a1')].map(input => {
			const launcher = installedHook();
			expect(runHook(launcher, input, hookEnv(tempDir('cache-')))).toMatchObject({status: 0, stdout: ''});
			const [name] = caches(path.dirname(launcher));
			return statSync(path.join(path.dirname(launcher), name ?? '')).size;
		});
		const [fromSessionStart = 0, fromAgentStart = 0] = sizes;
		expect(Math.abs(fromSessionStart - fromAgentStart)).toBeLessThan(fromAgentStart * 0.01);
	});

	it('a cache V8 refuses (garbage) is replaced; caches of another hook are removed', () => {
		const launcher = installedHook();
		const dir = path.dirname(launcher);
		const activity = tempDir('cache-');
		runOk(launcher, activity, 'a1');
		const [name] = caches(dir);
		const file = path.join(dir, name ?? '');
		writeFileSync(file, Buffer.alloc(4096, 7));
		writeFileSync(path.join(dir, '.agent-spy-0123456789abcdef.v8cache'), 'old');
		runOk(launcher, activity, 'a2');
		expect(readFileSync(file).equals(Buffer.alloc(4096, 7))).toBe(false);
		expect(caches(dir)).toEqual([name]);
	});

	it('a FIFO or a symlink at its name is never read or written through', () => {
		const launcher = installedHook();
		const dir = path.dirname(launcher);
		const activity = tempDir('cache-');
		runOk(launcher, activity, 'a1');
		const [name] = caches(dir);
		const file = path.join(dir, name ?? '');
		execFileSync('rm', [file]);
		execFileSync('mkfifo', [file]);
		const begun = Date.now();
		runOk(launcher, activity, 'a2');
		expect(Date.now() - begun).toBeLessThan(5000);

		execFileSync('rm', [file]);
		const target = path.join(tempDir('elsewhere-'), 'precious');
		writeFileSync(target, 'keep me');
		symlinkSync(target, file);
		runOk(launcher, activity, 'a3');
		expect(readFileSync(target, 'utf8')).toBe('keep me');
	});
});
