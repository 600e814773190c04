// `agentlog import`, reading one transcript: in chunks through the monitor's own summary
// (`foldLines`), memory one chunk plus the longest line (a line over MAX_TRANSCRIPT_LINE is
// skipped) plus the summary's bounded state; its `.meta.json`; and the parent transcripts that
// name its task, each scanned once per run. Regular files only (openRegularFile).
import {closeSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {parseMeta} from '../../core/transcript/meta.js';
import type {AgentMeta} from '../../core/transcript/agent-activity.js';
import {ParentIndex} from '../../core/transcript/parent-index.js';
import {LaunchIndex, type Launch} from '../../core/transcript/launches.js';
import {EMPTY_SUMMARY, foldLines, type TranscriptSummary} from '../../core/transcript/summary.js';
import {openRegularFile, readRegularText} from '../fs/safe-file.js';
import {readLineChunksSync} from '../transcripts/files.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {MAX_PARENT_LINE} from '../transcripts/parent-scan.js';

/** Bytes read at a time. */
export const IMPORT_CHUNK_BYTES = 1024 * 1024;
/** A transcript line longer than this is skipped (a huge tool result), never held. */
export const MAX_TRANSCRIPT_LINE = 64 * 1024 * 1024;
const MAX_META_BYTES = 1024 * 1024;

/** The first `timestamp` of complete lines (only lines up to the first that has one are parsed). */
function firstTimestamp(lines: readonly string[]): string | undefined {
	for (const text of lines) {
		if (!text.includes('"timestamp"')) {
			continue;
		}
		try {
			const json: unknown = JSON.parse(text);
			const at = typeof json === 'object' && json !== null ? (json as {timestamp?: unknown}).timestamp : undefined;
			if (typeof at === 'string' && !Number.isNaN(Date.parse(at))) {
				return at;
			}
		} catch {
			// A bad line: the next.
		}
	}
	return undefined;
}

export interface TranscriptRead {
	readonly summary: TranscriptSummary;
	readonly firstAt: string | undefined;
	/** The working folder of the first line that names one (a summary or snapshot line before it names none). */
	readonly cwd: string | undefined;
}

/** Lines of a chunk looked at for a working folder: the first lines name it, or none does. */
const CWD_LINES = 64;

/** The `cwd` the first of `lines` that has one names (only the first CWD_LINES lines are looked at). */
function firstCwd(lines: readonly string[]): string | undefined {
	for (const line of lines.slice(0, CWD_LINES)) {
		const m = /"cwd":"((?:[^"\\]|\\.)*)"/u.exec(line);
		if (m) {
			try {
				return JSON.parse(`"${m[1]}"`) as string;
			} catch {
				// Not a string after all.
			}
		}
	}
	return undefined;
}

/**
 * Reads a whole transcript in chunks into the monitor's summary, with its first timestamp. A
 * last line without its newline (being written) is left out. Undefined when it is not a regular
 * file (a symlink is not followed) or cannot be read.
 */
export function readTranscript(
	file: string,
	chunkBytes = IMPORT_CHUNK_BYTES,
	onChunk?: (bytes: number) => void,
	onLines?: (bytes: Uint8Array) => void,
): TranscriptRead | undefined {
	const opened = openRegularFile(file, false);
	if (!opened.ok) {
		return undefined;
	}
	let summary = EMPTY_SUMMARY;
	let firstAt: string | undefined;
	let cwd: string | undefined;
	const decoder = new TextDecoder();
	try {
		readLineChunksSync(
			opened.fd,
			0,
			opened.stats.size,
			bytes => {
				const lines = decoder.decode(bytes.subarray(0, bytes.length - 1)).split('\n');
				firstAt ??= firstTimestamp(lines);
				cwd ??= firstCwd(lines);
				summary = foldLines(summary, lines);
				onLines?.(bytes);
				onChunk?.(bytes.length);
			},
			{chunkBytes, maxLine: MAX_TRANSCRIPT_LINE},
		);
	} catch {
		if (summary.lines === 0) {
			return undefined;
		}
	} finally {
		closeSync(opened.fd);
	}
	return {summary, firstAt, cwd};
}

