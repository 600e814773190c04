// Removing whole sessions past the retention (docs/design.md#retention): `agentlog prune`, and the hook once
// a day (`pruneOnceADay`). The decision is retention.ts's (pure); this file looks at the folders
// and removes them.
//
// Safety: agentlog deletes only what it can prove it made (core/history/ownership.ts). An
// activity folder that is some tool's own (Claude Code's config folder, a Codex home, the home
// folder) is refused whole (`ToolFolderError`). Only real folders directly under the activity
// folder whose names are session ids are considered (a symlink is never followed nor removed, dot
// folders such as .demo-transcripts are not sessions), and only one holding nothing but regular
// files agentlog writes there (file-names.ts sessionFileKind; its agent files must read as agent
// records) may go: any other (a subfolder, a link, a foreign file) is kept and named. Nothing
// below a session is ever listed or followed: sizes come from lstat, files are opened through
// safe-file. A session is looked at again just before it goes (folder and log mtime, inode, log
// size): one that changed since is kept. It is first renamed to a dot name (atomic: readers see
// it whole or not at all, and a hook that comes after makes a fresh folder), listed again (a
// foreign entry now: it is put back), then its files are removed one by one and the folder with
// rmdir: never a recursive removal. A prune cut off half way leaves that dot folder, which the
// next prune empties the same way.
//
// Cost: a session whose folder, log or agent files have an mtime within the retention is kept on
// lstat alone; only the older ones have their agent files and log read (the log folded, to find a
// live agent). Node built-ins only: the hook bundles this.
import {lstatSync, readdirSync, realpathSync, renameSync, rmdirSync, type Stats} from 'node:fs';
import {join} from 'node:path';
import {
	describeForeign,
	foreignSessionEntries,
	toolFolderFix,
	toolFolderOf,
	type FolderEntry,
	type ToolFolder,
	type ToolHomes,
} from '../../core/history/ownership.js';
import {formatRetention, livesFromHistory, newest, retentionFrom, sessionsToPrune, type AgentLife, type SessionFacts} from '../../core/history/retention.js';
import {DEFAULT_STALE_MS, lastSignOfLife} from '../../core/monitor/stale.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {isAgentFileName, sessionFileKind} from '../../core/record/file-names.js';
import {claudeDir, codexHomeDir} from '../../core/paths.js';
import {parseTime} from '../../core/text/format.js';
import {codeOf, removeFile} from '../fs/errors.js';
import {readAgentRecord} from '../activity/agent-file.js';
import {requireBuiltin} from '../hook/builtin.js';
import {claimDailyPrune} from './daily-prune.js';
import {EVENT_LOG_NAME} from '../../core/record/file-names.js';
import {foldSessionLog} from './session-fold.js';

/** A session being removed is first renamed to `<prefix><id>.<pid>.<n>`. */
export const PRUNING_PREFIX = '.agentlog-pruning-';
/** A leftover of a prune cut off half way is removed once it is this old (a running prune is done long before). */
const LEFTOVER_MS = 60 * 60 * 1000;

export type KeptReason = 'recent' | 'live-agent' | 'unknown-age' | 'symlink' | 'changed' | 'foreign';

/** The activity folder is some tool's own folder (or the home folder): nothing there is pruned. */
export class ToolFolderError extends Error {
	constructor(
		readonly activity: string,
		readonly folder: ToolFolder,
	) {
		super(`the activity folder ${activity} ${folder.reason}; agentlog prunes only its own folder`);
		this.name = 'ToolFolderError';
	}
}

/** A kept session: why, the agent that still runs (`live-agent`), the entries agentlog did not write (`foreign`). */
export interface KeptSession {
	readonly id: string;
	readonly reason: KeptReason;
	readonly agentId?: string;
	readonly foreign?: readonly string[];
}

export interface PruneResult {
	/** Sessions removed (with `dryRun`: those that would be). */
	readonly removed: ReadonlyArray<{readonly id: string; readonly bytes: number; readonly lastEventAt: string}>;
	/** Session folders kept, and why (`live-agent` names one agent that still runs). */
	readonly kept: readonly KeptSession[];
	/** Sessions that should have gone but could not be removed, and why. */
	readonly errors: ReadonlyArray<{readonly id: string; readonly error: string}>;
}

