// Qwen Code's hook payloads, as the real Qwen Code 0.24.4 sent them (test/fixtures/qwen/*/hook-payloads.jsonl):
// told apart from Claude Code's by the transcript path, recorded with provider qwen, the subagent's
// own transcript derived (a foreground subagent's SubagentStop names the session's), and a failed
// `agent` call stopping its agent as failed.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {applyHookEvent} from '../../../src/core/hook/apply-event.js';
import {parseHookPayload} from '../../../src/core/hook/hook-payload.js';
import {type HookEvent} from '../../../src/core/hook/hook-event.js';
import {isQwenPayload, qwenSubagentTranscriptPath} from '../../../src/core/hook/qwen-payload.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'qwen');

function payloads(scenario: string): Record<string, unknown>[] {
	return readFileSync(path.join(fixtures, scenario, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(line => line !== '')
		.map(line => JSON.parse(line) as Record<string, unknown>);
}

/** Every payload through parse and apply, in order: the records by agent id. */
function replay(scenario: string): Map<string, AgentRecord> {
	const records = new Map<string, AgentRecord>();
	for (const payload of payloads(scenario)) {
		const parsed = parseHookPayload(payload);
		if (!parsed.ok || parsed.value.agentId === undefined) {
			continue;
		}
		const id = parsed.value.agentId;
		const next = applyHookEvent(parsed.value, id, records.get(id), String(payload.timestamp));
		if (next.ok) {
			records.set(id, next.value);
		}
	}
	return records;
}

const subagentFile = (scenario: string, record: AgentRecord) =>
	path.join(fixtures, scenario, 'qwen', path.relative(`/tmp/agentlog-qwen-fixtures/${scenario}/home/.qwen`, record.transcriptPath ?? ''));

describe("Qwen Code's payloads", () => {
	it('every payload of a run is told apart as Qwen by its transcript path; none of Claude Code or Codex is', () => {
		const all = ['subagents', 'background', 'failure', 'sigint'].flatMap(payloads);
		expect(all.length).toBeGreaterThan(40);
		expect(all.every(p => isQwenPayload(p))).toBe(true);
		expect(isQwenPayload({transcript_path: '/home/u/.claude/projects/-home-u-x/0b5f.jsonl'})).toBe(false);
		expect(isQwenPayload({transcript_path: '/home/u/.codex/sessions/2026/11/24/rollout-2026-11-24T06-00-00-0b5f.jsonl'})).toBe(false);
		const start = parseHookPayload(all.find(p => p.hook_event_name === 'SubagentStart'));
		expect(start.ok && start.value.provider).toBe('qwen');
	});

	it('two foreground subagents: stopped with their reports, provider qwen, each its own transcript (not the session one SubagentStop names)', () => {
		const stop = payloads('subagents').find(p => p.hook_event_name === 'SubagentStop')!;
		// What the real CLI sent: the session's transcript as the subagent's.
		expect(stop.agent_transcript_path).toBe(stop.transcript_path);
		const records = [...replay('subagents').values()];
		expect(records).toHaveLength(2);
		for (const r of records) {
			expect(r).toMatchObject({provider: 'qwen', status: 'stopped', stopReason: 'subagent-stop', type: 'general-purpose'});
			expect(r.lastMessage).toMatch(/report/u);
			expect(r.transcriptPath).toMatch(new RegExp(`/subagents/${r.sessionId}/agent-${r.agentId}\\.jsonl$`, 'u'));
			expect(readFileSync(subagentFile('subagents', r), 'utf8')).toContain(`"agentId":"${r.agentId}"`);
		}
		expect(records.map(r => r.description).sort()).toEqual(['List the folder', 'Print the folder']);
	});

	it('a background subagent: its launch recorded, then its stop with the transcript SubagentStop names', () => {
		const [bg] = [...replay('background').values()];
		expect(bg).toMatchObject({provider: 'qwen', status: 'stopped', description: 'List in background', resultStatus: 'async_launched'});
		expect(bg!.lastMessage).toMatch(/Background report/u);
	});

	it('a subagent whose request failed: no SubagentStop came, its agent call says failed, and it is stopped as failed with the reason', () => {
		expect(payloads('failure').some(p => p.hook_event_name === 'SubagentStop' || p.hook_event_name === 'StopFailure')).toBe(false);
		const [broken] = [...replay('failure').values()];
		expect(broken).toMatchObject({provider: 'qwen', status: 'stopped', resultStatus: 'failed'});
		expect(broken!.stopReason).toMatch(/^stop-failure:Failed to run subagent: 400/u);
	});

	it('SIGINT: Qwen sends nothing after the start, so the agent stays active (the stale rule ends it)', () => {
		const [slow] = [...replay('sigint').values()];
		expect(slow).toMatchObject({provider: 'qwen', status: 'active'});
	});

	it("the agent call's id is the subagent's name and the model's call id", () => {
		const post = payloads('subagents').find(p => p.hook_event_name === 'PostToolUse' && p.tool_name === 'agent')!;
		const parsed = parseHookPayload(post);
		expect(parsed.ok).toBe(true);
		const event = (parsed as {value: HookEvent}).value;
		expect(event.agentId).toBe(`general-purpose-${String(post.tool_call_id)}`);
		expect(event.call?.status).toBe('completed');
	});

	it("derives a subagent's transcript from the session's, with Qwen's file-name rule", () => {
		expect(qwenSubagentTranscriptPath('/h/.qwen/projects/-w/chats/s1.jsonl', 's1', 'general-purpose-call_1')).toBe(
			'/h/.qwen/projects/-w/subagents/s1/agent-general-purpose-call_1.jsonl',
		);
		expect(qwenSubagentTranscriptPath('/h/.qwen/projects/-w/chats/s1.jsonl', 's.1', 'a/b')).toBe('/h/.qwen/projects/-w/subagents/s_1/agent-a_b.jsonl');
		expect(qwenSubagentTranscriptPath('/h/.claude/projects/-w/s1.jsonl', 's1', 'a')).toBeUndefined();
	});
});
