// A background launch fires PostToolUse(Agent) (`async_launched`) and SubagentStart at once, each
// in its own hook process, each stamped with its process's start, and either may take the agent
// file first. Seen on real runs: on Claude Code 2.1.332's background run SubagentStart was stamped
// .669 and PostToolUse .670 but PostToolUse wrote first; on 2.1.328's a start stamped .532 was
// written before a launch stamped .531. The record starts at the earlier stamp whichever is
// written first, as the event log (history, export, the OTLP span) does.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {applyHookEvent} from '../../../src/core/hook/apply-event.js';
import {parseHookPayload} from '../../../src/core/hook/hook-payload.js';
import {type HookEvent} from '../../../src/core/hook/hook-event.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';

const payloads = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude', 'background', 'hook-payloads.jsonl'), 'utf8')
	.split('\n')
	.filter(Boolean)
	.map(line => JSON.parse(line) as Record<string, unknown>);

function event(name: string, tool?: string): HookEvent {
	const payload = payloads.find(p => p.hook_event_name === name && (tool === undefined || p.tool_name === tool));
	const parsed = parseHookPayload(payload);
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

function apply(e: HookEvent, agentId: string, existing: AgentRecord | undefined, now: string): AgentRecord {
	const r = applyHookEvent(e, agentId, existing, now);
	if (!r.ok) {
		throw new Error(r.error);
	}
	return r.value;
}

describe('a background launch: PostToolUse(Agent) and SubagentStart race', () => {
	const start = event('SubagentStart');
	const launched = event('PostToolUse', 'Agent');
	const agentId = start.agentId!;
	const early = '2026-11-26T19:16:03.669Z';
	const late = '2026-11-26T19:16:03.670Z';
	/** The record after the first event, then the second, each with the time its process was stamped. */
	const record = (first: [HookEvent, string], second: [HookEvent, string]): AgentRecord =>
		apply(second[0], agentId, apply(first[0], agentId, undefined, first[1]), second[1]);

	it('the real payloads: the launch says async_launched for the agent SubagentStart names', () => {
		expect(launched.agentId ?? agentId).toBe(agentId);
		expect(apply(launched, agentId, undefined, late).resultStatus).toBe('async_launched');
	});

	it('the earlier one written first: the record starts then, as the log does', () => {
		expect(record([start, early], [launched, late]).startedAt).toBe(early);
		expect(record([launched, early], [start, late]).startedAt).toBe(early);
	});

	it('the later one written first, the launch: the record still starts at the earlier start', () => {
		expect(record([launched, late], [start, early]).startedAt).toBe(early);
	});

	it('the later one written first, the start: the record still starts at the earlier launch', () => {
		expect(record([start, late], [launched, early]).startedAt).toBe(early);
	});
});