export interface PruneOptions {
	/** The clock (ms). */
	readonly now: number;
	/** Sessions whose last event is at least this old go. */
	readonly olderThanMs: number;
	/** Remove nothing; say what would go. */
	readonly dryRun?: boolean;
	/** The monitor's stale rule (default `DEFAULT_STALE_MS`). */
	readonly staleMs?: number;
	/** Called for each session about to be looked at again and removed (for tests: a hook writing meanwhile). */
	readonly beforeRemove?: (id: string) => void;
	/** Called once a session is moved aside, before its files go (for tests: a foreign file appearing then). */
	readonly afterMoveAside?: (aside: string) => void;
	/** The tools' own folders, never pruned (see `toolFolderOf`); tests and the hook pass theirs. */
	readonly homes?: ToolHomes;
}

interface Looked {
	readonly facts: SessionFacts;
	readonly dir: Stats;
	readonly log: Stats | undefined;
	/** Entries agentlog did not write: the session is kept, whatever its age. */
	readonly foreign?: readonly string[];
}

function lstatOrUndefined(file: string): Stats | undefined {
	try {
		return lstatSync(file);
	} catch {
		return undefined;
	}
}

function entryType(st: Stats): FolderEntry['type'] {
	return st.isFile() ? 'file' : st.isDirectory() ? 'folder' : st.isSymbolicLink() ? 'symlink' : 'other';
}

/**
 * One session folder's facts. First its mtimes (folder, log, agent files): when one is within
 * the retention, the session is recent and nothing is read. Else its agent files and its log are
 * read: their times (a log line's `at` or a record's `updatedAt` may be newer than any mtime) and
 * its agents (agent files, and the log folded), to find one that still runs.
 */
function lookAt(sessionDir: string, id: string, dir: Stats, cutoff: number, now: number, staleMs: number): Looked {
	const log = lstatOrUndefined(join(sessionDir, EVENT_LOG_NAME));
	// The hook renames each agent file into the folder and appends to the log: one of these two
	// mtimes is almost always the newest, and a recent one settles it without a listing.
	const quick = newest([dir.mtimeMs, log?.mtimeMs]);
	if (quick !== undefined && quick > cutoff) {
		return {facts: {id, lastEventMs: quick, agents: [], bytes: 0}, dir, log};
	}
	let names: string[];
	try {
		names = readdirSync(sessionDir);
	} catch {
		names = [];
	}
	if (names.length === 0) {
		// Empty (or unreadable): nothing in it shows agentlog made it, and it has no event. Kept, as
		// `--dir` pointed at a projects folder or a home would otherwise lose its empty folders.
		return {facts: {id, lastEventMs: undefined, agents: [], bytes: 0}, dir, log};
	}
	const times: Array<number | undefined> = [dir.mtimeMs, log?.mtimeMs];
	const agentFiles: string[] = [];
	const entries: FolderEntry[] = [];
	let bytes = 0;
	for (const name of names) {
		const st = lstatOrUndefined(join(sessionDir, name));
		if (st === undefined) {
			continue;
		}
		entries.push({name, type: entryType(st)});
		bytes += st.isFile() ? st.size : 0;
		if (st.isFile() && isAgentFileName(name)) {
			times.push(st.mtimeMs);
			agentFiles.push(name);
		}
	}
	const foreign = foreignSessionEntries(entries);
	if (foreign.length > 0) {
		// Not agentlog's: kept without reading anything in it.
		return {facts: {id, lastEventMs: newest(times), agents: [], bytes}, dir, log, foreign};
	}
	const byMtime = newest(times);
	if (byMtime !== undefined && byMtime > cutoff) {
		return {facts: {id, lastEventMs: byMtime, agents: [], bytes}, dir, log};
	}
	const agents: AgentLife[] = [];
	const notRecords: string[] = [];
	for (const name of agentFiles) {
		// Agent files over MAX_AGENT_FILE_BYTES are not read for liveness (their mtime still counts).
		const read = readAgentRecord(join(sessionDir, name));
		if (!read.ok && read.reason === 'missing') {
			// Gone since the listing is fine; one that cannot be read cannot be proved an agent file.
			continue;
		}
		// A `.json` file is agentlog's only as an agent record of its own name (todos/ holds JSON too).
		const record = read.ok ? read.record : undefined;
		if (record === undefined || `${record.agentId}.json` !== name) {
			notRecords.push(name);
			continue;
		}
		times.push(parseTime(record.updatedAt));
		const life = lastSignOfLife(record);
		agents.push(life === undefined ? {agentId: record.agentId, status: record.status} : {agentId: record.agentId, status: record.status, lifeMs: life});
	}
	if (notRecords.length > 0) {
		return {facts: {id, lastEventMs: newest(times), agents, bytes}, dir, log, foreign: notRecords};
	}
	if (log !== undefined) {
		// Read line by line: the newest time and each agent's life, never the lines.
		let newestLine: number | undefined;
		const events = foldSessionLog(sessionDir, {
			now,
			staleMs,
			onItem: item => {
				if (item.line !== undefined) {
					newestLine = newest([newestLine, parseTime(item.line.at)]);
				}
			},
		});
		times.push(newestLine);
		agents.push(...livesFromHistory(events.agents));
	}
	return {facts: {id, lastEventMs: newest(times), agents, bytes}, dir, log};
}

