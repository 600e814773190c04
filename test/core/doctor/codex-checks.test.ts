import {describe, expect, it} from 'vitest';
import {doctorReport} from '../../../src/core/doctor/check.js';
import {formatDoctorText} from '../../../src/present/doctor-text.js';
import {codexChecks, type CodexFacts} from '../../../src/core/doctor/codex-checks.js';
import {CODEX_HOOK_EVENTS, codexHookTarget} from '../../../src/core/install/codex-hooks.js';
import {agentlogEntry} from '../../../src/core/install/settings-merge.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const target = codexHookTarget('/h/.codex', '/h');
const hooksPath = '/h/.codex/hooks.json';

function hooksText(events: readonly string[] = CODEX_HOOK_EVENTS, command = target.command): string {
	return JSON.stringify({hooks: Object.fromEntries(events.map(e => [e, [agentlogEntry(command, e as (typeof CODEX_HOOK_EVENTS)[number])]]))});
}

const healthy: CodexFacts = {
	folder: {path: '/h/.codex', state: 'found', recentRollouts: 12, newestMs: NOW - 65_000, skipped: 0},
	hooksFile: {path: hooksPath, read: {state: 'read', text: hooksText()}},
	launcher: {path: target.scriptPath, read: {state: 'read', text: '#'}, executable: true, ours: true, current: true},
	bundles: [
		{name: 'agent-spy.cjs', path: '/h/.codex/hooks/agent-spy.cjs', state: 'same'},
		{name: 'agent-prune.cjs', path: '/h/.codex/hooks/agent-prune.cjs', state: 'same'},
	],
	target,
	lastByEvent: new Map([
		['SubagentStop', NOW - 5000],
		['SubagentStart', NOW - 60_000],
	]),
};

const byId = (facts: CodexFacts) => Object.fromEntries(codexChecks(facts, NOW).map(c => [c.id, c]));

