// Whether the main session of a session waits for the user: `.main-waiting.json`, which
// the hook writes on a PermissionRequest without an agent, and the newest line of the main
// transcript (a line stamped after the request means it works again). Regular files only, bounded
// reads; the transcript only under the allowed folders.
import {closeSync} from 'node:fs';
import path from 'node:path';
import {isObject, str} from '../../core/record/json.js';
import {MAIN_WAITING_NAME} from '../../core/record/file-names.js';
import {mainWaitingOf, type MainAsk, type Waiting} from '../../core/monitor/waiting.js';
import {safeLine} from '../../core/text/safe-text.js';
import {openRegularFile, readRegularText} from '../fs/safe-file.js';
import type {TranscriptRoots} from '../transcripts/transcript-paths.js';
import {readFull} from '../fs/read-full.js';

const MARKER_BYTES = 64 * 1024;
/** How much of a transcript's end is read to find its last line. */
const TAIL_BYTES = 256 * 1024;

/** The session's main-session request, when there is one (display-safe). */
export function readMainAsk(sessionDir: string): MainAsk | undefined {
	const read = readRegularText(path.join(sessionDir, MAIN_WAITING_NAME), {maxBytes: MARKER_BYTES});
	if (!read.ok) {
		return undefined;
	}
	try {
		const json: unknown = JSON.parse(read.text);
		if (!isObject(json)) {
			return undefined;
		}
		const since = str(json.since);
		if (since === undefined || Number.isNaN(Date.parse(since))) {
			return undefined;
		}
		const transcriptPath = str(json.transcriptPath);
		return {since, waitingFor: safeLine(str(json.waitingFor) ?? 'input'), ...(transcriptPath === undefined ? {} : {transcriptPath})};
	} catch {
		return undefined;
	}
}

/** The time (ms) of a transcript's newest complete line, from its last 256 KiB; undefined when not found or not allowed. */
export function lastLineAt(transcript: string, roots: TranscriptRoots): number | undefined {
	const resolved = roots.resolve(transcript);
	if (!resolved.ok) {
		return undefined;
	}
	const opened = openRegularFile(resolved.path, false);
	if (!opened.ok) {
		return undefined;
	}
	try {
		const size = opened.stats.size;
		const start = Math.max(0, size - TAIL_BYTES);
		const buf = Buffer.allocUnsafe(size - start);
		const got = readFull(opened.fd, buf, start);
		const lines = buf.subarray(0, got).toString('utf8').split('\n');
		// The last element is what follows the last newline (a line being written): not complete.
		for (let i = lines.length - 2; i >= 0 && i >= lines.length - 50; i--) {
			try {
				const line: unknown = JSON.parse(lines[i]!);
				const at = isObject(line) ? Date.parse(str(line.timestamp) ?? '') : Number.NaN;
				if (!Number.isNaN(at)) {
					return at;
				}
			} catch {
				// The first line of the tail may be cut: look further up.
			}
		}
		return undefined;
	} finally {
		closeSync(opened.fd);
	}
}

/** The main session's waiting in `sessionDir` now, by the waiting rule. */
export function readMainWaiting(sessionDir: string, roots: TranscriptRoots): Waiting | undefined {
	const ask = readMainAsk(sessionDir);
	return mainWaitingOf(ask, ask?.transcriptPath === undefined ? undefined : lastLineAt(ask.transcriptPath, roots));
}
