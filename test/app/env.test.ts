import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {env} from '../../src/app/env.js';

const saved = {...process.env};
afterEach(() => {
	for (const key of ['HOME', 'CLAUDE_CONFIG_DIR', 'AGENTLOG_DIR', 'XDG_STATE_HOME', 'CODEX_HOME'] as const) {
		if (saved[key] === undefined) {
			delete process.env[key];
		} else {
			process.env[key] = saved[key];
		}
	}
});

describe('env', () => {
	it('is built once: the same object while the variables it reads stay the same', () => {
		expect(env()).toBe(env());
	});

	it('says where every folder and file is, from the variables', () => {
		process.env.HOME = '/h';
		delete process.env.CLAUDE_CONFIG_DIR;
		delete process.env.AGENTLOG_DIR;
		delete process.env.XDG_STATE_HOME;
		delete process.env.CODEX_HOME;
		const e = env();
		expect(e.home).toBe('/h');
		expect(e.claude).toBe(path.join('/h', '.claude'));
		expect(e.activity()).toBe(path.join('/h', '.claude', 'agent-activity'));
		expect(e.activity('/elsewhere')).toBe('/elsewhere');
		expect(e.stateFile).toBe(path.join('/h', '.local', 'state', 'agentlog', 'state.json'));
		expect(e.sessionCacheFile).toBe(path.join('/h', '.local', 'state', 'agentlog', 'sessions-cache.json'));
		expect(e.codexHome()).toBe(path.join('/h', '.codex'));
	});

	it('is built again when one of them changes (a test, or a command run in the same process)', () => {
		process.env.CLAUDE_CONFIG_DIR = '/c1';
		const first = env();
		expect(first.claude).toBe('/c1');
		process.env.CLAUDE_CONFIG_DIR = '/c2';
		expect(env()).not.toBe(first);
		expect(env().claude).toBe('/c2');
		process.env.AGENTLOG_DIR = '/a';
		expect(env().activity()).toBe('/a');
	});
});
