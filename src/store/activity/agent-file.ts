// One agent file read: `<activity>/<session>/<agentId>.json`, for the hook (which merges an event
// into it) and for every reader (ls, watch, sessions, the daily prune). Only a regular file, never
// through a link, never more than MAX_AGENT_FILE_BYTES; a missing, unreadable, oversized or
// invalid file is a value, never a throw. Node built-ins only: the hook bundles this.
import type {Stats} from 'node:fs';
import {parseAgentRecord, type AgentRecord} from '../../core/record/agent-record.js';
import {readRegularText} from '../fs/safe-file.js';
import type {SafeReadFailure} from '../fs/safe-file.js';

/**
 * An agent file larger than this is not read. The hook writes every agent file from one payload
 * of at most 32 MiB of stdin (over it, the message is cut), and the record is that payload's
 * fields written back as JSON: escapes in the payload stay escapes, so a record stays near the
 * payload's size. Twice the stdin limit leaves room for the rest of the record, and bounds what
 * any reader holds in memory for one file.
 */
export const MAX_AGENT_FILE_BYTES = 64 * 1024 * 1024;

export type AgentFileRead =
	| {readonly ok: true; readonly record: AgentRecord; readonly mtimeMs: number; readonly stats: Stats}
	| {
			readonly ok: false;
			/** The read's failure, or the text's: `empty` and `not-json` (JSON.parse refused it), `invalid` (not an agent record). */
			readonly reason: SafeReadFailure | 'empty' | 'not-json' | 'invalid';
			/** Why, without the file's name: the read's message, or the record's problem. */
			readonly message: string;
	  };

/** The agent record in `file`, exactly as parsed (not yet made safe for a terminal: `displayRecord`). */
export function readAgentRecord(file: string): AgentFileRead {
	const read = readRegularText(file, {maxBytes: MAX_AGENT_FILE_BYTES});
	if (!read.ok) {
		return read;
	}
	let json: unknown;
	try {
		json = JSON.parse(read.text);
	} catch {
		return read.text.trim() === '' ? {ok: false, reason: 'empty', message: 'empty file'} : {ok: false, reason: 'not-json', message: 'not valid JSON'};
	}
	const parsed = parseAgentRecord(json);
	return parsed.ok ? {ok: true, record: parsed.value, mtimeMs: read.mtimeMs, stats: read.stats} : {ok: false, reason: 'invalid', message: parsed.error};
}
