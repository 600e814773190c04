// `agentlog doctor`'s use case, in the test's own empty HOME: Claude Code's checks when its folder
// is there (or nothing is), only a note in their place when Codex CLI alone is; the other tools'
// checks always; nothing written but the activity probe.
import {mkdirSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {doctor} from '../../../src/app/doctor/doctor.js';
import {tempDir} from '../../helpers/tmp.js';

const ids = (r: ReturnType<typeof doctor>) => r.checks.map(c => c.id);
const claude = () => process.env.CLAUDE_CONFIG_DIR!;
const codex = () => process.env.CODEX_HOME!;

afterEach(() => {
	rmSync(claude(), {recursive: true, force: true});
	rmSync(codex(), {recursive: true, force: true});
});

describe('doctor', () => {
	it('nothing installed: Claude Code’s checks fail, the report is not ok, every tool is looked at', () => {
		const activity = tempDir('activity-');
		const r = doctor({dir: activity});
		expect(r.ok).toBe(false);
		expect(ids(r)).toContain('hook-registered');
		expect(r.checks.find(c => c.id === 'hook-registered')?.ok).toBe(false);
		expect(ids(r)).toEqual(expect.arrayContaining(['activity-folder', 'heartbeat', 'hook-log', 'codex', 'gemini']));
		expect(ids(r)).not.toContain('claude');
		for (const c of r.checks) {
			expect(c.ok).toBe(c.level !== 'fail');
			if (c.level !== 'ok') expect(c.fix ?? c.summary, c.id).toBeTruthy();
		}
		// Only the writability probe touched the activity folder, and it is gone.
		expect(readdirSync(activity)).toEqual([]);
	});

	it('only Codex CLI here: a note stands for Claude Code’s checks', () => {
		mkdirSync(codex(), {recursive: true});
		const r = doctor({dir: tempDir('activity-')});
		expect(r.checks[0]).toMatchObject({id: 'claude', level: 'note', ok: true});
		expect(r.checks[0]?.summary).toContain(claude());
		expect(ids(r)).not.toContain('hook-registered');
		expect(ids(r)).toContain('codex');
	});

	it('Claude Code’s folder in use: its checks are back, beside Codex’s', () => {
		mkdirSync(codex(), {recursive: true});
		mkdirSync(path.join(claude(), 'projects'), {recursive: true});
		const r = doctor({dir: tempDir('activity-')});
		expect(ids(r)).not.toContain('claude');
		expect(ids(r)).toEqual(expect.arrayContaining(['hook-registered', 'codex']));
	});
});