describe('codexChecks', () => {
	it('passes Codex with agentlog hooks that ran: folder, recent rollouts, events, heartbeat', () => {
		const c = byId(healthy);
		expect(Object.keys(c)).toEqual(['codex', 'codex-hooks', 'codex-heartbeat']);
		expect(c.codex).toMatchObject({
			level: 'ok',
			summary: 'Codex CLI folder /h/.codex: 12 rollouts under sessions/ from the last 7 days, the newest 1m 05s ago',
		});
		expect(c['codex-hooks']).toMatchObject({
			level: 'ok',
			summary: `agentlog's Codex hooks are registered in ${hooksPath} for SubagentStart, SubagentStop, SessionEnd`,
		});
		expect(c['codex-hooks']!.detail![0]).toContain('/hooks');
		expect(c['codex-heartbeat']).toMatchObject({level: 'ok', summary: 'last Codex SubagentStop 5s ago', detail: ['last Codex SubagentStart 1m 00s ago']});
	});

	it('says Codex was not found as a note, not a failure, and checks nothing else', () => {
		const checks = codexChecks({...healthy, folder: {path: '/h/.codex', state: 'missing'}, hooksFile: undefined}, NOW);
		expect(checks).toEqual([
			{
				id: 'codex',
				ok: true,
				level: 'note',
				summary: 'Codex CLI not found: no /h/.codex (set CODEX_HOME, or pass --codex-home, if Codex keeps its files elsewhere)',
			},
		]);
		const text = formatDoctorText(doctorReport(checks));
		expect(text).toBe('- Codex CLI not found: no /h/.codex (set CODEX_HOME, or pass --codex-home, if Codex keeps its files elsewhere)\n\nAll checks passed.\n');
	});

	it('hooks never installed are a note that says how, and no heartbeat is expected', () => {
		for (const read of [{state: 'missing'} as const, {state: 'read', text: '{"hooks": {"Stop": []}}'} as const]) {
			const c = byId({...healthy, hooksFile: {path: hooksPath, read}, lastByEvent: new Map()});
			expect(Object.keys(c)).toEqual(['codex', 'codex-hooks']);
			expect(c['codex-hooks']).toMatchObject({
				ok: true,
				level: 'note',
				fix: 'for those, run agentlog install-hook --codex, then approve them in Codex with /hooks',
			});
		}
		const none = byId({
			...healthy,
			folder: {path: '/h/.codex', state: 'found', recentRollouts: 0, skipped: 2},
			hooksFile: {path: hooksPath, read: {state: 'missing'}},
		});
		expect(none.codex).toMatchObject({level: 'ok', summary: 'Codex CLI folder /h/.codex: no rollout under sessions/ from the last 7 days'});
		expect(none.codex!.detail).toEqual(['2 entries named like a rollout but not a regular file, skipped']);
		expect(none['codex-hooks']!.summary).toContain(`${hooksPath} is not there`);
	});

	it('fails some events missing, a broken or unreadable hooks.json, and a missing or foreign launcher', () => {
		const some = byId({...healthy, hooksFile: {path: hooksPath, read: {state: 'read', text: hooksText(['SubagentStart'])}}});
		expect(some['codex-hooks']).toMatchObject({
			level: 'fail',
			summary: `agentlog's Codex hooks in ${hooksPath} are registered for SubagentStart, not for SubagentStop, SessionEnd`,
			fix: 'run agentlog install-hook --codex, then approve them in Codex with /hooks',
		});
		const broken = byId({...healthy, hooksFile: {path: hooksPath, read: {state: 'read', text: '{"hooks": [}'}}});
		expect(broken['codex-hooks']).toMatchObject({level: 'fail'});
		expect(broken['codex-hooks']!.summary).toContain('is not usable at line 1');
		expect(byId({...healthy, hooksFile: {path: hooksPath, read: {state: 'unreadable', reason: 'is a FIFO'}}})['codex-hooks']!.level).toBe('fail');

		const gone = byId({...healthy, launcher: {path: target.scriptPath, read: {state: 'missing'}}});
		expect(gone['codex-hooks']).toMatchObject({
			level: 'fail',
			summary: `agentlog's Codex hooks are registered, but their command ${target.scriptPath} is not there: Codex's hook fails`,
		});
		const foreign = byId({...healthy, launcher: {...healthy.launcher!, ours: false}});
		expect(foreign['codex-hooks']!.summary).toContain("is not agentlog's launcher");
		const noCode = byId({...healthy, bundles: [{name: 'agent-spy.cjs', path: '/h/.codex/hooks/agent-spy.cjs', state: 'missing'}]});
		expect(noCode['codex-hooks']!.level).toBe('fail');
	});

	it('warns about an old build and about registered hooks that never ran (not approved?)', () => {
		const old = byId({...healthy, launcher: {...healthy.launcher!, current: false}});
		expect(old['codex-hooks']).toMatchObject({level: 'warn', ok: true});
		expect(old['codex-hooks']!.fix).toContain('install-hook --codex');
		const silent = byId({...healthy, lastByEvent: new Map()});
		expect(silent['codex-heartbeat']).toMatchObject({level: 'warn', ok: true});
		expect(silent['codex-heartbeat']!.fix).toContain('approve them in Codex with /hooks');
	});

	it("checks the Node its copy of the hook finds, between the hooks and the heartbeat; an old one fails with Codex's fix", () => {
		const good = byId({...healthy, node: {state: 'found', path: '/usr/bin/node', version: 'v22.1.0'}});
		expect(Object.keys(good)).toEqual(['codex', 'codex-hooks', 'codex-hook-node', 'codex-heartbeat']);
		expect(good['codex-hook-node']).toMatchObject({level: 'ok', summary: 'the launcher runs Node v22.1.0 (/usr/bin/node)'});
		const old = byId({...healthy, node: {state: 'found', path: '/usr/bin/node', version: 'v18.19.0'}});
		expect(old['codex-hook-node']).toMatchObject({
			level: 'fail',
			summary: 'the launcher runs /usr/bin/node, which is Node v18.19.0: the hook needs 20 or later',
			fix: 'install Node 20 or later on the PATH Codex runs hooks with, or run agentlog install-hook --codex with a Node ≥ 20 (it becomes the fallback)',
		});
		const none = byId({...healthy, node: {state: 'none', fallback: '/old/node'}});
		expect(none['codex-hook-node']!.summary).toBe('the launcher finds no Node: none on PATH, nor its fallback /old/node; the hook records nothing');
	});

	it('names --codex-home in the fix when doctor was given it', () => {
		const c = byId({...healthy, hooksFile: {path: hooksPath, read: {state: 'missing'}}, codexHomeOption: '/my codex'});
		expect(c['codex-hooks']!.fix).toBe("for those, run agentlog install-hook --codex --codex-home '/my codex', then approve them in Codex with /hooks");
	});

	it('a folder that is not one is a warning', () => {
		expect(codexChecks({...healthy, folder: {path: '/h/.codex', state: 'not-folder'}, hooksFile: undefined}, NOW)).toMatchObject([
			{id: 'codex', level: 'warn'},
		]);
	});
});
