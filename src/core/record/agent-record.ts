// The agent record: one JSON object per agent at <activity>/<sessionId>/<agentId>.json.
// The first seven fields are the format claude-code-kanban's Agent Log also reads and writes;
// the rest are optional extensions that readers must not require (DESIGN.md §3).
import {safeJson, safeLine} from '../text/safe-text.js';
import type {Result} from '../result.js';
import {MAX_JSON_DEPTH, nestsAtMost} from './json.js';
import {providerNamed, type Provider} from './provider.js';

export type AgentStatus = 'active' | 'idle' | 'stopped';

export const AGENT_STATUSES: readonly AgentStatus[] = ['active', 'idle', 'stopped'];

export interface AgentRecord {
	readonly agentId: string;
	readonly type: string;
	readonly status: AgentStatus;
	readonly startedAt: string;
	readonly updatedAt: string;
	readonly stoppedAt?: string;
	readonly lastMessage?: string;
	// Extensions.
	readonly sessionId?: string;
	readonly cwd?: string;
	readonly transcriptPath?: string;
	readonly teammateName?: string;
	/** True when the start of this agent was never seen, so `startedAt` is only a lower bound. */
	readonly startUnknown?: boolean;
	/** True when `lastMessage` is only the first part of a message too large for the hook to take whole. */
	readonly lastMessageCut?: boolean;
	// Lifecycle (DESIGN.md §10): `status` stays within active|idle|stopped for other readers.
	/** True when it stopped because its session ended (or its parent's call came back interrupted) while it ran. */
	readonly interrupted?: boolean;
	/** Why it stopped: `subagent-stop`, `session-end:<reason>`, `tool:<status>`. */
	readonly stopReason?: string;
	/** The last time it was started again after a stop or an interruption. */
	readonly resumedAt?: string;
	/** How many times it was started again after a stop or an interruption. */
	readonly resumeCount?: number;
	// From the parent's Agent/Task call (PostToolUse), when the hook saw it.
	/** The call's `description`. */
	readonly description?: string;
	/** The model it ran on (`resolvedModel`, else the call's `model`). */
	readonly model?: string;
	/** The call result's `totalTokens` (Claude Code counts only the final request in it). */
	readonly totalTokens?: number;
	/** The call result's `totalToolUseCount`. */
	readonly totalToolUseCount?: number;
	/** The call result's `totalDurationMs`. */
	readonly totalDurationMs?: number;
	/** The call result's `status`: `completed`, `async_launched` (a background launch), or a status of a call cut off. */
	readonly resultStatus?: string;
	/** The agent whose call launched it (its `.meta.json`, or the PostToolUse made inside it); absent when the main session did (or it is unknown). */
	readonly parentAgentId?: string;
	/** How deep it runs (`.meta.json` `spawnDepth`): 1 when the main session launched it, 2 under an agent of depth 1, … */
	readonly spawnDepth?: number;
	// Waiting for the user: set by a PermissionRequest (or a Notification asking for input) inside it, cleared by its next hook event.
	/** What it waits for: `Bash: npm publish`. */
	readonly waitingFor?: string;
	/** When it started waiting. */
	readonly waitingSince?: string;
	/** The tool it belongs to: `codex` for an OpenAI Codex CLI subagent; absent means Claude Code. */
	readonly provider?: Provider;
	/** The machine it runs on, when `watch --host` shows several (set by core/remote, never read from a file). */
	readonly host?: string;
}

/**
 * Session ids and agent ids become path parts; only these are accepted (DESIGN.md §3): 1 to 128
 * of `A-Z a-z 0-9 . _ @ -`, the first a letter or digit. Checked character by character (the
 * hook's every run checks a few, and a pattern costs ~0.02 ms to compile on first use).
 */
export function isSafeId(value: unknown): value is string {
	if (typeof value !== 'string' || value.length === 0 || value.length > 128) {
		return false;
	}
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		const alnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
		if (!alnum && (i === 0 || !(c === 0x2e || c === 0x5f || c === 0x40 || c === 0x2d))) {
			return false;
		}
	}
	return true;
}

/** A depth an agent can run at: a whole number from 1 (Claude Code's default limit is 3). */
export function isSpawnDepth(value: unknown): value is number {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 1000;
}

/** A parse of outside data: the value, or what is wrong with it. */
export type ParseResult<T> = Result<T>;

