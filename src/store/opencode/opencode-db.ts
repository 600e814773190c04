// opencode's own database, read for its subagents: `$XDG_DATA_HOME/opencode/opencode.db`
// (`~/.local/share/opencode/`; a non-stable channel writes `opencode-<channel>.db` beside it). Read
// through agentlog's own SQLite reader (store/sqlite): never locked, written or migrated, and rows
// still in the write-ahead log are seen. Only a few columns of 1.18.33's tables are read (that
// OpenCode 2 keeps them is assumed, not checked: docs/opencode.md). A session with a `parent_id` is a subagent; the session at the top of its
// tree is agentlog's session.
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {Pricer} from '../../core/cost/cost.js';
import {
	opencodeAgent,
	opencodeTally,
	taskCallOf,
	type OpencodeAgent,
	type OpencodeDataRow,
	type OpencodeSessionRow,
	type OpencodeTaskCall,
} from '../../core/opencode/opencode-agent.js';
import {isSafeId} from '../../core/record/agent-record.js';
import type {TranscriptTally} from '../../core/transcript/tally.js';
import {safeLine} from '../../core/text/safe-text.js';
import {head} from '../../core/text/bounded.js';
import {openSqliteSnapshot, type Row, type SqliteSnapshot} from '../sqlite/sqlite-snapshot.js';

/** The folder opencode keeps its data in. */
export function opencodeDataDir(env: NodeJS.ProcessEnv, home: string): string {
	const xdg = env.XDG_DATA_HOME;
	return path.join(xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, '.local', 'share'), 'opencode');
}

/** Its databases: `opencode.db` and any `opencode-<channel>.db`, newest channel names sorted. */
export function opencodeDatabases(dataDir: string): string[] {
	let names: string[];
	try {
		names = readdirSync(dataDir);
	} catch {
		return [];
	}
	return names
		.filter(n => n === 'opencode.db' || /^opencode-[A-Za-z0-9._-]{1,64}\.db$/u.test(n))
		.sort()
		.map(n => path.join(dataDir, n));
}

/** One session tree of opencode: the root session and its subagents. */
export interface OpencodeTree {
	readonly rootId: string;
	readonly title: string;
	readonly directory: string | undefined;
	readonly startedMs: number;
	readonly updatedMs: number;
	readonly agents: readonly OpencodeAgent[];
}

export interface OpencodeRead {
	readonly trees: readonly OpencodeTree[];
	/** Why the database could not be read whole (then `trees` holds what was read before). */
	readonly problem?: string;
}

export interface ReadOptions {
	readonly sinceMs?: number;
	readonly pricer?: Pricer;
	/**
	 * Whether opencode has ended (no process holds the database: opencode-process.ts), asked only
	 * when a child has not ended: then it was cut off, and is read as interrupted.
	 */
	readonly gone?: () => boolean;
}

/** How many subagent sessions one read folds at the most (the newest first). */
export const MAX_OPENCODE_AGENTS = 5000;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'bigint' ? Number(v) : 0);

function sessionRow(r: Row): OpencodeSessionRow | undefined {
	const id = text(r.id);
	if (id === undefined || !isSafeId(id)) {
		return undefined;
	}
	const parent = text(r.parent_id);
	return {
		id,
		parentId: parent !== undefined && isSafeId(parent) ? parent : undefined,
		title: text(r.title) ?? '',
		agent: text(r.agent),
		directory: text(r.directory),
		model: text(r.model),
		timeCreated: int(r.time_created),
		timeUpdated: int(r.time_updated),
	};
}

function dataRow(r: Row): OpencodeDataRow | undefined {
	const id = text(r.id);
	const data = text(r.data);
	return id === undefined || data === undefined ? undefined : {id, data, timeCreated: int(r.time_created), timeUpdated: int(r.time_updated)};
}

