// What the hook left behind, for `agentlog doctor`: the newest time of each hook event in the
// newest sessions' logs (is the hook firing?) and the end of the hook's own log (what went wrong).
// Read-only; the log is read through safe-file and only its last HOOK_LOG_TAIL_BYTES.
import {closeSync, lstatSync} from 'node:fs';
import path from 'node:path';
import type {HeartbeatFacts, HookLogFacts} from '../../core/doctor/activity-checks.js';
import {IMPORTED_EVENT} from '../../core/history/imported.js';
import {HOOK_LOG_NAME} from '../../core/paths.js';
import {SESSION_STARTS_NAME} from '../../core/record/file-names.js';
import {listSessionDirs} from '../activity/read-agents.js';
import {codeOf} from '../fs/errors.js';
import {readFull} from '../fs/read-full.js';
import {openRegularFile} from '../fs/safe-file.js';
import {eventLogItems} from '../history/event-log.js';

/** The newest session folders read for the heartbeat. */
export const HEARTBEAT_SESSIONS = 20;
/** The hook log's tail that is read. */
export const HOOK_LOG_TAIL_BYTES = 64 * 1024;

/**
 * The newest `at` of each hook event in the newest session folders' logs (agentlog import's lines
 * left out): Claude Code's in `lastByEvent`, Codex's (lines with provider codex) in `codexLastByEvent`;
 * and the last start of a session with no folder yet (the session-starts file's last write).
 */
export function readHeartbeat(activity: string, sessions = HEARTBEAT_SESSIONS): HeartbeatFacts {
	const dirs = listSessionDirs(activity).slice(0, sessions);
	const claudeLast = new Map<string, number>();
	const codexLast = new Map<string, number>();
	const qwenLast = new Map<string, number>();
	const problems: string[] = [];
	for (const dir of dirs) {
		// Line by line: only the newest time of each event is kept.
		const items = eventLogItems(path.join(activity, dir.id), {sessionId: dir.id});
		let next = items.next();
		for (; !next.done; next = items.next()) {
			const line = next.value.line;
			if (line === undefined) {
				continue;
			}
			const at = Date.parse(line.at);
			const lastByEvent = line.provider === 'codex' ? codexLast : line.provider === 'qwen' ? qwenLast : claudeLast;
			if (line.event !== IMPORTED_EVENT && at > (lastByEvent.get(line.event) ?? Number.NEGATIVE_INFINITY)) {
				lastByEvent.set(line.event, at);
			}
		}
		if (next.value.problem !== undefined) {
			problems.push(`${dir.label}: ${next.value.problem}`);
		}
	}
	// A start of a session with no agent yet waits in the session-starts file: its last write is a start seen.
	const starts = lstatSync(path.join(activity, SESSION_STARTS_NAME), {throwIfNoEntry: false});
	if (starts?.isFile() === true && starts.size > 0 && starts.mtimeMs > (claudeLast.get('SessionStart') ?? Number.NEGATIVE_INFINITY)) {
		claudeLast.set('SessionStart', starts.mtimeMs);
	}
	return {activity, sessionsRead: dirs.length, lastByEvent: claudeLast, codexLastByEvent: codexLast, qwenLastByEvent: qwenLast, problems};
}

/** The last lines of `<activity>/.agentlog-hook.log` (its last 64 KiB, the first cut line dropped). */
export function readHookLogTail(activity: string): HookLogFacts {
	const file = path.join(activity, HOOK_LOG_NAME);
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return opened.reason === 'missing' ? {path: file, state: 'missing'} : {path: file, state: 'unreadable', reason: opened.message};
	}
	const {fd, stats} = opened;
	try {
		const start = Math.max(0, stats.size - HOOK_LOG_TAIL_BYTES);
		const buf = Buffer.alloc(stats.size - start);
		const got = readFull(fd, buf, start);
		const lines = buf.subarray(0, got).toString('utf8').split('\n');
		return {path: file, state: 'read', lines: start > 0 ? lines.slice(1) : lines};
	} catch (error) {
		return {path: file, state: 'unreadable', reason: `cannot read: ${codeOf(error) ?? String(error)}`};
	} finally {
		closeSync(fd);
	}
}
