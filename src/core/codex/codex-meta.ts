// Who a Codex thread is, from its rollout's first line (`session_meta`, docs/codex-rollouts.md#rollout-files):
// its id, its session, its parent and depth, its nickname, role and task path. Every field is
// optional, and every string is made safe as it is kept. Pure.
import {isObject, str, type Json} from '../record/json.js';
import {label, safeId} from './rollout-items.js';

/** Who a thread is, from its `session_meta` line. */
export interface CodexMeta {
	/** This thread's id. */
	readonly threadId: string;
	/** The root thread's id: the Codex session. */
	readonly sessionId: string;
	/** True for a subagent (a `thread_spawn` source, or a parent thread id). */
	readonly isChild: boolean;
	readonly parentThreadId?: string;
	readonly depth?: number;
	readonly nickname?: string;
	readonly role?: string;
	/** v2: the task path (`/root/worker_one`). */
	readonly path?: string;
	readonly cwd?: string;
	/** ISO time of the thread's start. */
	readonly startedAt?: string;
	readonly cliVersion?: string;
	/**
	 * A v2 child forked with its parent's history (`fork_turns: "all"`, the default): its file
	 * repeats the root's lines first (a root turn's `turn_aborted` among them); its own start at
	 * this line `ordinal` (`subagent_history_start_ordinal`).
	 */
	readonly historyStart?: number;
}

/** The `session_meta` payload → who the thread is; undefined without a thread id. */
export function codexMetaOf(payload: Json): CodexMeta | undefined {
	const threadId = safeId(payload.id);
	if (threadId === undefined) {
		return undefined;
	}
	const source = isObject(payload.source) ? payload.source : {};
	const subagent = isObject(source.subagent) ? source.subagent : {};
	const spawn = isObject(subagent.thread_spawn) ? subagent.thread_spawn : {};
	const parentThreadId = safeId(payload.parent_thread_id) ?? safeId(spawn.parent_thread_id);
	const depth = typeof spawn.depth === 'number' && Number.isSafeInteger(spawn.depth) && spawn.depth >= 0 ? spawn.depth : undefined;
	const isChild = parentThreadId !== undefined || Object.keys(spawn).length > 0 || payload.thread_source === 'subagent';
	const startedAt = str(payload.timestamp);
	const meta: {-readonly [K in keyof CodexMeta]: CodexMeta[K]} = {threadId, sessionId: safeId(payload.session_id) ?? threadId, isChild};
	const set = <K extends keyof CodexMeta>(key: K, value: CodexMeta[K] | undefined): void => {
		if (value !== undefined) {
			meta[key] = value;
		}
	};
	set('parentThreadId', parentThreadId);
	set('depth', depth);
	set('nickname', label(payload.agent_nickname) ?? label(spawn.agent_nickname));
	set('role', label(payload.agent_role) ?? label(spawn.agent_role));
	set('path', label(payload.agent_path) ?? label(spawn.agent_path));
	set('cwd', label(payload.cwd));
	set('startedAt', startedAt !== undefined && !Number.isNaN(Date.parse(startedAt)) ? startedAt : undefined);
	set('cliVersion', label(payload.cli_version));
	const start = payload.subagent_history_start_ordinal;
	set('historyStart', typeof start === 'number' && Number.isSafeInteger(start) && start > 0 ? start : undefined);
	return meta;
}
