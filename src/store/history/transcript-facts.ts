// What the past keeps of each agent's transcript (core/history/with-transcript.ts): its tally
// (tokens and tool calls per segment, model, last line time) and its `.meta.json`, read once and
// kept in a cache in the state folder, one small file per session
// (`<state>/agentlog/transcript-facts/<session>.json`), keyed by the transcript's real path,
// inode, size and write time. A query reads a transcript again only when it is new or changed; a
// session's file is loaded while that session is folded, so memory holds one session's facts at a
// time; a transcript that is gone later still leaves what was kept of it. The cache is best
// effort: missing, corrupt or unwritable, every transcript is read again, and the answer is the
// same (tested). Transcripts are opened only under `<claude>/projects` (TranscriptRoots), Codex
// rollouts only under `<codex>/sessions` (read as store/codex/rollouts.ts reads them), opencode's
// database only under its data folder (store/opencode/opencode-db.ts), as regular files. Each
// response is priced as it is counted, with the process's prices (the user's file included): the
// cache names them, and a cache made with other prices is read again.
import {closeSync, mkdirSync, readdirSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {claudeDir, codexHomeDir, geminiHomeDir, transcriptFactsDir} from '../../core/paths.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {isObject} from '../../core/record/json.js';
import type {AgentHistory} from '../../core/history/fold.js';
import type {KeptFacts, KeptMeta} from '../../core/history/with-transcript.js';
import {entryRow, keptMeta, parseRow, type Entry} from './transcript-fact-rows.js';
import {TallyFold, type TranscriptTally} from '../../core/transcript/tally.js';
import type {Pricer} from '../../core/cost/cost.js';
import {readRolloutTally} from '../codex/rollouts.js';
import {geminiTmpDir, readGeminiTally} from '../gemini/gemini-files.js';
import {opencodeDataDir, opencodeDbStamp, readOpencodeTally} from '../opencode/opencode-db.js';
import {prices} from '../cost/prices.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {removeFile} from '../fs/errors.js';
import {openRegularFile, readRegularText} from '../fs/safe-file.js';
import {metaPath, readLineChunksSync} from '../transcripts/files.js';
import {findWorkflowTranscript, TranscriptRoots} from '../transcripts/transcript-paths.js';

const VERSION = 5;
/** A session's cache file holds a few hundred bytes per agent; a larger one is not ours. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
/** A `.meta.json` is a few hundred bytes. */
const MAX_META_BYTES = 1024 * 1024;

export interface TranscriptFactsOptions {
	/** `<claude>`: transcripts are opened only under `<claude>/projects/`. */
	readonly claudeDir: string;
	/** More folders transcripts may be read from. */
	readonly roots?: readonly string[];
	/** The cache folder (core/paths.ts transcriptFactsDir); without it every transcript is read on every query. */
	readonly cacheDir?: string;
	/** What responses are priced with (default: the process's prices, core/cost and the user's file). */
	readonly pricer?: Pricer;
	/** `$CODEX_HOME`: a Codex agent's rollout is read from under its `sessions/` (store/codex/rollouts.ts). */
	readonly codexHome?: string;
	/** Gemini CLI's folder: a Gemini agent's own file is read from under its `tmp/` (store/gemini/gemini-files.ts). */
	readonly geminiHome?: string;
	/** opencode's data folder: an opencode agent's rows are read from its database there (store/opencode/opencode-db.ts). */
	readonly opencodeDataDir?: string;
}

/** A session's file in a per-session cache folder (`<dir>/<session>.json`); undefined for an id that is not safe. */
export function cacheFileOf(cacheDir: string, sessionId: string): string | undefined {
	return isSafeId(sessionId) ? path.join(cacheDir, `${sessionId}.json`) : undefined;
}

function loadCache(file: string | undefined, pricesKey: string): Map<string, Entry> {
	const out = new Map<string, Entry>();
	if (file === undefined) {
		return out;
	}
	const read = readRegularText(file, {maxBytes: MAX_CACHE_BYTES});
	if (!read.ok) {
		return out;
	}
	try {
		const json: unknown = JSON.parse(read.text);
		if (!isObject(json) || json.v !== VERSION || json.prices !== pricesKey || !Array.isArray(json.agents)) {
			return out;
		}
		for (const row of json.agents as unknown[]) {
			const entry = parseRow(row);
			const agentId: unknown = entry === undefined ? undefined : (row as unknown[])[0];
			if (entry !== undefined && typeof agentId === 'string' && isSafeId(agentId)) {
				out.set(agentId, entry);
			}
		}
	} catch {
		// A corrupt cache is no cache.
	}
	return out;
}

/** Claude Code's folder name for a working folder under `projects/`: every character but letters and digits as `-`. */
export function projectFolderOf(cwd: string): string {
	return cwd.replace(/[^A-Za-z0-9]/gu, '-');
}

/** Reads a transcript whole, in chunks (memory: one chunk and the longest line), into a tally. */
function tallyOf(fd: number, size: number, pricer: Pricer): TranscriptTally {
	const fold = new TallyFold(pricer);
	const decoder = new TextDecoder();
	readLineChunksSync(fd, 0, size, bytes => {
		fold.addLines(decoder.decode(bytes.subarray(0, bytes.length - 1)).split('\n'));
	});
	return fold.result();
}

function metaOf(transcript: string): KeptMeta | undefined {
	const read = readRegularText(metaPath(transcript), {maxBytes: MAX_META_BYTES});
	if (!read.ok) {
		return undefined;
	}
	try {
		return keptMeta(JSON.parse(read.text));
	} catch {
		return undefined;
	}
}

/** Whether the file at `file` is still the one an entry was read from: a regular file of the same inode, size and write time. */
function unchanged(file: string, entry: Entry): boolean {
	try {
		const st = statSync(file);
		return st.isFile() && st.ino === entry.ino && st.size === entry.size && st.mtimeMs === entry.mtimeMs;
	} catch {
		return false;
	}
}

/** The facts kept of one session's agents: loaded from its cache file, read from the transcripts that changed, saved once. */
export class SessionTranscriptFacts {
	private readonly file: string | undefined;
	private readonly cached: Map<string, Entry>;
	private readonly pricer: Pricer;
	private readonly fresh = new Map<string, Entry>();
	private changed = false;

	constructor(
		private readonly sessionId: string,
		private readonly roots: TranscriptRoots,
		private readonly options: TranscriptFactsOptions,
	) {
		this.file = options.cacheDir === undefined ? undefined : cacheFileOf(options.cacheDir, sessionId);
		this.pricer = options.pricer ?? prices();
		this.cached = loadCache(this.file, this.pricer.key);
	}

	/** Where the agent's transcript may be: the path the log names, else where Claude Code puts it for the folder it ran in. */
	private candidates(h: AgentHistory): string[] {
		const candidates: string[] = [];
		if (h.transcriptPath !== undefined) {
			candidates.push(h.transcriptPath);
		}
		if (h.provider === 'claude' && h.cwd !== undefined && path.isAbsolute(h.cwd) && isSafeId(h.sessionId) && isSafeId(h.agentId)) {
			const claude = this.options.claudeDir;
			if (claude !== undefined) {
				candidates.push(path.join(claude, 'projects', projectFolderOf(h.cwd), h.sessionId, 'subagents', `agent-${h.agentId}.jsonl`));
			}
		}
		return candidates;
	}

	/** The transcript's real path, when it is there and allowed (`named`: the candidate it was found by). */
	private locate(candidates: readonly string[]): {readonly named: string; readonly path: string} | undefined {
		for (const candidate of candidates) {
			const direct = this.roots.resolve(candidate);
			if (direct.ok) {
				return {named: candidate, path: direct.path};
			}
			if (direct.reason === 'missing') {
				const workflow = findWorkflowTranscript(candidate);
				const found = workflow === undefined ? undefined : this.roots.resolve(workflow);
				if (found?.ok) {
					return {named: candidate, path: found.path};
				}
			}
		}
		return undefined;
	}

	/** What is known of the agent's transcript: read now when new or changed, else as kept; undefined when never read. */
	factsOf(h: AgentHistory): KeptFacts | undefined {
		if (!isSafeId(h.agentId)) {
			return undefined;
		}
		const kept = this.cached.get(h.agentId);
		const entry = this.read(h, kept) ?? kept;
		if (entry === undefined) {
			return undefined;
		}
		if (entry !== kept) {
			this.changed = true;
		}
		this.fresh.set(h.agentId, entry);
		return {...(entry.tally === undefined ? {} : {tally: entry.tally}), ...(entry.meta === undefined ? {} : {meta: entry.meta})};
	}

	private read(h: AgentHistory, kept: Entry | undefined): Entry | undefined {
		const candidates = this.candidates(h);
		if (kept?.named !== undefined && candidates[0] === kept.named && unchanged(kept.path, kept)) {
			// The path named before, and the file it led to still the same (its inode too): nothing to
			// resolve or read, and nothing to save (a workflow agent's named path is not where its file is).
			return kept;
		}
		const found = this.locate(candidates);
		if (found === undefined) {
			return undefined;
		}
		const file = found.path;
		if (h.provider === 'opencode') {
			// Its "transcript" is a database shared by every session: its version is the database's with its log's.
			const stamp = opencodeDbStamp(file);
			if (kept !== undefined && kept.path === file && stamp?.ino === kept.ino && stamp.size === kept.size && stamp.mtimeMs === kept.mtimeMs) {
				return kept.named === found.named ? kept : {...kept, named: found.named};
			}
			const read = readOpencodeTally(file, h.agentId, this.pricer);
			return read === undefined ? undefined : {named: found.named, path: file, ...read, meta: undefined};
		}
		if (kept !== undefined && kept.path === file && unchanged(file, kept)) {
			return kept.named === found.named ? kept : {...kept, named: found.named};
		}
		if (h.provider === 'codex') {
			const read = readRolloutTally(file, this.pricer);
			return read === undefined ? undefined : {named: found.named, path: file, ...read, meta: undefined};
		}
		if (h.provider === 'gemini') {
			const read = readGeminiTally(file, this.pricer);
			return read === undefined ? undefined : {named: found.named, path: file, ...read, meta: undefined};
		}
		const opened = openRegularFile(file, false);
		if (!opened.ok) {
			return undefined;
		}
		try {
			const {ino, size, mtimeMs} = opened.stats;
			const tally = tallyOf(opened.fd, size, this.pricer);
			const meta = metaOf(file);
			return {named: found.named, path: file, ino, size, mtimeMs, tally, meta};
		} catch {
			return undefined;
		} finally {
			closeSync(opened.fd);
		}
	}

	/**
	 * Writes the session's cache file when something new was read: the agents met this time, and
	 * the ones kept before that were not met (a query of a few agents forgets none).
	 */
	save(): void {
		if (this.file === undefined || !this.changed) {
			return;
		}
		const kept = new Map(this.cached);
		for (const [id, entry] of this.fresh) {
			kept.set(id, entry);
		}
		const agents = [...kept].map(([id, entry]) => entryRow(id, entry));
		try {
			mkdirSync(path.dirname(this.file), {recursive: true, mode: 0o700});
			writeAtomic(this.file, JSON.stringify({v: VERSION, prices: this.pricer.key, session: this.sessionId, agents}));
		} catch {
			// Best effort: the next query reads the transcripts again.
		}
	}
}

/** Removes from a per-session cache folder the files of sessions not in `sessionIds` (pruned: their history is gone). */
export function sweepSessionFiles(dir: string, sessionIds: ReadonlySet<string>): void {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return;
	}
	for (const name of names) {
		if (name.endsWith('.json') && !sessionIds.has(name.slice(0, -'.json'.length))) {
			try {
				removeFile(path.join(dir, name));
			} catch {
				// Best effort: a file left is only a few bytes.
			}
		}
	}
}

