// Gemini CLI's session files on disk: `<gemini>/tmp/<projectId>/chats/session-*.jsonl` (a main
// session) and `chats/<parentSessionId>/<agentId>.jsonl` (its subagents). Listed without following a
// link or opening anything but regular files; read in chunks up to their size, complete lines only,
// a line over the bound skipped without being held; read again from where the last read stopped (a
// growing file is folded once).
import {closeSync, lstatSync, readdirSync, readSync, type Dirent, type Stats} from 'node:fs';
import path from 'node:path';
import {EMPTY_CHAT, foldGeminiChat, type GeminiChat} from '../../core/gemini/chat.js';
import {geminiTally} from '../../core/gemini/gemini-agent.js';
import type {Pricer} from '../../core/cost/cost.js';
import type {TranscriptTally} from '../../core/transcript/tally.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {openRegularFile} from '../fs/safe-file.js';
import {readLineChunksSync} from '../transcripts/files.js';

/** A line longer than this is skipped (a message with a large tool result; the CLI's own are KBs). */
export const MAX_GEMINI_LINE_BYTES = 8 * 1024 * 1024;
/** Folders looked at per level (projects, sessions with subagents, files in one): a bound on a huge or hostile tree. */
const MAX_ENTRIES = 10_000;

export interface GeminiFile {
	readonly path: string;
	readonly size: number;
	readonly mtimeMs: number;
	readonly ino: number;
}

/** A session's files as listed: its main file(s) and its subagents' files. */
export interface GeminiSessionFiles {
	/** The main session's id (the subagents' folder name). */
	readonly sessionId: string;
	/** The `session-*-<first 8 of id>.jsonl` files beside the folder (usually one). */
	readonly mains: readonly GeminiFile[];
	readonly children: readonly GeminiFile[];
	/** The newest mtime of its files (ms). */
	readonly lastActivity: number;
}

export interface GeminiListing {
	/** Sessions with at least one subagent file, newest first. */
	readonly sessions: readonly GeminiSessionFiles[];
	/** Entries named like session files that are not regular files (FIFOs, folders, links): skipped. */
	readonly skipped: number;
}

function entries(dir: string): Dirent[] {
	try {
		return readdirSync(dir, {withFileTypes: true}).slice(0, MAX_ENTRIES);
	} catch {
		return [];
	}
}

function fileOf(file: string): GeminiFile | 'not-regular' | undefined {
	let st: Stats;
	try {
		st = lstatSync(file);
	} catch {
		return undefined;
	}
	return st.isFile() ? {path: file, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino} : 'not-regular';
}

/** `<gemini>/tmp`: where Gemini CLI keeps its projects' chats. */
export const geminiTmpDir = (geminiHome: string): string => path.join(geminiHome, 'tmp');

/**
 * Every session with a subagent under `<geminiHome>/tmp/*\/chats/`, newest first. `sinceMs`: only
 * sessions with a file written since then (the live window).
 */
