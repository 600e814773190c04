// The hook on Codex CLI's events: the payloads the real Codex CLI 0.169.0 sent
// (test/fixtures/codex/*/hook-payloads.jsonl) recorded like a Claude agent, with provider codex,
// its rollout as its transcript, and its parent from SubagentStop's transcript_path below depth 1.
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseEventLog} from '../../../src/core/record/event-line.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'codex');

function payloads(scenario: string, events: readonly string[]): string[] {
	return readFileSync(path.join(fixtures, scenario, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(line => line !== '' && events.includes((JSON.parse(line) as {hook_event_name: string}).hook_event_name));
}

describe('the hook on Codex events', () => {
	it("records Codex's SubagentStart and SubagentStop as agents with provider codex, their rollouts, reports and nesting; exit 0, no stdout", () => {
		const activity = tempDir('codex-hook-');
		const launcher = installedHook();
		const sent = payloads('v1', ['SubagentStart', 'SubagentStop']);
		expect(sent).toHaveLength(4);
		for (const payload of sent) {
			const r = runHook(launcher, payload, hookEnv(activity));
			expect(r.status).toBe(0);
			expect(r.stdout).toBe('');
		}
		const first = JSON.parse(sent[0]!) as {session_id: string};
		const dir = path.join(activity, first.session_id);
		const records = new Map(
			readdirSync(dir)
				.filter(name => name.endsWith('.json') && !name.startsWith('.'))
				.map(name => {
					const r = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
					return [r.type as string, r];
				}),
		);
		const explorer = records.get('explorer')!;
		const worker = records.get('worker')!;
		for (const r of [explorer, worker]) {
			expect(r).toMatchObject({provider: 'codex', status: 'stopped', stopReason: 'subagent-stop'});
			expect(r.transcriptPath).toMatch(new RegExp(`rollout-[^/]*${String(r.agentId)}\\.jsonl$`));
			expect(r.lastMessage).toMatch(/report/i);
		}
		// The explorer's parent is the root (the session): none; the worker's is the explorer.
		expect(explorer.parentAgentId).toBeUndefined();
		expect(worker.parentAgentId).toBe(explorer.agentId);
		// The log's lines say provider codex.
		const log = parseEventLog(readFileSync(path.join(dir, 'events.jsonl'), 'utf8'));
		expect(log.lines).toHaveLength(4);
		expect(log.lines.every(line => line.provider === 'codex')).toBe(true);
	});

	it("the same agent through the hook and its rollout is one agent (ls): the hook's times, the rollout's report and tokens", () => {
		const activity = tempDir('codex-hook-');
		const launcher = installedHook();
		for (const payload of payloads('second-task', ['SubagentStart', 'SubagentStop'])) {
			expect(runHook(launcher, payload, hookEnv(activity)).status).toBe(0);
		}
		const sessionId = readdirSync(activity).find(name => !name.startsWith('.'))!;
		const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
		const r = spawnSync(process.execPath, [cli, 'ls', '--json', sessionId], {
			encoding: 'utf8',
			// The fixtures' day (the listing looks back 30 days from agentlog's clock).
			env: {...process.env, AGENTLOG_DIR: activity, CODEX_HOME: path.join(fixtures, 'second-task'), AGENTLOG_NOW: '2026-11-24T06:00:00.000Z'},
		});
		expect(r.stderr).toBe('');
		const agents = JSON.parse(r.stdout) as Record<string, unknown>[];
		expect(agents).toHaveLength(1);
		const hookRecord = JSON.parse(readFileSync(path.join(activity, sessionId, `${String(agents[0]!.agentId)}.json`), 'utf8')) as Record<string, unknown>;
		expect(agents[0]).toMatchObject({provider: 'codex', type: 'explorer', teammateName: 'Pascal', startedAt: hookRecord.startedAt, resumeCount: 1});
		expect(agents[0]!.tokensTotal).toBeGreaterThan(0);
		expect(agents[0]!.report).toMatch(/second report/i);
	});
});