/** Whether a folder and its log are as they were looked at. */
function unchanged(sessionDir: string, looked: Looked): boolean {
	const dir = lstatOrUndefined(sessionDir);
	if (dir === undefined || !dir.isDirectory() || dir.ino !== looked.dir.ino || dir.mtimeMs !== looked.dir.mtimeMs) {
		return false;
	}
	const log = lstatOrUndefined(join(sessionDir, EVENT_LOG_NAME));
	if (log === undefined || looked.log === undefined) {
		return log === looked.log;
	}
	return log.ino === looked.log.ino && log.mtimeMs === looked.log.mtimeMs && log.size === looked.log.size;
}

let pruneCounter = 0;

/** The entries of a folder, as lstat sees them (one level: nothing below is listed). */
function entriesOf(dir: string): FolderEntry[] {
	const entries: FolderEntry[] = [];
	for (const name of readdirSync(dir)) {
		const st = lstatOrUndefined(join(dir, name));
		if (st !== undefined) {
			entries.push({name, type: entryType(st)});
		}
	}
	return entries;
}

/** The folder at `dir` is not the one looked at (`ino`): a link or another folder was put at its name. */
class SwappedError extends Error {
	constructor(readonly dir: string) {
		super(`${dir} was replaced while it was being pruned`);
		this.name = 'SwappedError';
	}
}

/** Throws `SwappedError` unless `dir` is (still) a real folder with this inode: listing a link would list what it names. */
function requireSameFolder(dir: string, ino: number, dev: number): void {
	const st = lstatOrUndefined(dir);
	if (st === undefined || !st.isDirectory() || st.ino !== ino || st.dev !== dev) {
		throw new SwappedError(dir);
	}
}

/**
 * Removes a session folder that holds only agentlog's files: each file it recognises (unlink,
 * which removes a name, never what a link names), then the folder with rmdir, which fails rather
 * than remove anything else. `ino` and `dev` are the folder's as it was looked at: a link or
 * another folder put at its name since is not listed nor emptied. Throws when it could not.
 */
function removeOwnFolder(dir: string, ino: number, dev: number): void {
	requireSameFolder(dir, ino, dev);
	for (const entry of entriesOf(dir)) {
		if (entry.type === 'file' && sessionFileKind(entry.name) !== undefined) {
			removeFile(join(dir, entry.name));
		}
	}
	rmdirSync(dir);
}

/** Empties and removes leftovers of prunes cut off half way (their dot folders), once they are an hour old; one holding anything else is left. */
function removeLeftovers(activity: string, names: readonly string[], now: number): void {
	for (const name of names) {
		if (!name.startsWith(PRUNING_PREFIX)) {
			continue;
		}
		const dir = join(activity, name);
		const st = lstatOrUndefined(dir);
		if (st?.isDirectory() && now - st.mtimeMs >= LEFTOVER_MS) {
			try {
				requireSameFolder(dir, st.ino, st.dev);
				if (foreignSessionEntries(entriesOf(dir)).length === 0) {
					removeOwnFolder(dir, st.ino, st.dev);
				}
			} catch {
				// Next time.
			}
		}
	}
}