/** The transcript facts of every session a reader folds, one session at a time. */
export class TranscriptFacts {
	private readonly roots: TranscriptRoots;
	private readonly options: TranscriptFactsOptions;

	constructor(options: TranscriptFactsOptions) {
		const claude = options.claudeDir;
		this.options = options;
		const codex = options.codexHome === undefined ? [] : [path.join(options.codexHome, 'sessions')];
		const gemini = options.geminiHome === undefined ? [] : [geminiTmpDir(options.geminiHome)];
		const opencode = options.opencodeDataDir === undefined ? [] : [options.opencodeDataDir];
		this.roots = new TranscriptRoots(claude, [...(options.roots ?? []), ...codex, ...gemini, ...opencode]);
	}

	session(sessionId: string): SessionTranscriptFacts {
		return new SessionTranscriptFacts(sessionId, this.roots, this.options);
	}

	/** Removes the cache files of sessions no longer in the activity folder (pruned): their history is gone. */
	sweep(sessionIds: ReadonlySet<string>): void {
		if (this.options.cacheDir !== undefined) {
			sweepSessionFiles(this.options.cacheDir, sessionIds);
		}
	}
}

/** The facts of the user's transcripts: `<claude>` and the state folder as the environment says (the same as app/env.ts). */
export function defaultTranscriptFacts(vars: NodeJS.ProcessEnv): TranscriptFacts {
	const home = vars.HOME || os.homedir();
	return new TranscriptFacts({
		claudeDir: claudeDir(vars, home),
		cacheDir: transcriptFactsDir(vars, home),
		codexHome: codexHomeDir(vars, home),
		geminiHome: geminiHomeDir(vars, home),
		opencodeDataDir: opencodeDataDir(vars, home),
	});
}
