// `agentlog timeline` as a user runs it, on what the real Claude Code 2.1.328 fired
// (test/fixtures/claude), played through today's hook: a resumed agent's two runs with the rest
// between them, a workflow agent that failed at its moment; plain text when piped, never wider
// than asked.
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude');
const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const events = new Set<string>(HOOK_EVENTS);

/** The scenario's payloads through the installed hook, into a new activity folder. */
function played(scenario: string): string {
	const activity = tempDir(`${scenario}-`);
	const launcher = installedHook();
	for (const text of readFileSync(path.join(fixtures, scenario, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(Boolean)) {
		if (events.has((JSON.parse(text) as {hook_event_name: string}).hook_event_name)) {
			expect(runHook(launcher, text, hookEnv(activity)).status).toBe(0);
		}
	}
	return activity;
}

function timeline(activity: string, ...args: string[]) {
	return agentlog(activity, 'timeline', ...args);
}

function agentlog(activity: string, ...args: string[]) {
	const home = tempDir('home-');
	return spawnSync(process.execPath, [cli, ...args], {
		env: {
			...process.env,
			HOME: home,
			CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
			XDG_STATE_HOME: path.join(home, 'state'),
			AGENTLOG_DIR: activity,
			FORCE_COLOR: '',
		},
		encoding: 'utf8',
	});
}

describe('agentlog timeline', () => {
	it('draws a resumed agent as two runs with the rest between them, marked ↻', () => {
		const out = timeline(played('resume'), '--width', '80');
		expect(out.status, out.stderr).toBe(0);
		const lines = out.stdout.trimEnd().split('\n');
		const row = lines.find(line => line.startsWith('general-purpose'))!;
		expect(row).toMatch(/^general-purpose ─+ +↻─+ *$/u);
		expect(lines.find(line => line.startsWith('at once'))).toBeDefined();
		for (const line of lines) {
			expect([...line].length, line).toBeLessThanOrEqual(80);
		}
		expect(out.stdout).not.toContain('\u001B');
	});

	it('marks the workflow agent that died on an API error ✗ where it failed, the other finished', () => {
		const out = timeline(played('workflow'), '--width', '100');
		expect(out.status, out.stderr).toBe(0);
		const rows = out.stdout.split('\n').filter(line => line.startsWith('workflow-subagent'));
		expect(rows).toHaveLength(2);
		expect(rows.filter(row => row.trimEnd().endsWith('✗'))).toHaveLength(1);
		expect(rows.filter(row => /─$/u.test(row.trimEnd()))).toHaveLength(1);
	});

	it('--json gives each agent its status, times and marks; a width under 30 is a usage error', () => {
		const activity = played('resume');
		const out = timeline(activity, '--json');
		const lanes = JSON.parse(out.stdout) as Array<{status: string; marks: Array<{kind: string}>; stoppedAt: string | null}>;
		expect(lanes).toHaveLength(1);
		expect(lanes[0]).toMatchObject({status: 'completed', marks: [{kind: 'resumed'}]});
		const bad = timeline(activity, '--width', '12');
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('at least 30');
	});

	it('says so when there is no session, and exits 0', () => {
		const out = timeline(tempDir('empty-'));
		expect(out.status).toBe(0);
		expect(out.stderr).toMatch(/no session/iu);
	});
});

describe('agentlog report', () => {
	it('gives Markdown for a pull request: the failure first, a gantt and a row per agent, totals', () => {
		const out = agentlog(played('workflow'), 'report');
		expect(out.status, out.stderr).toBe(0);
		const md = out.stdout;
		expect(md).toMatch(/^## Agents of session `[0-9a-f]{8}`/u);
		expect(md).toMatch(/2 agents \(1 failed, 1 completed\)/u);
		expect(md.indexOf('### Failures and interruptions')).toBeLessThan(md.indexOf('```mermaid'));
		expect(md).toMatch(/^- \*\*workflow-subagent\*\* `[0-9a-f]{12}` failed at [0-9:]+: /mu);
		// Two agents of one type without a task: their short ids tell them apart; each bar starts with its status's glyph.
		expect(md.match(/^ {4}(✗ workflow-subagent [0-9a-f]{8} :crit|✓ workflow-subagent [0-9a-f]{8} :done), t\d, \d+, \d+$/gmu)).toHaveLength(2);
		expect(md.split('\n').filter(line => line.startsWith('| '))).toHaveLength(3);
		expect(md).not.toContain('\u001B');
	});

	it('--json has the same agents and totals; no session is an error that says why', () => {
		const json = JSON.parse(agentlog(played('workflow'), 'report', '--json').stdout) as {agents: Array<{status: string}>; totals: {agents: number}};
		expect(json.totals.agents).toBe(2);
		expect(json.agents.map(a => a.status).sort()).toEqual(['completed', 'failed']);
		const none = agentlog(tempDir('empty-'), 'report');
		expect(none.status).toBe(1);
		expect(none.stderr).toContain('no session to report on');
	});
});