function isTimestamp(value: unknown): value is string {
	return typeof value === 'string' && value.length > 0 && !Number.isNaN(Date.parse(value));
}

function optionalString(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/**
 * Checks that a parsed JSON value is an agent record. Unknown extra fields are kept (other
 * tools may add their own); optional fields of the wrong type are dropped rather than fatal.
 */
export function parseAgentRecord(json: unknown): ParseResult<AgentRecord> {
	if (typeof json !== 'object' || json === null || Array.isArray(json)) {
		return {ok: false, error: 'not a JSON object'};
	}
	const o = json as Record<string, unknown>;
	if (typeof o.agentId !== 'string' || o.agentId === '') {
		return {ok: false, error: 'missing agentId'};
	}
	if (typeof o.type !== 'string') {
		return {ok: false, error: 'missing type'};
	}
	if (typeof o.status !== 'string' || !(AGENT_STATUSES as readonly string[]).includes(o.status)) {
		return {ok: false, error: `unknown status ${JSON.stringify(o.status)}`};
	}
	if (!isTimestamp(o.startedAt)) {
		return {ok: false, error: 'missing or invalid startedAt'};
	}
	const updatedAt = isTimestamp(o.updatedAt) ? o.updatedAt : o.startedAt;
	const record: Record<string, unknown> = {...o, updatedAt};
	// Only `watch --host` names a host: a file cannot pose as another machine's agent.
	delete record.host;
	for (const key of [
		'lastMessage',
		'sessionId',
		'cwd',
		'transcriptPath',
		'teammateName',
		'stopReason',
		'description',
		'model',
		'waitingFor',
		'resultStatus',
	] as const) {
		if (record[key] !== undefined && optionalString(record[key]) === undefined) {
			delete record[key];
		}
	}
	for (const key of ['stoppedAt', 'resumedAt', 'waitingSince'] as const) {
		if (record[key] !== undefined && !isTimestamp(record[key])) {
			delete record[key];
		}
	}
	for (const key of ['resumeCount', 'totalTokens', 'totalToolUseCount', 'totalDurationMs'] as const) {
		const value = record[key];
		if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
			delete record[key];
		}
	}
	if (record.spawnDepth !== undefined && !isSpawnDepth(record.spawnDepth)) {
		delete record.spawnDepth;
	}
	if (record.parentAgentId !== undefined && !isSafeId(record.parentAgentId)) {
		delete record.parentAgentId;
	}
	if (record.provider !== undefined && providerNamed(record.provider) === undefined) {
		delete record.provider;
	}
	for (const key of ['startUnknown', 'lastMessageCut', 'interrupted'] as const) {
		if (record[key] !== undefined && record[key] !== true) {
			delete record[key];
		}
	}
	// An extra field nested deeper than any record: JSON.stringify (ls --json) would overflow the stack.
	for (const [key, value] of Object.entries(record)) {
		if (typeof value === 'object' && value !== null && !nestsAtMost(value, MAX_JSON_DEPTH)) {
			delete record[key];
		}
	}
	return {ok: true, value: record as unknown as AgentRecord};
}

/** Fields shown on one line (names, ids, paths): newlines and tabs become spaces too. */
const LINE_FIELDS = [
	'agentId',
	'type',
	'status',
	'startedAt',
	'updatedAt',
	'stoppedAt',
	'sessionId',
	'cwd',
	'transcriptPath',
	'teammateName',
	'stopReason',
	'resumedAt',
	'model',
	'parentAgentId',
	'resultStatus',
	'waitingFor',
	'waitingSince',
] as const;

/**
 * The record as it is shown: every string in it (extension fields and keys included) made safe
 * for a terminal (`safeJson`), the one-line fields also flattened (`safeLine`); `lastMessage`
 * keeps its newlines for Markdown. Returns the same object when there is nothing to change (the
 * usual case: no copy of a long message). The store applies it once, where an agent file is read;
 * `ls --json` prints the parsed record instead, which stays exact.
 */
export function displayRecord(record: AgentRecord): AgentRecord {
	const safe = safeJson(record) as unknown as Record<string, unknown>;
	let out: Record<string, unknown> | undefined;
	for (const key of LINE_FIELDS) {
		const value = safe[key];
		if (typeof value === 'string') {
			const line = safeLine(value);
			if (line !== value) {
				out ??= {...safe};
				out[key] = line;
			}
		}
	}
	return (out ?? safe) as unknown as AgentRecord;
}
