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

/** A session's event log (DESIGN.md §10): `<activity>/<sessionId>/events.jsonl`. Not an agent file (`.jsonl`). */
export const EVENT_LOG_NAME = 'events.jsonl';

/**
 * The main session waits for the user (a PermissionRequest without an agent): `<session>/.main-waiting.json`
 * with `{since, waitingFor, transcriptPath}`, written by the hook, removed by its next main-session event.
 * A dot file: not an agent file.
 */
export const MAIN_WAITING_NAME = '.main-waiting.json';

/**
 * `<activity>/.newest-session`: the session of the hook's last recorded event (one line, its id),
 * whose folder the hook has just given the newest time. The newest-session rule
 * (store/activity/sessions.ts newestSessionId) trusts it while no session folder came or went
 * since (the activity folder is not newer), instead of a stat of every folder.
 */
export const NEWEST_SESSION_NAME = '.newest-session';
