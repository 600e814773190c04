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
import type {AgentHistory, HistoryStatus} from '../../core/history/fold.js';
import type {LineTally} from '../../core/history/stats.js';
import {isObject} from '../../core/record/json.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';
import type {SeenWorkflows} from '../workflow/history.js';
import {cacheFileOf, sweepSessionFiles} from './transcript-facts.js';
import {parseAgent, parseTallyRow, parseWorkflows, tallyRow} from './fold-cache-values.js';

const VERSION = 2;
/** A session of a few thousand agents is a few MB; a larger file is not written, nor read. */
export const MAX_FOLD_CACHE_BYTES = 16 * 1024 * 1024;

/** The statuses that do not depend on the clock: a session of only these is kept. */
const SETTLED: ReadonlySet<HistoryStatus> = new Set(['completed', 'failed', 'interrupted', 'user-stopped', 'idle']);

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
export function sessionFoldsDir(vars: NodeJS.ProcessEnv): string {
	const home = vars.HOME || os.homedir();
	return path.join(path.dirname(transcriptFactsDir(vars, home)), 'session-folds');
}
