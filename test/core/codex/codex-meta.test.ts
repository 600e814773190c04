// Who a Codex thread is, from its rollout's `session_meta` payload: ids kept only in Codex's
// shape, the subagent fields read from either place Codex writes them, every string made safe.
import {describe, expect, it} from 'vitest';
import {codexMetaOf} from '../../../src/core/codex/codex-meta.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const ROOT = '019a8b2c-0000-7000-8000-000000000001';
const CHILD = '019a8b2c-0000-7000-8000-000000000002';

describe('codexMetaOf', () => {
	it('a root thread: its own id is the session, not a child, only the fields given', () => {
		expect(codexMetaOf({id: ROOT, timestamp: '2026-11-20T10:00:00.000Z', cwd: '/repo', cli_version: '0.63.0'})).toEqual({
			threadId: ROOT,
			sessionId: ROOT,
			isChild: false,
			cwd: '/repo',
			startedAt: '2026-11-20T10:00:00.000Z',
			cliVersion: '0.63.0',
		});
	});

	it('a v1 child: parent, depth, nickname and role from source.subagent.thread_spawn', () => {
		const meta = codexMetaOf({
			id: CHILD,
			session_id: ROOT,
			source: {subagent: {thread_spawn: {parent_thread_id: ROOT, depth: 1, agent_nickname: 'Erdos', agent_role: 'explorer', agent_path: '/root/erdos'}}},
		});
		expect(meta).toEqual({
			threadId: CHILD,
			sessionId: ROOT,
			isChild: true,
			parentThreadId: ROOT,
			depth: 1,
			nickname: 'Erdos',
			role: 'explorer',
			path: '/root/erdos',
		});
	});

	it('top-level fields win over the spawn’s; a thread_source of subagent alone makes a child', () => {
		const meta = codexMetaOf({
			id: CHILD,
			parent_thread_id: ROOT,
			agent_nickname: 'Top',
			source: {subagent: {thread_spawn: {parent_thread_id: 'other', agent_nickname: 'Spawn'}}},
		});
		expect(meta?.parentThreadId).toBe(ROOT);
		expect(meta?.nickname).toBe('Top');
		expect(codexMetaOf({id: CHILD, thread_source: 'subagent'})?.isChild).toBe(true);
		// An empty spawn object is no sign of a child.
		expect(codexMetaOf({id: CHILD, source: {subagent: {thread_spawn: {}}}})?.isChild).toBe(false);
	});

	it('no thread id, or one not in Codex’s shape, is no meta', () => {
		for (const id of [undefined, '', 42, '../etc', '-leading', 'a'.repeat(129), `id${HOSTILE.title}`]) {
			expect(codexMetaOf({id}), String(id)).toBeUndefined();
		}
		expect(codexMetaOf({id: 'a'.repeat(128)})?.threadId).toBe('a'.repeat(128));
	});

	it('a bad session or parent id falls back or is left out', () => {
		const meta = codexMetaOf({id: CHILD, session_id: '../../x', parent_thread_id: 'bad id'});
		expect(meta?.sessionId).toBe(CHILD);
		expect(meta).not.toHaveProperty('parentThreadId');
	});

	it('depth and history start only as whole numbers in range; a bad time is left out', () => {
		for (const depth of [-1, 1.5, Number.NaN, '2', 2 ** 60]) {
			expect(codexMetaOf({id: CHILD, source: {subagent: {thread_spawn: {depth}}}}), String(depth)).not.toHaveProperty('depth');
		}
		expect(codexMetaOf({id: CHILD, source: {subagent: {thread_spawn: {depth: 0}}}})?.depth).toBe(0);
		for (const start of [0, -3, 2.5, '7']) {
			expect(codexMetaOf({id: CHILD, subagent_history_start_ordinal: start}), String(start)).not.toHaveProperty('historyStart');
		}
		expect(codexMetaOf({id: CHILD, subagent_history_start_ordinal: 7})?.historyStart).toBe(7);
		expect(codexMetaOf({id: CHILD, timestamp: 'yesterday'})).not.toHaveProperty('startedAt');
	});

	it('hostile labels come out as one safe line; blank ones are none; long ones are cut', () => {
		const meta = codexMetaOf({id: CHILD, agent_nickname: `Eve${HOSTILE.clear}\nline2`, agent_role: '   ', cwd: 'x'.repeat(1000)});
		expect(meta?.nickname).toBe('Eve␛[2J␛[H line2');
		expect(meta?.nickname).not.toMatch(RAW_CONTROL);
		expect(meta).not.toHaveProperty('role');
		expect(meta?.cwd).toHaveLength(256);
	});
});
