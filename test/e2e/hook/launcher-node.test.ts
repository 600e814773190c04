// Which Node the launcher (hooks/agent-spy.sh) runs: the first executable `node` on PATH, found
// with shell builtins (no subshell per event), else the Node that installed it. doctor runs the
// same lookup text (core/install/node-lookup.ts), so it names the Node the hook really runs.
import {chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {NODE_LOOKUP_SH} from '../../../src/core/install/node-lookup.js';
import {probeLauncherNode} from '../../../src/store/doctor/gather.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const start = (agentId: string) =>
	JSON.stringify({session_id: SESSION, cwd: '/tmp', hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: 'Explore'});

/** A folder with a `node` that records that it ran (in `<folder>/ran`), then runs the real Node. */
function fakeNode(name: string): string {
	const dir = tempDir(`${name}-`);
	writeFileSync(path.join(dir, 'node'), `#!/bin/sh\necho "$@" >> '${path.join(dir, 'ran')}'\nexec '${process.execPath}' "$@"\n`);
	chmodSync(path.join(dir, 'node'), 0o755);
	return dir;
}

const ran = (dir: string): string => {
	try {
		return readFileSync(path.join(dir, 'ran'), 'utf8');
	} catch {
		return '';
	}
};

describe('the launcher finds Node', () => {
	it('holds the lookup doctor runs, byte for byte', () => {
		expect(readFileSync(path.join(import.meta.dirname, '../../../hooks/agent-spy.sh'), 'utf8')).toContain(NODE_LOOKUP_SH);
	});

	it('runs the first executable node on PATH, past a folder named node, a file that is not executable, empty entries and glob characters', () => {
		const notExecutable = tempDir('noexec-');
		writeFileSync(path.join(notExecutable, 'node'), '#!/bin/sh\nexit 9\n');
		chmodSync(path.join(notExecutable, 'node'), 0o644);
		const folderNamedNode = tempDir('folder-');
		mkdirSync(path.join(folderNamedNode, 'node'));
		const glob = tempDir('glob-');
		const first = fakeNode('first');
		const second = fakeNode('second');
		const activity = tempDir();
		const PATH = ['', `${glob}/*`, notExecutable, folderNamedNode, '', first, second].join(':');
		expect(runHook(installedHook('/nonexistent/node'), start('a1'), hookEnv(activity, {PATH}))).toMatchObject({status: 0, stdout: ''});
		expect(ran(first)).toContain('agent-spy.cjs');
		expect(ran(second)).toBe('');
		expect(readFileSync(path.join(activity, SESSION, 'a1.json'), 'utf8')).toContain('"status": "active"');
		// doctor names the same Node.
		const probe = probeLauncherNode('/nonexistent/node', {PATH});
		expect(probe).toMatchObject({state: 'found', path: path.join(first, 'node')});
	});

	it('follows a link named node on PATH, as command -v does', () => {
		const dir = tempDir('link-');
		const target = fakeNode('target');
		symlinkSync(path.join(target, 'node'), path.join(dir, 'node'));
		const activity = tempDir();
		expect(runHook(installedHook('/nonexistent/node'), start('a1'), hookEnv(activity, {PATH: dir})).status).toBe(0);
		expect(ran(target)).toContain('agent-spy.cjs');
	});

	it('falls back to the installing Node with no node on PATH, or an empty PATH; doctor says the same', () => {
		const fallback = fakeNode('fallback');
		for (const PATH of ['/nonexistent', '']) {
			const activity = tempDir();
			expect(runHook(installedHook(path.join(fallback, 'node')), start('a1'), hookEnv(activity, {PATH})).status).toBe(0);
			expect(readFileSync(path.join(activity, SESSION, 'a1.json'), 'utf8')).toContain('"status": "active"');
		}
		expect(ran(fallback).split('\n').filter(Boolean)).toHaveLength(2);
		expect(probeLauncherNode(path.join(fallback, 'node'), {PATH: '/nonexistent'})).toMatchObject({state: 'found', path: path.join(fallback, 'node')});
		expect(probeLauncherNode(undefined, {PATH: '/nonexistent'})).toMatchObject({state: 'none'});
	});
});
