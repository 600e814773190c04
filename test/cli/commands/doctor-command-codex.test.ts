// agentlog doctor on Codex CLI, through the built CLI with HOME, CLAUDE_CONFIG_DIR,
// CODEX_HOME and AGENTLOG_DIR in temp folders: no Codex folder (a note, doctor still passes),
// Codex with rollouts but no hooks (a note that says how), install-hook --codex before and after
// Codex ran its hook (a real payload from test/fixtures/codex, through the registered command).
import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, utimesSync} from 'node:fs';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {packageRoot} from '../../../src/store/settings/assets.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = packageRoot();
const CLI = path.join(ROOT, 'bin', 'agentlog.js');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'codex', 'v1');

let home: string;
let codex: string;
let activity: string;

beforeEach(() => {
	home = tempDir('doctor-codex-');
	codex = path.join(home, '.codex');
	activity = path.join(home, 'activity');
});

function env(): NodeJS.ProcessEnv {
	return {PATH: process.env.PATH, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), CODEX_HOME: codex, AGENTLOG_DIR: activity, FORCE_COLOR: '0'};
}

function agentlog(...args: string[]): {status: number | null; stdout: string; stderr: string} {
	const r = spawnSync(process.execPath, [CLI, ...args], {cwd: home, env: env(), encoding: 'utf8', timeout: 30_000});
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

interface Check {
	id: string;
	ok: boolean;
	level: string;
	summary: string;
	detail?: string[];
	fix?: string;
}

function codexChecks(...args: string[]): Check[] {
	const r = agentlog('doctor', '--json', ...args);
	return (JSON.parse(r.stdout) as {checks: Check[]}).checks.filter(c => c.id.startsWith('codex'));
}

/** The v1 fixture's rollouts as Codex's sessions/, written just now. */
function codexWithRollouts(): number {
	cpSync(path.join(FIXTURE, 'sessions'), path.join(codex, 'sessions'), {recursive: true});
	let count = 0;
	const touch = (dir: string): void => {
		for (const name of readdirSync(dir)) {
			const p = path.join(dir, name);
			if (statSync(p).isDirectory()) {
				touch(p);
			} else {
				utimesSync(p, new Date(), new Date());
				count++;
			}
		}
	};
	touch(path.join(codex, 'sessions'));
	return count;
}

describe('agentlog doctor and Codex', () => {
	it('no Codex folder: one plain note, not a failure', () => {
		// Claude Code's hook installed and heard from, so only Codex could fail the run.
		expect(agentlog('install-hook').status).toBe(0);
		const payload = JSON.stringify({
			session_id: 's1',
			transcript_path: '/x/s1.jsonl',
			cwd: '/x',
			hook_event_name: 'SubagentStart',
			agent_id: 'a1',
			agent_type: 'Explore',
		});
		expect(spawnSync(path.join(home, '.claude', 'hooks', 'agent-spy.sh'), [], {input: payload, env: env()}).status).toBe(0);
		const text = agentlog('doctor');
		expect(text.status).toBe(0);
		expect(text.stdout).toContain(`- Codex CLI not found: no ${codex}`);
		expect(text.stdout).toContain('All checks passed');
		expect(codexChecks()).toEqual([expect.objectContaining({id: 'codex', ok: true, level: 'note'})]);
	});

	it('Codex with rollouts and no hooks: counts them, and notes how to add the hooks', () => {
		const count = codexWithRollouts();
		const checks = codexChecks();
		expect(checks.map(c => [c.id, c.level])).toEqual([
			['codex', 'ok'],
			['codex-hooks', 'note'],
		]);
		expect(checks[0]!.summary).toBe(`Codex CLI folder ${codex}: ${count} rollouts under sessions/ from the last 7 days, the newest 0s ago`);
		expect(checks[1]!.fix).toBe('for those, run agentlog install-hook --codex, then approve them in Codex with /hooks');
	});

	it("after install-hook --codex: registered for its events; a heartbeat once Codex ran the hook; Claude Code's heartbeat is not fooled", () => {
		codexWithRollouts();
		expect(agentlog('install-hook', '--codex').status).toBe(0);
		let checks = codexChecks();
		expect(checks.map(c => [c.id, c.level])).toEqual([
			['codex', 'ok'],
			['codex-hooks', 'ok'],
			['codex-hook-node', 'ok'],
			['codex-heartbeat', 'warn'],
		]);
		expect(checks[1]!.summary).toBe(`agentlog's Codex hooks are registered in ${path.join(codex, 'hooks.json')} for SubagentStart, SubagentStop, SessionEnd`);
		// Its own copy's Node lookup: this test's Node is found on PATH.
		expect(checks[2]!.summary).toMatch(/^the launcher runs Node v\d+\.\d+\.\d+ \(\/.+\)$/u);
		expect(checks[2]!.detail).toEqual([
			"found with this shell's PATH; Codex runs hooks with its own environment, and falls back to the Node install-hook --codex ran with",
		]);
		expect(checks[3]!.fix).toContain('approve them in Codex with /hooks');

		// Codex runs the registered command with a real SubagentStart payload.
		const hooks = (JSON.parse(readFileSync(path.join(codex, 'hooks.json'), 'utf8')) as {hooks: Record<string, {hooks: {command: string}[]}[]>}).hooks;
		const start = readFileSync(path.join(FIXTURE, 'hook-payloads.jsonl'), 'utf8')
			.split('\n')
			.find(line => line.includes('"hook_event_name":"SubagentStart"'))!;
		const r = spawnSync('/bin/sh', ['-c', hooks.SubagentStart![0]!.hooks[0]!.command], {input: start, env: env(), encoding: 'utf8'});
		expect([r.status, r.stdout]).toEqual([0, '']);
		checks = codexChecks();
		expect(checks[3]).toMatchObject({id: 'codex-heartbeat', level: 'ok'});
		expect(checks[3]!.summary).toMatch(/^last Codex SubagentStart \d+s ago$/u);
		// Claude Code is here (its folder has its own files) but its hook is not installed: a Codex
		// event is no heartbeat of it.
		mkdirSync(path.join(home, '.claude', 'projects'), {recursive: true});
		const all = (JSON.parse(agentlog('doctor', '--json').stdout) as {checks: Check[]}).checks;
		expect(all.find(c => c.id === 'heartbeat')).toMatchObject({level: 'warn'});

		// Its copy of the hook gone while registered: Codex's hook would fail.
		rmSync(path.join(codex, 'hooks', 'agent-spy.sh'));
		expect(codexChecks().find(c => c.id === 'codex-hooks')).toMatchObject({
			level: 'fail',
			fix: 'run agentlog install-hook --codex (the command stays the same)',
		});
		const removed = agentlog('uninstall-hook', '--codex');
		expect(removed.status).toBe(0);
		expect(codexChecks().find(c => c.id === 'codex-hooks')!.level).toBe('note');
	});

	it("only Codex CLI here (no Claude Code folder, or only the activity folder the hook made in it): Claude Code's checks become one note, doctor passes", () => {
		codexWithRollouts();
		const env2 = {...env(), AGENTLOG_DIR: ''};
		const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'doctor', ...args], {cwd: home, env: env2, encoding: 'utf8', timeout: 30_000});
		const text = run();
		expect(text.status).toBe(0);
		expect(text.stdout).toContain(`- Claude Code's folder ${path.join(home, '.claude')} is not there: its checks are left out (only Codex CLI is here)`);
		expect(text.stdout).not.toContain('✗');
		const ids = (): string[] => (JSON.parse(run('--json').stdout) as {checks: Check[]}).checks.map(c => c.id);
		expect(ids()).toEqual(['claude', 'activity-folder', 'hook-log', 'codex', 'codex-hooks', 'gemini', 'qwen', 'opencode']);

		// The Codex hook installed and run: it makes <claude>/agent-activity, and that alone is not Claude Code.
		expect(spawnSync(process.execPath, [CLI, 'install-hook', '--codex'], {cwd: home, env: env2, encoding: 'utf8'}).status).toBe(0);
		const hooks = (JSON.parse(readFileSync(path.join(codex, 'hooks.json'), 'utf8')) as {hooks: Record<string, {hooks: {command: string}[]}[]>}).hooks;
		const start = readFileSync(path.join(FIXTURE, 'hook-payloads.jsonl'), 'utf8')
			.split('\n')
			.find(line => line.includes('"hook_event_name":"SubagentStart"'))!;
		expect(spawnSync('/bin/sh', ['-c', hooks.SubagentStart![0]!.hooks[0]!.command], {input: start, env: env2}).status).toBe(0);
		expect(readdirSync(path.join(home, '.claude'))).toEqual(['agent-activity']);
		expect(run().status).toBe(0);
		expect(ids()).toEqual([
			'claude',
			'activity-folder',
			'hook-log',
			'codex',
			'codex-hooks',
			'codex-hook-node',
			'codex-heartbeat',
			'gemini',
			'qwen',
			'opencode',
		]);

		// Claude Code starts using its folder: its checks are back, and fail until install-hook.
		mkdirSync(path.join(home, '.claude', 'projects'));
		expect(run().status).toBe(1);
		expect(ids()).toContain('heartbeat');
		expect(ids()).not.toContain('claude');
	});

	it('neither tool here: Claude Code checks stay (agentlog was installed for one of them)', () => {
		const r = spawnSync(process.execPath, [CLI, 'doctor', '--json'], {cwd: home, env: env(), encoding: 'utf8', timeout: 30_000});
		expect(r.status).toBe(1);
		const ids = (JSON.parse(r.stdout) as {checks: Check[]}).checks.map(c => c.id);
		expect(ids).toContain('hook-registered');
		expect(ids).not.toContain('claude');
	});

	it('--codex-home names another folder, and the fix says so', () => {
		const other = path.join(home, 'other codex');
		mkdirSync(other);
		const checks = codexChecks('--codex-home', other);
		expect(checks[0]!.summary).toContain(`Codex CLI folder ${other}: no rollout`);
		expect(checks[1]!.fix).toBe(`for those, run agentlog install-hook --codex --codex-home '${other}', then approve them in Codex with /hooks`);
	});
});
