// Each session's fold kept between queries (`<state>/agentlog/session-folds/<session>.json`, beside
// the transcript-facts cache): the agents the fold of its log made (before their transcripts'
// facts, their workflow runs and the filters are joined in), the tally of its lines (stats) and
// the workflow paths its lines named, keyed by the log's path, inode, size and write time, the
// stale rule and the format. A query whose session log is unchanged loads them instead of parsing
// its lines; the transcripts and workflow runs are still checked as before. Only a session whose
// fold does not depend on the clock is kept (every agent completed, failed, interrupted or idle)
// and only one read without a problem. Best effort: missing, corrupt or unwritable, the log is
// folded again and the answer is the same. Every value read back is checked as the log line it
// came from was (ids safe, times ISO, counts whole), and the file is bounded.
import {lstatSync, mkdirSync, type Stats} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {transcriptFactsDir} from '../../core/paths.js';
import {HISTORY_STATUSES, type AgentHistory, type HistoryStatus} from '../../core/history/fold.js';
import type {LineTally} from '../../core/history/stats.js';
import {isSafeId} from '../../core/record/agent-record.js';
import type {GitState} from '../../core/record/event-line.js';
import {isObject} from '../../core/record/json.js';
import type {LifecycleKind, LifecycleStep} from '../../core/record/lifecycle-machine.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';
import type {SeenWorkflows} from '../workflow/history.js';
import {cacheFileOf, sweepSessionFiles} from './transcript-facts.js';

const VERSION = 1;
/** A session of a few thousand agents is a few MB; a larger file is not written, nor read. */
export const MAX_FOLD_CACHE_BYTES = 16 * 1024 * 1024;
/** No string the fold keeps is longer than a log line. */
const MAX_STRING = 8 * 1024 * 1024;

/** The statuses that do not depend on the clock: a session of only these is kept. */
const SETTLED: ReadonlySet<HistoryStatus> = new Set(['completed', 'failed', 'interrupted', 'idle']);
const STATUSES: ReadonlySet<string> = new Set(HISTORY_STATUSES);
const KINDS: ReadonlySet<string> = new Set<LifecycleKind>(['spawned', 'completed', 'failed', 'interrupted', 'resumed', 'idle', 'active']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/u;

/** What a session's fold gave, as kept. */
export interface FoldedSession {
	/** Its agents, `events` empty, in the fold's order. */
	readonly agents: AgentHistory[];
	/** Its lines counted as `tallyLine` counts them (repeats dropped). */
	readonly tally: LineTally;
	/** The workflow paths its lines named (HistoryWorkflows.see). */
	readonly workflows: SeenWorkflows;
}

/** The log's identity: which file, and which version of it. */
export interface LogIdentity {
	readonly path: string;
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
}

/** The identity of a session's log now; undefined when it is not a regular file. */
export function logIdentity(file: string): LogIdentity | undefined {
	let st: Stats;
	try {
		st = lstatSync(file);
	} catch {
		return undefined;
	}
	return st.isFile() ? {path: file, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs} : undefined;
}

/** Whether two identities are the same file in the same version. */
export const sameLog = (a: LogIdentity | undefined, b: LogIdentity | undefined): boolean =>
	a !== undefined && b !== undefined && a.path === b.path && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** Whether a session's fold may be kept: none of its agents' figures depends on the clock. */
export function settled(agents: readonly AgentHistory[]): boolean {
	return agents.every(h => SETTLED.has(h.status));
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_STRING;
const isTime = (v: unknown): v is string => isText(v) && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v));

function parseGit(value: unknown): GitState | undefined | false {
	if (value === undefined) {
		return undefined;
	}
	if (!isObject(value)) {
		return false;
	}
	const {head, branch} = value;
	if ((head !== undefined && !isText(head)) || (branch !== undefined && !isText(branch)) || (head === undefined && branch === undefined)) {
		return false;
	}
	return {...(head === undefined ? {} : {head}), ...(branch === undefined ? {} : {branch})};
}

function parseSteps(value: unknown): LifecycleStep[] | undefined {
	if (!Array.isArray(value)) {
		return undefined;
	}
	const steps: LifecycleStep[] = [];
	for (const step of value as unknown[]) {
		if (!isObject(step) || typeof step.kind !== 'string' || !KINDS.has(step.kind) || !isTime(step.at)) {
			return undefined;
		}
		if (step.reason !== undefined && !isText(step.reason)) {
			return undefined;
		}
		steps.push({kind: step.kind as LifecycleKind, at: step.at, ...(step.reason === undefined ? {} : {reason: step.reason})});
	}
	return steps;
}

/**
 * A kept agent read back, in the fold's own key order (the JSON printed is the same); undefined
 * when any value is not what the fold makes of a log line.
 */