/** The tools' own folders by this environment's rules (core/paths.ts). */
export function toolHomesFrom(env: Readonly<Record<string, string | undefined>>, home: string | undefined): ToolHomes {
	if (home === undefined || home === '') {
		return {
			...(env.CLAUDE_CONFIG_DIR ? {claude: claudeDir(env, '')} : {}),
			...(env.CODEX_HOME ? {codex: codexHomeDir(env, '')} : {}),
		};
	}
	return {claude: claudeDir(env, home), codex: codexHomeDir(env, home), home};
}

function realPathOrUndefined(file: string): string | undefined {
	try {
		return realpathSync(file);
	} catch {
		return undefined;
	}
}

/**
 * Removes the session folders under `activity` whose last event is `olderThanMs` or more before
 * `now` and that have no live agent (retention.ts). With `dryRun`, removes nothing and says what
 * would go. Never throws for a folder: what cannot be removed is in `errors`.
 */
export function pruneSessions(activity: string, options: PruneOptions): PruneResult {
	const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
	const cutoff = options.now - options.olderThanMs;
	const removed: Array<{id: string; bytes: number; lastEventAt: string}> = [];
	const kept: KeptSession[] = [];
	const errors: Array<{id: string; error: string}> = [];
	let names: string[];
	try {
		names = readdirSync(activity).sort();
	} catch (error) {
		const code = codeOf(error);
		if (code === 'ENOENT') {
			return {removed, kept, errors};
		}
		throw error;
	}
	const toolFolder = toolFolderOf(activity, names, options.homes ?? {}, realPathOrUndefined(activity));
	if (toolFolder !== undefined) {
		throw new ToolFolderError(activity, toolFolder);
	}
	if (!options.dryRun) {
		removeLeftovers(activity, names, options.now);
	}
	const looked = new Map<string, Looked>();
	for (const name of names) {
		// Dot names are agentlog's own (logs, stamps, a demo's transcripts) or other tools'.
		if (name.startsWith('.') || !isSafeId(name)) {
			continue;
		}
		const sessionDir = join(activity, name);
		const st = lstatOrUndefined(sessionDir);
		if (st === undefined) {
			continue;
		}
		if (st.isSymbolicLink()) {
			kept.push({id: name, reason: 'symlink'});
			continue;
		}
		if (!st.isDirectory()) {
			continue;
		}
		const one = lookAt(sessionDir, name, st, cutoff, options.now, staleMs);
		if (one.foreign === undefined) {
			looked.set(name, one);
		} else {
			kept.push({id: name, reason: 'foreign', foreign: one.foreign});
		}
	}
	const decision = sessionsToPrune(
		[...looked.values()].map(l => l.facts),
		{now: options.now, olderThanMs: options.olderThanMs, staleMs},
	);
	for (const k of decision.keep) {
		kept.push(k.agentId === undefined ? {id: k.session.id, reason: k.reason} : {id: k.session.id, reason: k.reason, agentId: k.agentId});
	}
	for (const session of decision.remove) {
		const entry = {id: session.id, bytes: session.bytes, lastEventAt: new Date(session.lastEventMs ?? 0).toISOString()};
		if (options.dryRun) {
			removed.push(entry);
			continue;
		}
		const sessionDir = join(activity, session.id);
		options.beforeRemove?.(session.id);
		if (!unchanged(sessionDir, looked.get(session.id)!)) {
			kept.push({id: session.id, reason: 'changed'});
			continue;
		}
		const aside = join(activity, `${PRUNING_PREFIX}${session.id}.${process.pid}.${++pruneCounter}`);
		try {
			// rename moves the folder itself (never a link's target); only then is it removed.
			renameSync(sessionDir, aside);
		} catch (error) {
			errors.push({id: session.id, error: `cannot be moved aside: ${codeOf(error) ?? String(error)}`});
			continue;
		}
		options.afterMoveAside?.(aside);
		const {ino, dev} = looked.get(session.id)!.dir;
		let foreign: string[];
		try {
			requireSameFolder(aside, ino, dev);
			foreign = foreignSessionEntries(entriesOf(aside));
		} catch (error) {
			errors.push({
				id: session.id,
				error:
					error instanceof SwappedError
						? `was replaced by something else while it was being pruned; nothing was removed (it is ${aside})`
						: `cannot be listed: ${codeOf(error) ?? String(error)} (it is ${aside})`,
			});
			continue;
		}
		if (foreign.length > 0) {
			// Something agentlog did not write came in between: the folder goes back, untouched.
			try {
				renameSync(aside, sessionDir);
				kept.push({id: session.id, reason: 'foreign', foreign});
			} catch (error) {
				errors.push({
					id: session.id,
					error: `holds files agentlog did not write (${describeForeign(foreign)}); left as ${aside} (${codeOf(error) ?? String(error)})`,
				});
			}
			continue;
		}
		try {
			removeOwnFolder(aside, ino, dev);
		} catch (error) {
			const why = error instanceof SwappedError ? 'replaced by something else meanwhile' : (codeOf(error) ?? String(error));
			errors.push({id: session.id, error: `removed in part: ${why} (the rest is ${aside})`});
			continue;
		}
		removed.push(entry);
	}
	return {removed, kept, errors};
}