/** A session's rows of `table`, through opencode's index on the session where it has one. */
function rowsOfSession(db: SqliteSnapshot, table: 'message' | 'part', sessionId: string, scanned: Map<string, Row[]>): OpencodeDataRow[] {
	const index = table === 'message' ? 'message_session_time_created_id_idx' : 'part_session_idx';
	let rows = db.rowsByIndex(table, index, sessionId);
	if (rows === undefined) {
		// No index (another version's schema): one scan of the table, grouped by session.
		if (!scanned.has(table)) {
			const groups = new Map<string, Row[]>();
			for (const r of db.rows(table)) {
				const s = text(r.session_id);
				if (s !== undefined) {
					groups.set(s, [...(groups.get(s) ?? []), r]);
				}
			}
			scanned.set(
				table,
				[...groups].flatMap(([s, list]) => list.map(r => ({...r, session_id: s}))),
			);
		}
		rows = (scanned.get(table) ?? []).filter(r => r.session_id === sessionId);
	}
	return rows.map(dataRow).filter((r): r is OpencodeDataRow => r !== undefined);
}

/**
 * The session trees with subagents in one database, newest first. `sinceMs`: only trees updated
 * since then. `pricer` prices responses opencode did not price itself.
 */
export function readOpencodeDatabase(file: string, options: ReadOptions = {}): OpencodeRead {
	let last = '';
	for (let attempt = 0; attempt < 2; attempt++) {
		const opened = openSqliteSnapshot(file);
		if (!opened.ok) {
			return {trees: [], problem: opened.problem};
		}
		const db = opened.snapshot;
		try {
			return {trees: readTrees(db, options)};
		} catch (error) {
			// A checkpoint between reading the log and the main file: read again once.
			last = error instanceof Error ? error.message : String(error);
		} finally {
			db.close();
		}
	}
	return {trees: [], problem: `${file}: ${head(safeLine(last), 300)}`};
}

/**
 * The session with subagents whose tree moved last, from the `session` table alone (no message or
 * part is read): what the newest-session rule asks, which `status` runs every few seconds.
 */
export function newestOpencodeTree(file: string): {readonly rootId: string; readonly updatedMs: number} | undefined {
	const opened = openSqliteSnapshot(file);
	if (!opened.ok) {
		return undefined;
	}
	try {
		const sessions = new Map<string, OpencodeSessionRow>();
		for (const r of opened.snapshot.rows('session')) {
			const s = sessionRow(r);
			if (s !== undefined) {
				sessions.set(s.id, s);
			}
		}
		let newest: {rootId: string; updatedMs: number} | undefined;
		for (const child of sessions.values()) {
			if (child.parentId === undefined) {
				continue;
			}
			let root = child;
			for (let hops = 0; root.parentId !== undefined && hops < 100; hops++) {
				const up = sessions.get(root.parentId);
				if (up === undefined) {
					break;
				}
				root = up;
			}
			const updatedMs = Math.max(root.timeUpdated, child.timeUpdated);
			if (root.id !== child.id && (newest === undefined || updatedMs > newest.updatedMs)) {
				newest = {rootId: root.id, updatedMs};
			}
		}
		return newest;
	} catch {
		return undefined;
	} finally {
		opened.snapshot.close();
	}
}