function parseAgent(v: unknown, sessionId: string): AgentHistory | undefined {
	if (!isObject(v)) {
		return undefined;
	}
	const optionalText = (x: unknown): boolean => x === undefined || isText(x);
	const optionalCount = (x: unknown): boolean => x === undefined || isCount(x);
	const optionalTime = (x: unknown): boolean => x === undefined || isTime(x);
	if (
		!isSafeId(v.agentId) ||
		v.sessionId !== sessionId ||
		!isText(v.type) ||
		!optionalText(v.description) ||
		!optionalText(v.name) ||
		typeof v.status !== 'string' ||
		!STATUSES.has(v.status) ||
		!isTime(v.startedAt) ||
		!(v.startUnknown === undefined || v.startUnknown === true) ||
		!optionalTime(v.stoppedAt) ||
		!optionalTime(v.resumedAt) ||
		!(v.durationMs === undefined || (typeof v.durationMs === 'number' && Number.isFinite(v.durationMs) && v.durationMs >= 0)) ||
		!isCount(v.resumeCount) ||
		!optionalText(v.stopReason) ||
		!optionalCount(v.tokens) ||
		!optionalCount(v.lastRequestTokens) ||
		!optionalCount(v.toolCalls) ||
		!optionalText(v.model) ||
		!optionalText(v.transcriptPath) ||
		!optionalText(v.cwd) ||
		!isObject(v.git) ||
		!(v.parentAgentId === undefined || isSafeId(v.parentAgentId)) ||
		!isTime(v.lastEventAt) ||
		!(v.source === 'hook' || v.source === 'transcript') ||
		!(v.provider === 'claude' || v.provider === 'codex')
	) {
		return undefined;
	}
	const start = parseGit(v.git.start);
	const stop = parseGit(v.git.stop);
	const lifecycle = parseSteps(v.lifecycle);
	if (start === false || stop === false || lifecycle === undefined) {
		return undefined;
	}
	const s = v as Record<string, unknown> &
		Pick<AgentHistory, 'agentId' | 'type' | 'status' | 'startedAt' | 'resumeCount' | 'lastEventAt' | 'source' | 'provider'>;
	const text = (x: unknown): string => x as string;
	return {
		agentId: s.agentId,
		sessionId,
		type: s.type,
		...(s.description === undefined ? {} : {description: text(s.description)}),
		...(s.name === undefined ? {} : {name: text(s.name)}),
		status: s.status,
		startedAt: s.startedAt,
		...(s.startUnknown === true ? {startUnknown: true as const} : {}),
		...(s.stoppedAt === undefined ? {} : {stoppedAt: text(s.stoppedAt)}),
		...(s.resumedAt === undefined ? {} : {resumedAt: text(s.resumedAt)}),
		...(s.durationMs === undefined ? {} : {durationMs: s.durationMs as number}),
		resumeCount: s.resumeCount,
		...(s.stopReason === undefined ? {} : {stopReason: text(s.stopReason)}),
		...(s.tokens === undefined ? {} : {tokens: s.tokens as number}),
		...(s.lastRequestTokens === undefined ? {} : {lastRequestTokens: s.lastRequestTokens as number}),
		...(s.toolCalls === undefined ? {} : {toolCalls: s.toolCalls as number}),
		...(s.model === undefined ? {} : {model: text(s.model)}),
		...(s.transcriptPath === undefined ? {} : {transcriptPath: text(s.transcriptPath)}),
		...(s.cwd === undefined ? {} : {cwd: text(s.cwd)}),
		git: {...(start === undefined ? {} : {start}), ...(stop === undefined ? {} : {stop})},
		...(s.parentAgentId === undefined ? {} : {parentAgentId: text(s.parentAgentId)}),
		lastEventAt: s.lastEventAt,
		lifecycle,
		events: [],
		source: s.source,
		provider: s.provider,
	};
}

// The tally as kept: [events, event, n, event, n, …, firstMs, firstAt, lastMs, lastAt] (null, null when none).
function tallyRow(t: LineTally): unknown[] {
	const row: unknown[] = [t.events];
	for (const [event, n] of t.byEvent) {
		row.push(event, n);
	}
	row.push(t.first?.ms ?? null, t.first?.at ?? null, t.last?.ms ?? null, t.last?.at ?? null);
	return row;
}

