// A Codex thread as the fold keeps it: a blank thread to start from, and the bounds on what is
// kept (files, lifecycle steps, tool calls), held when a rollout goes past them.
import {describe, expect, it} from 'vitest';
import {EMPTY_THREAD, MAX_CODEX_FILES, MAX_CODEX_STEPS, MAX_CODEX_TOOL_CALLS} from '../../../src/core/codex/codex-thread.js';
import {foldRollout} from '../../../src/core/codex/rollout.js';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const line = (s: number, type: string, payload: Record<string, unknown>) => JSON.stringify({timestamp: new Date(T0 + s * 1000).toISOString(), type, payload});
const meta = line(0, 'session_meta', {id: '019a8b2c-0000-7000-8000-000000000002', cwd: '/repo'});

describe('EMPTY_THREAD', () => {
	it('is a thread with nothing yet: no meta, no phase, no lines, nothing kept', () => {
		expect(EMPTY_THREAD).toMatchObject({
			meta: undefined,
			phase: 'none',
			resumeCount: 0,
			lines: 0,
			badLines: 0,
			toolCalls: [],
			toolCounts: {},
			files: [],
			steps: [],
		});
		expect(EMPTY_THREAD.spend).toBeUndefined();
		expect(foldRollout(EMPTY_THREAD, [])).toEqual(EMPTY_THREAD);
	});

	it('is never changed by a fold', () => {
		const before = JSON.stringify(EMPTY_THREAD);
		foldRollout(EMPTY_THREAD, [meta, line(1, 'response_item', {type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1'})]);
		expect(JSON.stringify(EMPTY_THREAD)).toBe(before);
	});
});

describe('the bounds', () => {
	it('keeps the first MAX_CODEX_FILES files, short paths', () => {
		const patch = Array.from({length: MAX_CODEX_FILES + 50}, (_, i) => `*** Add File: /repo/f${i}.ts`).join('\n');
		const s = foldRollout(EMPTY_THREAD, [meta, line(1, 'response_item', {type: 'custom_tool_call', name: 'apply_patch', input: patch, call_id: 'p'})]);
		expect(s.files).toHaveLength(MAX_CODEX_FILES);
		expect(s.files[0]).toBe('f0.ts');
		expect(s.files.at(-1)).toBe(`f${MAX_CODEX_FILES - 1}.ts`);
	});

	it('keeps the newest MAX_CODEX_STEPS lifecycle steps', () => {
		const lines = [meta];
		for (let i = 0; i < MAX_CODEX_STEPS; i++) {
			lines.push(line(10 * i + 1, 'event_msg', {type: 'task_started'}), line(10 * i + 5, 'event_msg', {type: 'task_complete'}));
		}
		const s = foldRollout(EMPTY_THREAD, lines);
		expect(s.steps).toHaveLength(MAX_CODEX_STEPS);
		expect(s.resumeCount).toBe(MAX_CODEX_STEPS - 1);
		expect(s.phase).toBe('stopped');
	});

	it('keeps the newest MAX_CODEX_TOOL_CALLS calls and counts them all', () => {
		const n = MAX_CODEX_TOOL_CALLS + 5;
		const lines = [
			meta,
			...Array.from({length: n}, (_, i) => line(1, 'response_item', {type: 'function_call', name: 'shell', arguments: '{}', call_id: `c${i}`})),
		];
		const s = foldRollout(EMPTY_THREAD, lines);
		expect(s.toolCalls).toHaveLength(MAX_CODEX_TOOL_CALLS);
		expect(s.toolCalls[0]?.id).toBe('c5');
		expect(s.toolCounts).toEqual({shell: n});
	});
});