export interface DailyPruneOptions {
	/** The retention (default: `AGENTLOG_RETENTION` of `env`, else 30 days). */
	readonly olderThanMs?: number;
	/** Where `AGENTLOG_RETENTION` is read (default `process.env`). */
	readonly env?: Readonly<Record<string, string | undefined>>;
	readonly staleMs?: number;
	/** The tools' own folders, never pruned (default: from `env`, its HOME, else the user's home). */
	readonly homes?: ToolHomes;
}

/**
 * The retention pass once claimed (`claimDailyPrune`): prunes as `agentlog prune` would, with
 * `AGENTLOG_RETENTION` (an invalid one is logged and the default used). Never throws; what was
 * removed and any problem go to `log`.
 */
export function runDailyPrune(activity: string, now: number, log: (message: string) => void, options: DailyPruneOptions = {}): PruneResult | undefined {
	const env = options.env ?? process.env;
	const homes = options.homes ?? toolHomesFrom(env, env.HOME || requireBuiltin<{homedir(): string}>('node:os').homedir());
	try {
		let olderThanMs = options.olderThanMs;
		if (olderThanMs === undefined) {
			const retention = retentionFrom(env);
			if (retention.warning !== undefined) {
				log(retention.warning);
			}
			olderThanMs = retention.ms;
		}
		const result = pruneSessions(activity, {now, olderThanMs, staleMs: options.staleMs, homes});
		if (result.removed.length > 0) {
			const bytes = result.removed.reduce((sum, r) => sum + r.bytes, 0);
			log(`daily prune: removed ${result.removed.length} session(s) older than ${formatRetention(olderThanMs)} (${bytes} bytes)`);
		}
		for (const e of result.errors) {
			log(`daily prune: session ${e.id} ${e.error}`);
		}
		return result;
	} catch (error) {
		if (error instanceof ToolFolderError) {
			// Once a day (the stamp), one line: the hook records events there all the same.
			log(`daily prune: refused: ${error.message}; nothing was removed. ${capitalised(toolFolderFix(homes))}`);
			return undefined;
		}
		log(`daily prune: ${codeOf(error) ?? (error instanceof Error ? error.message : String(error))}`);
		return undefined;
	}
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The hook's retention: prunes at most once a day (`claimDailyPrune`, then `runDailyPrune`). On
 * other days this is one lstat. The result when this call pruned, else undefined. Never throws.
 */
export function pruneOnceADay(activity: string, now: number, log: (message: string) => void, options: DailyPruneOptions = {}): PruneResult | undefined {
	let claimed: boolean;
	try {
		claimed = claimDailyPrune(activity, now);
	} catch (error) {
		log(`daily prune: ${codeOf(error) ?? (error instanceof Error ? error.message : String(error))}`);
		return undefined;
	}
	return claimed ? runDailyPrune(activity, now, log, options) : undefined;
}