function parseTallyRow(row: unknown, sessionId: string): LineTally | undefined {
	if (!Array.isArray(row) || row.length < 5 || (row.length - 5) % 2 !== 0 || !isCount(row[0])) {
		return undefined;
	}
	const byEvent = new Map<string, number>();
	let sum = 0;
	for (let i = 1; i < row.length - 4; i += 2) {
		const event: unknown = row[i];
		const n: unknown = row[i + 1];
		if (!isText(event) || !isCount(n) || n === 0 || byEvent.has(event)) {
			return undefined;
		}
		byEvent.set(event, n);
		sum += n;
	}
	if (sum !== row[0]) {
		return undefined;
	}
	const end = (ms: unknown, at: unknown): {ms: number; at: string} | undefined | false =>
		ms === null && at === null ? undefined : typeof ms === 'number' && isText(at) && Date.parse(at) === ms ? {ms, at} : false;
	const first = end(row.at(-4), row.at(-3));
	const last = end(row.at(-2), row.at(-1));
	if (first === false || last === false) {
		return undefined;
	}
	return {
		events: row[0],
		sessions: new Set(row[0] > 0 ? [sessionId] : []),
		byEvent,
		...(first === undefined ? {} : {first}),
		...(last === undefined ? {} : {last}),
	};
}

function parseWorkflows(value: unknown): SeenWorkflows | undefined {
	if (!isObject(value) || !(value.folder === null || isText(value.folder)) || !Array.isArray(value.paths)) {
		return undefined;
	}
	const paths: [string, string][] = [];
	for (const pair of value.paths as unknown[]) {
		if (!Array.isArray(pair) || pair.length !== 2 || !isSafeId(pair[0]) || !isText(pair[1])) {
			return undefined;
		}
		paths.push([pair[0], pair[1]]);
	}
	return {...(value.folder === null ? {} : {folder: value.folder}), paths};
}

/** The kept folds of the sessions under an activity folder, one file per session. */
export class SessionFoldCache {
	constructor(
		private readonly dir: string,
		/** The stale rule the fold ran with: a fold made with another is not used. */
		private readonly staleMs: number | undefined,
	) {}

	/** The session's kept fold, when its log is `log` still; else undefined. */
	load(sessionId: string, log: LogIdentity): FoldedSession | undefined {
		const file = cacheFileOf(this.dir, sessionId);
		if (file === undefined) {
			return undefined;
		}
		const read = readRegularText(file, {maxBytes: MAX_FOLD_CACHE_BYTES});
		if (!read.ok) {
			return undefined;
		}
		try {
			const json: unknown = JSON.parse(read.text);
			if (!isObject(json) || json.v !== VERSION || json.staleMs !== (this.staleMs ?? null) || !isObject(json.log) || !Array.isArray(json.agents)) {
				return undefined;
			}
			const kept = json.log;
			if (typeof kept.path !== 'string' || typeof kept.ino !== 'number' || typeof kept.size !== 'number' || typeof kept.mtimeMs !== 'number') {
				return undefined;
			}
			if (!sameLog({path: kept.path, ino: kept.ino, size: kept.size, mtimeMs: kept.mtimeMs}, log)) {
				return undefined;
			}
			const tally = parseTallyRow(json.tally, sessionId);
			const workflows = parseWorkflows(json.workflows);
			if (tally === undefined || workflows === undefined) {
				return undefined;
			}
			const agents: AgentHistory[] = [];
			const ids = new Set<string>();
			for (const value of json.agents as unknown[]) {
				const agent = parseAgent(value, sessionId);
				if (agent === undefined || ids.has(agent.agentId) || !SETTLED.has(agent.status)) {
					return undefined;
				}
				ids.add(agent.agentId);
				agents.push(agent);
			}
			return {agents, tally, workflows};
		} catch {
			// A corrupt file is no cache.
			return undefined;
		}
	}

	/** Keeps a session's fold of the log `log` (best effort; a fold too big to keep is not). */
	save(sessionId: string, log: LogIdentity, folded: FoldedSession): void {
		const file = cacheFileOf(this.dir, sessionId);
		if (file === undefined) {
			return;
		}
		const text = JSON.stringify({
			v: VERSION,
			staleMs: this.staleMs ?? null,
			log,
			tally: tallyRow(folded.tally),
			workflows: {folder: folded.workflows.folder ?? null, paths: folded.workflows.paths},
			agents: folded.agents.map(h => ({...h, events: undefined})),
		});
		if (Buffer.byteLength(text) > MAX_FOLD_CACHE_BYTES) {
			return;
		}
		try {
			mkdirSync(this.dir, {recursive: true, mode: 0o700});
			writeAtomic(file, text);
		} catch {
			// Best effort: the next query folds the log again.
		}
	}

	/** Removes the files of sessions no longer in the activity folder. */
	sweep(sessionIds: ReadonlySet<string>): void {
		sweepSessionFiles(this.dir, sessionIds);
	}
}

/** `$XDG_STATE_HOME/agentlog/session-folds`: beside the transcript-facts cache. */
export function sessionFoldsDir(vars: NodeJS.ProcessEnv = process.env): string {
	const home = vars.HOME || os.homedir();
	return path.join(path.dirname(transcriptFactsDir(vars, home)), 'session-folds');
}
