// What the bundled hook costs at start-up beyond Node's own: which built-ins it loads. Each one
// not preloaded by Node costs every hook run a tenth of a millisecond or more (bench/hook.mjs
// has the timings); this keeps the ones it does not need out.
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {hookEnv, installedHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const payload = (event: string) =>
	JSON.stringify({
		session_id: SESSION,
		transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`,
		cwd: '/home/dev/acme',
		hook_event_name: event,
		agent_id: 'a1',
		agent_type: 'Explore',
		...(event === 'SubagentStop' ? {last_assistant_message: 'Done.'} : {}),
	});

let script: string;
beforeAll(() => {
	script = path.join(path.dirname(installedHook()), 'agent-spy.cjs');
});

/** The built-ins (and bindings) loaded by the hook script itself, after Node's start-up. */
function modulesLoadedByHook(input: string, env: NodeJS.ProcessEnv): string[] {
	const preload = path.join(tempDir(), 'loaded.cjs');
	// Written with fs.writeSync: process.stderr would load the stream modules itself.
	writeFileSync(
		preload,
		"const before = new Set(process.moduleLoadList);\nprocess.on('exit', () => require('node:fs').writeSync(2, JSON.stringify(process.moduleLoadList.filter(m => !before.has(m)))));\n",
	);
	const r = spawnSync(process.execPath, ['--require', preload, script], {input, env, encoding: 'utf8'});
	expect(r).toMatchObject({status: 0, stdout: ''});
	return JSON.parse(r.stderr) as string[];
}

describe('agent-spy start-up', () => {
	it('loads neither node:os, node:module nor the stream modules for a start and a stop', () => {
		const env = hookEnv(tempDir());
		// The first run makes the code cache: it loads node:v8, once, to compile every function.
		expect(modulesLoadedByHook(payload('SubagentStart'), env)).toContain('NativeModule v8');
		for (const event of ['SubagentStart', 'SubagentStop', 'SubagentStop']) {
			const loaded = modulesLoadedByHook(payload(event), env);
			expect(loaded.filter(m => /^NativeModule (os|module|net|stream|v8|internal\/modules\/esm\/)/.test(m))).toEqual([]);
		}
	});

	it('imports node:fs by name: no CommonJS interop copy of the whole module per importing file', () => {
		expect(readFileSync(script, 'utf8')).not.toMatch(/__toESM\(require\("node:fs"\)/);
	});
});
