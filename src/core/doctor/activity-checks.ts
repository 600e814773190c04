// Doctor's checks of what the hook leaves: the activity folder (there or creatable, writable),
// a heartbeat (the last line per event in the newest sessions' event logs) and the hook's own
// problem log. Pure: the facts and `now` come in.
import {formatDuration} from '../text/format.js';
import {check, type DoctorCheck} from './check.js';

export type ActivityFacts =
	| {readonly path: string; readonly state: 'writable'}
	/** Not there; `parent` is the nearest folder that is, where it would be made. */
	| {readonly path: string; readonly state: 'creatable'; readonly parent: string}
	| {readonly path: string; readonly state: 'not-writable' | 'not-creatable' | 'not-folder'; readonly reason: string}
	/** Some tool's own folder (core/history/ownership.ts toolFolderOf): the hook writes there, but never prunes it. */
	| {readonly path: string; readonly state: 'tool-folder'; readonly reason: string; readonly fix: string};

export function activityCheck(facts: ActivityFacts): DoctorCheck {
	switch (facts.state) {
		case 'writable':
			return check('activity-folder', 'ok', `the activity folder ${facts.path} is writable`);
		case 'creatable':
			return check('activity-folder', 'ok', `the activity folder ${facts.path} is not there yet; the hook can create it (in ${facts.parent})`);
		case 'tool-folder':
			return check(
				'activity-folder',
				'fail',
				`the activity folder ${facts.path} ${facts.reason}: agentlog's history would mix with it, and prune refuses to run there`,
				{
					fix: facts.fix,
				},
			);
		case 'not-folder':
			return check('activity-folder', 'fail', `the activity folder ${facts.path} ${facts.reason}`, {
				fix: 'move it away, or point AGENTLOG_DIR (for the hook and agentlog) at a folder',
			});
		default:
			return check('activity-folder', 'fail', `the activity folder ${facts.path} is not writable: ${facts.reason}`, {
				fix: 'give your user write access to it, or point AGENTLOG_DIR (for the hook and agentlog) at a writable folder',
			});
	}
}

export interface HeartbeatFacts {
	readonly activity: string;
	/** How many session folders were read (the newest ones). */
	readonly sessionsRead: number;
	/** The newest `at` (ms) of each hook event of Claude Code seen there. */
	readonly lastByEvent: ReadonlyMap<string, number>;
	/** The same for the events of Codex CLI (lines with provider codex): doctor's codex-heartbeat. */
	readonly codexLastByEvent?: ReadonlyMap<string, number>;
	/** The same for Qwen Code's (lines with provider qwen): doctor's qwen-hooks. */
	readonly qwenLastByEvent?: ReadonlyMap<string, number>;
	/** Logs that could not be read. */
	readonly problems: readonly string[];
}

/** `3m 05s ago`; a time in the future (another clock) says so. */
export function ago(ms: number, now: number): string {
	return ms > now + 1000 ? `at ${new Date(ms).toISOString()} (in the future?)` : `${formatDuration(now - ms)} ago`;
}

export function heartbeatCheck(facts: HeartbeatFacts, now: number): DoctorCheck {
	const seen = [...facts.lastByEvent.entries()].sort((a, b) => b[1] - a[1]);
	const problems = facts.problems.slice(0, 5);
	if (seen.length === 0) {
		const where = facts.sessionsRead === 0 ? `no session folder in ${facts.activity}` : `no hook event in the newest ${facts.sessionsRead} sessions' logs`;
		// Right after a correct install this is the expected state, not a failure: a warning, and
		// doctor exits 0 (the checks that the hook is registered and runnable fail on their own).
		return check('heartbeat', 'warn', `waiting for the first event from the hook: ${where}`, {
			detail: [
				'the usual causes: Claude Code sessions started before install-hook (restart them, or review the hooks in /hooks);',
				'a folder whose workspace trust dialog was not accepted (no hooks run there, user settings included);',
				'no session has started since (a session start is recorded at once; its folder is made when its first agent runs).',
				...problems,
			],
			fix: "restart Claude Code (a new session is enough) and accept the folder's trust dialog, then run agentlog doctor again",
		});
	}
	const [newestEvent, newestAt] = seen[0]!;
	return check('heartbeat', 'ok', `last ${newestEvent} ${ago(newestAt, now)}`, {
		detail: [...seen.slice(1).map(([event, at]) => `last ${event} ${ago(at, now)}`), ...problems],
	});
}

/** Hook log lines that are the normal course of things, not problems. */
const ROUTINE = [
	/^skipped: .*\(internal agent\)$/u,
	/^skipped: PostToolUse of .* is not an Agent call$/u,
	/^skipped: event .* is not one agentlog records$/u,
	/^skipped: .* is a session event: no agent file of its own$/u,
	/^skipped: StopFailure of the main session: no agent file of its own$/u,
	/^skipped: PostToolUse for .*nothing to record on an agent file$/u,
	/^daily prune: removed /u,
];

export function isRoutineLogLine(message: string): boolean {
	return ROUTINE.some(re => re.test(message));
}

/** How many problem lines are shown. */
export const HOOK_LOG_SHOWN = 5;
/** Problems older than this no longer warn. */
export const HOOK_LOG_RECENT_MS = 24 * 60 * 60 * 1000;

export type HookLogFacts =
	| {readonly path: string; readonly state: 'missing'}
	| {readonly path: string; readonly state: 'unreadable'; readonly reason: string}
	/** The last lines of the log (its tail), oldest first. */
	| {readonly path: string; readonly state: 'read'; readonly lines: readonly string[]};

interface LogEntry {
	readonly at: number | undefined;
	readonly message: string;
}

function parseLogLine(line: string): LogEntry {
	const space = line.indexOf(' ');
	const at = space > 0 ? Date.parse(line.slice(0, space)) : Number.NaN;
	return Number.isNaN(at) ? {at: undefined, message: line} : {at, message: line.slice(space + 1)};
}

export function hookLogCheck(facts: HookLogFacts, now: number): DoctorCheck {
	if (facts.state === 'missing') {
		return check('hook-log', 'ok', `no problems logged by the hook (${facts.path} is not there)`);
	}
	if (facts.state === 'unreadable') {
		return check('hook-log', 'warn', `the hook's log ${facts.path} cannot be read: ${facts.reason}`, {
			fix: 'remove it: the hook starts a new one',
		});
	}
	const problems = facts.lines
		.filter(line => line.trim() !== '')
		.map(parseLogLine)
		.filter(entry => !isRoutineLogLine(entry.message));
	if (problems.length === 0) {
		return check('hook-log', 'ok', `no problems in the hook's log ${facts.path}`);
	}
	const shown = problems.slice(-HOOK_LOG_SHOWN).map(e => (e.at === undefined ? e.message : `${ago(e.at, now)}: ${e.message}`));
	const last = problems.at(-1)!;
	const recent = last.at === undefined || now - last.at < HOOK_LOG_RECENT_MS;
	const summary = `${problems.length} problem${problems.length === 1 ? '' : 's'} in the hook's log ${facts.path}, the last ${last.at === undefined ? 'undated' : ago(last.at, now)}`;
	return check('hook-log', recent ? 'warn' : 'ok', summary, {
		detail: shown,
		fix: 'read the lines above: each says what the hook skipped or could not do',
	});
}