export function readMeta(transcript: string): AgentMeta | undefined {
	const read = readRegularText(transcript.replace(/\.jsonl$/u, '.meta.json'), {maxBytes: MAX_META_BYTES});
	if (!read.ok) {
		return undefined;
	}
	try {
		return parseMeta(JSON.parse(read.text));
	} catch {
		return undefined;
	}
}

/** Parent transcripts scanned once per run (the session's main one, a parent agent's). */
export class Parents {
	private readonly indexes = new Map<string, ParentIndex>();

	lookup(file: string, agentId: string, toolUseId: string | undefined): ReturnType<ParentIndex['lookup']> {
		let index = this.indexes.get(file);
		if (!index) {
			const created = new ParentIndex();
			index = created;
			this.indexes.set(file, created);
			scanInto(file, bytes => created.addBytes(bytes));
		}
		return index.lookup(agentId, toolUseId);
	}
}

/** One transcript's lines fed to an index, chunk by chunk (a line over MAX_PARENT_LINE is skipped). Regular files only. */
function scanInto(file: string, addBytes: (bytes: Uint8Array) => void): void {
	const opened = openRegularFile(file, false);
	if (!opened.ok) {
		return;
	}
	try {
		readLineChunksSync(opened.fd, 0, opened.stats.size, addBytes, {chunkBytes: IMPORT_CHUNK_BYTES, maxLine: MAX_PARENT_LINE});
	} catch {
		// What was read is kept.
	} finally {
		closeSync(opened.fd);
	}
}

/** A nested agent's parent, as its parent's own transcript tells it: who launched it, and the call's words. */
export interface LaunchedBy extends Launch {
	readonly parentAgentId: string;
}

/**
 * The agents each subagent of one session launched, from the subagents' own transcripts (a
 * nested agent's parent is named nowhere else when its `.meta.json` is gone or says nothing).
 * The transcripts the import reads feed it as they are read (`feed`); the session's other
 * transcripts (already imported, or recorded by the hook) are scanned only when a parent is still
 * not found, once.
 */
export class SessionLaunches {
	private readonly indexes = new Map<string, LaunchIndex>();
	private othersScanned = false;

	constructor(private readonly subagents: string) {}

	/** Complete lines of the transcript of `agentId`, as the import reads them. */
	feed(agentId: string, bytes: Uint8Array): void {
		let index = this.indexes.get(agentId);
		if (index === undefined) {
			index = new LaunchIndex();
			this.indexes.set(agentId, index);
		}
		index.addBytes(bytes);
	}

	/** Who launched `agentId`: the result naming it, else the call `toolUseId` (from `.meta.json`). */
	lookup(agentId: string, toolUseId: string | undefined): LaunchedBy | undefined {
		const found = this.find(agentId, toolUseId);
		if (found !== undefined || this.othersScanned) {
			return found;
		}
		this.othersScanned = true;
		let names: string[] = [];
		try {
			names = readdirSync(this.subagents);
		} catch {
			// No folder: no other transcripts.
		}
		for (const name of names.sort()) {
			const id = /^agent-(.+)\.jsonl$/u.exec(name)?.[1];
			if (id !== undefined && isSafeId(id) && !this.indexes.has(id)) {
				const index = new LaunchIndex();
				scanInto(path.join(this.subagents, name), bytes => index.addBytes(bytes));
				this.indexes.set(id, index);
			}
		}
		return this.find(agentId, toolUseId);
	}

	private find(agentId: string, toolUseId: string | undefined): LaunchedBy | undefined {
		for (const [parentAgentId, index] of this.indexes) {
			const launch = parentAgentId === agentId ? undefined : index.launchOf(agentId);
			if (launch !== undefined) {
				return {parentAgentId, ...launch};
			}
		}
		if (toolUseId === undefined) {
			return undefined;
		}
		for (const [parentAgentId, index] of this.indexes) {
			if (parentAgentId !== agentId && index.madeCall(toolUseId)) {
				return {parentAgentId, toolUseId, description: undefined, subagentType: undefined};
			}
		}
		return undefined;
	}
}
