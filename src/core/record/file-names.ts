// Which names in the activity folder are agentlog's, in one place for the hook and the readers.
// Pure.

/** Agent files are `<agentId>.json`; names starting with `.` are temp files, locks and logs. */
export function isAgentFileName(name: string): boolean {
	return name.endsWith('.json') && !name.startsWith('.');
}

/** Session folders are named for their session; names starting with `.` are agentlog's or other tools' own (a demo's transcripts). */
export function isSessionDirName(name: string): boolean {
	return !name.startsWith('.');
}

/** A session's event log (docs/design.md#the-event-log): `<activity>/<sessionId>/events.jsonl`. Not an agent file (`.jsonl`). */
export const EVENT_LOG_NAME = 'events.jsonl';

/**
 * The lock of a session's event log (`.+log.lock`): one appender at a time looks at the log's last
 * byte and writes (store/hook/event-append.ts). `+` is not allowed in ids: no agent lock is named so.
 */
export const EVENT_LOG_LOCK_NAME = '.+log.lock';

/**
 * The main session waits for the user (a PermissionRequest without an agent): `<session>/.main-waiting.json`
 * with `{since, waitingFor, transcriptPath}`, written by the hook, removed by its next main-session event.
 * A dot file: not an agent file.
 */
export const MAIN_WAITING_NAME = '.main-waiting.json';

/**
 * The session's Claude Code (or Codex) process, `{pid, start, comm}`: `<session>/.session-process.json`,
 * written by the hook once (Linux only), read by watch's `p` key to find the session's tmux pane.
 */
export const SESSION_PROCESS_NAME = '.session-process.json';

/**
 * `<activity>/.newest-session`: the session of the hook's last recorded event (one line, its id),
 * whose folder the hook has just given the newest time. The newest-session rule
 * (store/activity/session-listing.ts newestSessionId) trusts it while no session folder came or went
 * since (the activity folder is not newer), instead of a stat of every folder.
 */
export const NEWEST_SESSION_NAME = '.newest-session';

/**
 * `<activity>/.agentlog-session-starts.jsonl`: the SessionStart lines of sessions that have no
 * folder yet (a folder is made only when an agent runs), each as its log line; the first agent
 * event of the session copies its lines into the new folder's events.jsonl. Bounded: past 64 KiB it
 * is renamed to `<name>.1` (replacing the older one) and started again.
 */
export const SESSION_STARTS_NAME = '.agentlog-session-starts.jsonl';
/** The lock of the session-starts file: appended to as the event log is (its `.+log.lock`). */
export const SESSION_STARTS_LOCK_NAME = '.agentlog-session-starts.lock';

/**
 * The hook's notifications (`install-hook --notify`): `<session>/.notify.json` holds what was
 * notified, when, and the Claude Code version of the session (core/hook/notify.ts). Written only
 * while notify is on; `watch` reads it to leave those moments to the hook.
 */
export const NOTIFY_STATE_NAME = '.notify.json';
/** The lock of the notify state (`.+notify.lock`): one hook at a time decides what to notify. */
export const NOTIFY_LOCK_NAME = '.+notify.lock';

// An id as agent-record.ts's isSafeId takes it (docs/design.md#the-agent-file), as a pattern part.
const ID = '[A-Za-z0-9][A-Za-z0-9._@-]{0,127}';
const LOCK = `(?:${ID}|\\+cap|\\+notify|\\+log)\\.lock`;
// What the hook writes in a session folder besides events.jsonl and `<agentId>.json` (all dot
// files): temp files of writeAtomic (`.<target>.<pid>.<stamp>.tmp`, for an agent file,
// .main-waiting.json, .notify.json or .session-process.json), agent, notify and log locks (lock.ts),
// a stale lock moved aside to be removed (`<lock>.<pid>.<n>.stale`), the session's process, and
// the lock (`.+cap.lock`) and marker (`.+cap.again`) of the file cap older hooks kept.
const OWN_DOT_FILE = new RegExp(
	`^(?:\\.(?:${ID}\\.json|\\.main-waiting\\.json|\\.notify\\.json|\\.session-process\\.json)\\.\\d+\\.[0-9a-z]+\\.tmp|\\.${LOCK}|\\.${LOCK}\\.\\d+\\.\\d+\\.stale|\\.main-waiting\\.json|\\.notify\\.json|\\.session-process\\.json|\\.\\+cap\\.again)$`,
	'u',
);
const AGENT_FILE = new RegExp(`^${ID}\\.json$`, 'u');

/** What one name in a session folder is to agentlog; undefined when agentlog never writes such a name. */
export type SessionFileKind = 'event-log' | 'agent-file' | 'own-dot-file';

/**
 * Whether agentlog writes files of this name in a session folder, and which: its event log, an
 * agent file (`<agentId>.json`, the id a safe id) or one of the hook's dot files. The one
 * definition of "agentlog's files" in a session folder: prune removes a folder only when all it
 * holds are regular files of these names.
 */
export function sessionFileKind(name: string): SessionFileKind | undefined {
	if (name === EVENT_LOG_NAME) {
		return 'event-log';
	}
	if (AGENT_FILE.test(name)) {
		return 'agent-file';
	}
	return OWN_DOT_FILE.test(name) ? 'own-dot-file' : undefined;
}