export function listGeminiSessions(geminiHome: string, options: {readonly sinceMs?: number} = {}): GeminiListing {
	const out: GeminiSessionFiles[] = [];
	let skipped = 0;
	const tmp = geminiTmpDir(geminiHome);
	for (const project of entries(tmp)) {
		if (!project.isDirectory()) {
			continue;
		}
		const chats = path.join(tmp, project.name, 'chats');
		const inChats = entries(chats);
		const mainsById = new Map<string, GeminiFile[]>();
		for (const e of inChats) {
			if (!/^session-.+\.jsonl$/.test(e.name)) {
				continue;
			}
			const f = fileOf(path.join(chats, e.name));
			if (f === 'not-regular') {
				skipped += 1;
			} else if (f !== undefined) {
				const short = /-([^-]{1,8})\.jsonl$/.exec(e.name)?.[1] ?? '';
				const list = mainsById.get(short) ?? [];
				list.push(f);
				mainsById.set(short, list);
			}
		}
		for (const e of inChats) {
			if (!e.isDirectory() || !isSafeId(e.name)) {
				continue;
			}
			const dir = path.join(chats, e.name);
			const children: GeminiFile[] = [];
			for (const c of entries(dir)) {
				if (!c.name.endsWith('.jsonl')) {
					continue;
				}
				const f = fileOf(path.join(dir, c.name));
				if (f === 'not-regular') {
					skipped += 1;
				} else if (f !== undefined) {
					children.push(f);
				}
			}
			if (children.length === 0) {
				continue;
			}
			const mains = mainsById.get(e.name.slice(0, 8)) ?? [];
			const lastActivity = Math.max(...children.map(f => f.mtimeMs), ...mains.map(f => f.mtimeMs));
			if (options.sinceMs !== undefined && lastActivity < options.sinceMs) {
				continue;
			}
			out.push({sessionId: e.name, mains, children, lastActivity});
		}
	}
	out.sort((a, b) => b.lastActivity - a.lastActivity);
	return {sessions: out, skipped};
}

/** A file folded so far, and where the next read starts. */
export interface GeminiRead {
	readonly chat: GeminiChat;
	readonly ino: number;
	/** Bytes folded (complete lines). */
	readonly offset: number;
	/** True when the read stopped inside a line over the bound, which the next read skips. */
	readonly skipping: boolean;
	readonly size: number;
	readonly mtimeMs: number;
	/** The last bytes before `offset` (base64): a file rewritten in place no longer has them there, and is read from its start. */
	readonly tail: string;
}

const TAIL_BYTES = 64;

function tailAt(fd: number, offset: number): string {
	const from = Math.max(0, offset - TAIL_BYTES);
	const buf = Buffer.alloc(offset - from);
	const n = buf.length === 0 ? 0 : readSync(fd, buf, 0, buf.length, from);
	return buf.subarray(0, n).toString('base64');
}

/**
 * Folds a file from where `previous` stopped (the same file: same inode, not shorter, the same
 * bytes there), else from its start. A FIFO, folder or link is never opened: `{problem}`.
 */
export function readGeminiFile(file: string, previous?: GeminiRead): GeminiRead | {readonly problem: string} {
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return {problem: opened.message};
	}
	try {
		const {ino, size, mtimeMs} = opened.stats;
		if (previous !== undefined && previous.ino === ino && previous.size === size && previous.mtimeMs === mtimeMs) {
			return previous;
		}
		const resume = previous !== undefined && previous.ino === ino && previous.offset <= size && previous.tail === tailAt(opened.fd, previous.offset);
		let chat = resume ? previous.chat : EMPTY_CHAT;
		const from = resume ? previous.offset : 0;
		const decoder = new TextDecoder();
		const read = readLineChunksSync(
			opened.fd,
			from,
			size,
			bytes => {
				chat = foldGeminiChat(chat, decoder.decode(bytes.subarray(0, bytes.length - 1)).split('\n'));
			},
			{maxLine: MAX_GEMINI_LINE_BYTES, skipping: resume ? previous.skipping : false},
		);
		return {chat, ino, offset: read.position, skipping: read.skipping, size, mtimeMs, tail: tailAt(opened.fd, read.position)};
	} catch (error) {
		return {problem: error instanceof Error ? error.message : String(error)};
	} finally {
		closeSync(opened.fd);
	}
}

/** A subagent's file read whole, its requests priced by `pricer`, as the history keeps a transcript; undefined when it cannot be read. */
export function readGeminiTally(
	file: string,
	pricer: Pricer,
): {readonly ino: number; readonly size: number; readonly mtimeMs: number; readonly tally: TranscriptTally} | undefined {
	const read = readGeminiFile(file);
	if ('problem' in read || read.chat.meta?.kind !== 'subagent') {
		return undefined;
	}
	return {ino: read.ino, size: read.size, mtimeMs: read.mtimeMs, tally: geminiTally(read.chat, pricer)};
}