function readTrees(db: SqliteSnapshot, options: ReadOptions): OpencodeTree[] {
	const sessions = new Map<string, OpencodeSessionRow>();
	for (const r of db.rows('session')) {
		const s = sessionRow(r);
		if (s !== undefined) {
			sessions.set(s.id, s);
		}
	}
	const rootOf = (s: OpencodeSessionRow): OpencodeSessionRow => {
		let at = s;
		for (let hops = 0; at.parentId !== undefined && hops < 100; hops++) {
			const up = sessions.get(at.parentId);
			if (up === undefined) {
				break;
			}
			at = up;
		}
		return at;
	};
	const children = [...sessions.values()]
		.filter(s => s.parentId !== undefined)
		.sort((a, b) => b.timeUpdated - a.timeUpdated)
		.slice(0, MAX_OPENCODE_AGENTS);
	const byRoot = new Map<string, OpencodeSessionRow[]>();
	for (const child of children) {
		const root = rootOf(child);
		if (root.id === child.id) {
			continue;
		}
		byRoot.set(root.id, [...(byRoot.get(root.id) ?? []), child]);
	}
	const scanned = new Map<string, Row[]>();
	const calls = new Map<string, Map<string, OpencodeTaskCall>>();
	const callsOf = (parentId: string): Map<string, OpencodeTaskCall> => {
		let found = calls.get(parentId);
		if (found === undefined) {
			found = new Map();
			for (const part of rowsOfSession(db, 'part', parentId, scanned)) {
				const task = taskCallOf(part.data);
				if (task !== undefined) {
					found.set(task.childId, task.call);
				}
			}
			calls.set(parentId, found);
		}
		return found;
	};
	const trees: OpencodeTree[] = [];
	for (const [rootId, kids] of byRoot) {
		const root = sessions.get(rootId)!;
		const updatedMs = Math.max(root.timeUpdated, ...kids.map(k => k.timeUpdated));
		if (options.sinceMs !== undefined && updatedMs < options.sinceMs) {
			continue;
		}
		let gone: boolean | undefined;
		const agents = kids.map(session => {
			const input = {
				session,
				rootId,
				parentAgentId: session.parentId === rootId ? undefined : session.parentId,
				messages: rowsOfSession(db, 'message', session.id, scanned),
				parts: rowsOfSession(db, 'part', session.id, scanned),
				call: callsOf(session.parentId!).get(session.id),
				pricer: options.pricer,
			};
			const agent = opencodeAgent(input);
			if (agent.record.status !== 'active' || options.gone === undefined) {
				return agent;
			}
			gone ??= options.gone();
			return gone ? opencodeAgent({...input, gone}) : agent;
		});
		trees.push({
			rootId,
			title: head(safeLine(root.title), 200),
			directory: root.directory === undefined ? undefined : head(safeLine(root.directory), 4096),
			startedMs: root.timeCreated,
			updatedMs,
			agents,
		});
	}
	return trees.sort((a, b) => b.updatedMs - a.updatedMs);
}

/** A database as one version: its main file's inode, and its size and write time taken with its log's. */
export interface OpencodeDbStamp {
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
}

/**
 * The stamp of a database and its write-ahead log, undefined when the main file is not a regular
 * file: any committed row changes it (opencode writes into the log; a checkpoint changes the main
 * file), so a fact kept under a stamp is good while the stamp is the same.
 */
export function opencodeDbStamp(file: string): OpencodeDbStamp | undefined {
	const main = statSync(file, {throwIfNoEntry: false});
	if (main?.isFile() !== true) {
		return undefined;
	}
	const wal = statSync(`${file}-wal`, {throwIfNoEntry: false});
	const log = wal?.isFile() === true ? wal : undefined;
	return {ino: main.ino, size: main.size + (log?.size ?? 0), mtimeMs: Math.max(main.mtimeMs, log?.mtimeMs ?? 0)};
}

/** The last whole read of each database a history query asked about, by stamp and prices. */
const agentsRead = new Map<string, {readonly key: string; readonly agents: ReadonlyMap<string, OpencodeAgent>}>();

/**
 * What the history keeps of one subagent (its tally: tokens, cost and tool calls per response),
 * read from the database at `file` with the stamp it was read under; undefined when the database
 * cannot be read or no longer holds the agent among its newest MAX_OPENCODE_AGENTS. A query asking
 * for many agents of one database reads it once.
 */
export function readOpencodeTally(file: string, agentId: string, pricer: Pricer): (OpencodeDbStamp & {readonly tally: TranscriptTally}) | undefined {
	const stamp = opencodeDbStamp(file);
	if (stamp === undefined) {
		return undefined;
	}
	const key = `${stamp.ino}:${stamp.size}:${stamp.mtimeMs}:${pricer.key}`;
	let read = agentsRead.get(file);
	if (read?.key !== key) {
		const db = readOpencodeDatabase(file, {pricer});
		read = {key, agents: new Map(db.trees.flatMap(t => t.agents.map(a => [a.record.agentId, a] as const)))};
		agentsRead.clear();
		agentsRead.set(file, read);
	}
	const agent = read.agents.get(agentId);
	return agent === undefined ? undefined : {...stamp, tally: opencodeTally(agent, pricer.asOf)};
}
