// agent-spy: the hook Claude Code runs on SubagentStart, SubagentStop, TeammateIdle, SessionStart,
// SessionEnd, PostToolUse of the Agent/Task tool, PermissionRequest, Notification and StopFailure
// (HOOK_EVENTS, docs/design.md#the-hook-event-by-event). It upserts <activity>/<sessionId>/<agentId>.json
// (temp file + rename) and appends the event to <activity>/<sessionId>/events.jsonl (one O_APPEND
// write, docs/design.md#the-event-log), with the git commit of the event's cwd. SessionEnd marks the session's
// running agents interrupted. Session events of a session with no folder (no agent yet) make no
// folder: no folder on disk for every Claude Code session. Its SessionStart waits in one bounded
// file of the activity folder (session-starts.ts) and goes first into its log when an agent runs.
//
// Never break Claude Code: whatever arrives on stdin, this exits 0 and prints nothing to
// stdout (exit 2 on SubagentStop or TeammateIdle would keep the agent running), but for the one
// `{"terminalSequence": …}` line of a notification when run with --notify (notify-state.ts). Problems go to
// a small rotated log, <activity>/.agentlog-hook.log. Everything is synchronous and uses only
// node: built-ins, so a run costs little more than Node's own start-up.
//
// Against hostile or unlucky surroundings: stdin is read with a deadline; updates of
// one agent file are serialised by a short lock file, and the record merge is order-independent
// (hook-event.ts); no symlink is followed below the activity folder, and no FIFO is opened; a
// stop over the stdin limit is kept, message cut. No agent file is ever removed here: a session's
// files go with its folder (prune and the daily retention), so every view lists every agent.
import {dirname, join} from 'node:path';
import {formatEventLine, type GitState} from '../src/core/record/event-line.js';
import {agentTranscriptOf} from '../src/core/hook/agent-transcript-path.js';
import {applyHookEvent, interruptOnSessionEnd} from '../src/core/hook/apply-event.js';
import {askingAgentOf, asksUser, teammateAgentId} from '../src/core/hook/event-owner.js';
import {LINEAGE_EVENTS, type HookEvent, type Outcome} from '../src/core/hook/hook-event.js';
import {parseHookPayload} from '../src/core/hook/hook-payload.js';
import {hookEventLine, type HookLineInput} from '../src/core/hook/hook-line.js';
import {isoTime} from '../src/core/hook/iso-time.js';
import {parseCutHookPayload} from '../src/core/hook/payload-cut.js';
import {activityDir} from '../src/core/paths.js';
import {requireBuiltin} from '../src/store/hook/builtin.js';
import {acquireLock, releaseLock} from '../src/store/hook/lock.js';
import {hookLog} from '../src/store/hook/log.js';
import {agentLockFile, checkSessionFolder, listAgentFiles, readAgentFile} from '../src/store/hook/session.js';
import {writeAtomic} from '../src/store/fs/atomic-write.js';
import {readStdin} from '../src/store/hook/stdin.js';
import {readLineage} from '../src/store/hook/agent-meta.js';
import {notePendingStart, pendingStarts} from '../src/store/hook/session-starts.js';
import {removeIfPresent} from '../src/store/fs/errors.js';
import {MAIN_WAITING_NAME} from '../src/core/record/file-names.js';
import type {AgentRecord} from '../src/core/record/agent-record.js';
import {appendEventLine, writeNewestSession} from '../src/store/hook/event-append.js';
import {readGitState} from '../src/store/history/git-state.js';
import {claimDailyPrune} from '../src/store/history/daily-prune.js';
import {readSessionFile, recordSessionProcess} from '../src/store/hook/session-process.js';
import {existsSync, writeSync} from 'node:fs';
import {dropNotifyState, notifyAfterEvent} from '../src/store/hook/notify-state.js';
import {carryOutStop} from '../src/store/hook/stop-control.js';
import {oneAnswer} from '../src/core/stop/hook-answer.js';

const MAX_STDIN = 32 * 1024 * 1024;
/** The hook stops reading stdin when no byte came for this long (a writer that never closes it). */
const STDIN_STALL_MS = 2000;
/** …and at the latest this long after it started (a writer that trickles forever). */
const STDIN_DEADLINE_MS = 10_000;
/** How long to wait for another hook updating the same agent (an update takes a few ms). */
const AGENT_LOCK_WAIT_MS = 1000;

// The event's time: when this process started, before Node's start-up and any wait. Hooks of
// one moment then get times in the order Claude Code fired them, give or take scheduling.
const startedMs = Date.now() - Math.round(process.uptime() * 1000);

// `install-hook --notify` (or the plugin's notify option): the launcher passes --notify and lets
// stdout through; the one JSON line Claude Code reads for `terminalSequence` goes there, at exit.
const notifyOn = process.argv.includes('--notify');
const intervalSetting = notifyOn ? process.env.AGENTLOG_NOTIFY_INTERVAL_MS : undefined;
const notifyIntervalMs = intervalSetting !== undefined && /^\d{1,9}$/u.test(intervalSetting) ? Number(intervalSetting) : undefined;
let notifyLine: string | undefined;

/** What the event means for the notifications (only with notify on), after its agent file is written. */
function noteForNotify(sessionDir: string, event: HookEvent, agent: AgentRecord, log: (message: string) => void): void {
	if (!notifyOn || event.provider !== undefined) {
		return;
	}
	notifyLine = notifyAfterEvent(
		sessionDir,
		{
			agent,
			stops: agent.status === 'stopped',
			transcripts: [event.transcriptPath, agent.transcriptPath],
			nowMs: startedMs,
			...(notifyIntervalMs === undefined ? {} : {intervalMs: notifyIntervalMs}),
		},
		log,
	);
}

// A stop is pending (`agentlog stop`): the launcher saw the flag and passes --control, and lets
// stdout through. PreToolUse (registered by `install-hook --control`) is then asked about, and a
// parent's PostToolUse of an Agent call; the answer for a stopped agent goes to stdout, at exit.
const controlOn = process.argv.includes('--control');
let stopLine: string | undefined;
/** The payload as parsed, for the stop's own reading of it. */
let payload: unknown;

function readEvent(log: (message: string) => void): Outcome<HookEvent> {
	const input = readStdin({maxBytes: MAX_STDIN, stallMs: STDIN_STALL_MS, deadline: startedMs + STDIN_DEADLINE_MS});
	if (input.timedOut) {
		log(`stdin was not closed (${input.total} bytes read; none for ${STDIN_STALL_MS} ms, or ${STDIN_DEADLINE_MS} ms since the start); going on with what came`);
	}
	const text = input.text;
	if (input.total > MAX_STDIN) {
		const cut = parseCutHookPayload(text);
		const size = `stdin is ${input.total} bytes, over the 32 MiB limit`;
		if (cut.ok) {
			log(`${size}: recorded ${cut.value.event} of ${cut.value.agentId ?? cut.value.teammateName} with its message cut`);
		}
		return cut.ok ? cut : {ok: false, error: `${size}; ${cut.error}`};
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return {ok: false, error: `stdin is not JSON (${text.length} characters)`};
	}
	payload = json;
	return parseHookPayload(json);
}

/** The user's stop for a tool call, when one is pending (store/hook/stop-control.ts). */
function controlStep(dir: string, log: (message: string) => void): void {
	if (!controlOn || payload === undefined) {
		return;
	}
	try {
		stopLine = carryOutStop(dir, payload, isoTime(startedMs), log).answer;
	} catch (error) {
		log(`stop: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/** A PreToolUse: only a pending stop's business (install-hook --control); nothing of it is recorded. */
function isPreToolUse(): boolean {
	return typeof payload === 'object' && payload !== null && (payload as {hook_event_name?: unknown}).hook_event_name === 'PreToolUse';
}

/** The git commit of the event's working folder; nothing outside a repository or on any error. */
function gitOf(cwd: string | undefined, log: (message: string) => void): GitState | undefined {
	if (!cwd) {
		return undefined;
	}
	try {
		return readGitState(cwd);
	} catch (error) {
		log(`git state of ${cwd}: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	}
}

/**
 * The session of the event just recorded is the newest (store/activity/session-listing.ts
 * newestSessionId reads it). `folderChanged`: a file was renamed into its folder by this event.
 */
function noteNewest(dir: string, sessionId: string, log: (message: string) => void, folderChanged = false): void {
	const problem = writeNewestSession(dir, sessionId, folderChanged);
	if (problem) {
		log(problem);
	}
}

function appendLine(sessionDir: string, input: HookLineInput, log: (message: string) => void): void {
	appendRaw(sessionDir, formatEventLine(hookEventLine(input)), log);
}

function appendRaw(sessionDir: string, lines: string, log: (message: string) => void): void {
	const problem = appendEventLine(sessionDir, lines);
	if (problem) {
		log(problem);
	}
}

/** The main session waits for the user, or no longer: `.main-waiting.json` written or removed. Never through a link (writeAtomic renames over it). */
function setMainWaiting(
	sessionDir: string,
	waiting: {readonly since: string; readonly waitingFor: string; readonly transcriptPath?: string} | undefined,
): void {
	const file = join(sessionDir, MAIN_WAITING_NAME);
	if (waiting === undefined) {
		removeIfPresent(file);
		return;
	}
	writeAtomic(file, `${JSON.stringify(waiting)}\n`);
}

/** Whether the session already has a folder (it had agents): events of the session alone write only then. */
function sessionFolderExists(sessionDir: string, log: (message: string) => void): boolean {
	const folder = checkSessionFolder(sessionDir, false);
	if (!folder.ok) {
		log(`skipped: ${folder.problem}`);
		return false;
	}
	return folder.exists;
}

/**
 * A PermissionRequest or Notification without an agent: only for a session that has a folder. A
 * PermissionRequest is the main session's; a dialog's Notification (`permission_prompt`) is the
 * main session's when its PermissionRequest came (its wait keeps the start that gave it), else
 * the prompt of a subagent whose request stands (askingAgentOf: Claude Code sends it with no
 * agent_id; the subagent's wait keeps its start, and the line is logged as that agent's); any
 * other asking Notification is the main session's.
 */
function runMainAsk(sessionDir: string, event: HookEvent, now: string, log: (message: string) => void): void {
	if (!sessionFolderExists(sessionDir, log)) {
		return;
	}
	let owner: AgentRecord | undefined;
	if (asksUser(event)) {
		// A dialog's Notification follows its PermissionRequest, which wrote the main session's file when it was the main session's.
		const dialog = event.event === 'Notification' && event.notificationType === 'permission_prompt';
		const mainAsked = dialog && existsSync(join(sessionDir, MAIN_WAITING_NAME));
		owner =
			dialog && !mainAsked
				? askingAgentOf(
						listAgentFiles(sessionDir)
							.map(n => readAgentFile(join(sessionDir, n)).record)
							.filter(a => a !== undefined),
					)
				: undefined;
		if (!mainAsked && owner === undefined) {
			setMainWaiting(sessionDir, {
				since: now,
				waitingFor: event.waitingFor ?? 'input',
				...(event.transcriptPath ? {transcriptPath: event.transcriptPath} : {}),
			});
		}
	} else if (event.notificationType === 'idle_prompt') {
		// The main agent finished its turn: whatever it asked was answered.
		setMainWaiting(sessionDir, undefined);
	}
	appendLine(
		sessionDir,
		{
			event: owner === undefined ? event : {...event, agentId: owner.agentId},
			at: now,
			git: gitOf(event.cwd, log),
			...(owner === undefined ? {} : {record: owner}),
		},
		log,
	);
	noteNewest(dirname(sessionDir), event.sessionId, log);
}

/**
 * SessionStart and SessionEnd of a session that has a folder (it had agents). A SessionStart of a
 * session with none waits in the activity folder's session-starts file, for its first agent.
 */
function runSessionEvent(sessionDir: string, event: HookEvent, now: string, log: (message: string) => void): void {
	if (!sessionFolderExists(sessionDir, log)) {
		if (event.event === 'SessionStart') {
			const problem = notePendingStart(dirname(sessionDir), formatEventLine(hookEventLine({event, at: now, git: gitOf(event.cwd, log)})));
			if (problem) {
				log(problem);
			}
		}
		return;
	}
	if (event.event === 'SessionStart') {
		// A resumed session may run in another process: record it again, with the time it started
		// (a start after a SessionEnd is a resume once the session came back: hook-event.ts).
		noteProcess(sessionDir, true, log, now);
	}
	const git = gitOf(event.cwd, log);
	const interrupted: string[] = [];
	// A new start or the end of the session: the main session no longer waits.
	setMainWaiting(sessionDir, undefined);
	if (event.event === 'SessionStart' && !notifyOn) {
		dropNotifyState(sessionDir);
	}
	if (event.event === 'SessionEnd') {
		for (const name of listAgentFiles(sessionDir)) {
			const agentId = name.slice(0, -'.json'.length);
			const file = join(sessionDir, name);
			// A file is replaced whole, so a read without the lock is a state it had: an agent that
			// had stopped by then needs nothing (no lock file made and removed for it).
			const seen = readAgentFile(file).record;
			if (!seen || !interruptOnSessionEnd(seen, event.reason, now)) {
				continue;
			}
			const lock = acquireLock(agentLockFile(sessionDir, agentId), AGENT_LOCK_WAIT_MS);
			try {
				const existing = readAgentFile(file).record;
				const next = existing && interruptOnSessionEnd(existing, event.reason, now);
				if (next) {
					writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
					interrupted.push(agentId);
				}
			} finally {
				if (lock) {
					releaseLock(lock);
				}
			}
		}
	}
	appendLine(sessionDir, {event, at: now, interrupted, git}, log);
	noteNewest(dirname(sessionDir), event.sessionId, log);
}

/** The session's Claude Code (or Codex) process, for watch's `p` (store/hook/session-process.ts): once, or `again` on a SessionStart (at `startAt`). */
function noteProcess(sessionDir: string, again: boolean, log: (message: string) => void, startAt?: string): void {
	try {
		recordSessionProcess(sessionDir, again, process.ppid, startAt === undefined ? {} : {sessionStartAt: startAt});
	} catch (error) {
		log(`the session's process was not recorded: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/** The session's latest SessionStart as the session file keeps it; undefined when none is known. */
function sessionStartOf(sessionDir: string, log: (message: string) => void): string | undefined {
	try {
		return readSessionFile(sessionDir)?.sessionStartAt;
	} catch (error) {
		log(`the session's start was not read: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	}
}

function run(dir: string, log: (message: string) => void): void {
	const parsed = readEvent(log);
	if (controlOn && isPreToolUse()) {
		controlStep(dir, log);
		return;
	}
	if (!parsed.ok) {
		log(`skipped: ${parsed.error}`);
		return;
	}
	try {
		recordEvent(dir, parsed.value, log);
		if (parsed.value.event === 'PostToolUse') {
			// A parent's Agent call came back: the parent stops here when the user stopped it.
			controlStep(dir, log);
		}
	} finally {
		// The history's retention, at most once a day (one lstat on other days), after the event is
		// recorded; never on SessionEnd, whose hooks Claude Code gives little time.
		if (parsed.value.event !== 'SessionEnd') {
			dailyPrune(dir, log);
		}
	}
}

type RunDailyPrune = (activity: string, now: number, log: (message: string) => void) => unknown;

/** The retention pass, from agent-prune.cjs beside this file, on the one run a day that claims it. */
function dailyPrune(dir: string, log: (message: string) => void): void {
	const now = Date.now();
	let claimed = false;
	try {
		claimed = claimDailyPrune(dir, now);
	} catch (error) {
		log(`daily prune: ${error instanceof Error ? error.message : String(error)}`);
	}
	if (!claimed) {
		return;
	}
	try {
		// The bundled hook is CommonJS: require and __dirname are there.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const pass = require(join(__dirname, 'agent-prune.cjs')) as {runDailyPrune?: RunDailyPrune};
		pass.runDailyPrune?.(dir, now, log);
	} catch (error) {
		log(`daily prune: cannot load agent-prune.cjs: ${error instanceof Error ? error.message : String(error)}`);
	}
}

function recordEvent(dir: string, given: HookEvent, log: (message: string) => void): void {
	const now = isoTime(startedMs);
	let event = given;
	const sessionDir = join(dir, event.sessionId);
	if (event.event === 'SessionStart' || event.event === 'SessionEnd') {
		runSessionEvent(sessionDir, event, now, log);
		return;
	}
	if ((event.event === 'PermissionRequest' || event.event === 'Notification') && event.agentId === undefined) {
		runMainAsk(sessionDir, event, now, log);
		return;
	}
	const folder = checkSessionFolder(sessionDir, false);
	if (!folder.ok) {
		log(`skipped: ${folder.problem}`);
		return;
	}
	let agentId = event.agentId;
	if (agentId === undefined) {
		const names = folder.exists ? listAgentFiles(sessionDir) : [];
		const agents = names.map(n => readAgentFile(join(sessionDir, n)).record).filter(a => a !== undefined);
		const target = teammateAgentId(event, agents);
		if (!target.ok) {
			log(`skipped: ${target.error}`);
			return;
		}
		agentId = target.value;
	}
	if (!folder.exists) {
		// Nothing is on disk yet: an event that would be skipped anyway creates no folder.
		const first = applyHookEvent(event, agentId, undefined, now);
		if (!first.ok) {
			log(`skipped: ${first.error}`);
			return;
		}
		const created = checkSessionFolder(sessionDir, true);
		if (!created.ok) {
			log(`skipped: ${created.problem}`);
			return;
		}
		if (created.created) {
			// The session's own start goes first in its log (the folder was not there for it).
			const starts = pendingStarts(dir, event.sessionId);
			if (starts.length > 0) {
				appendRaw(sessionDir, starts.join(''), log);
			}
		}
	}
	noteProcess(sessionDir, false, log);
	const git = gitOf(event.cwd, log);
	// Its place in the tree, from its `.meta.json` (Claude Code's and Qwen Code's): known from its start, and kept if it is cut off.
	const lineage =
		(event.provider === undefined || event.provider === 'qwen') && LINEAGE_EVENTS.includes(event.event)
			? readLineage(agentTranscriptOf(event, agentId))
			: undefined;
	if (lineage !== undefined) {
		event = {...event, lineage};
	}
	const file = join(sessionDir, `${agentId}.json`);
	const lock = acquireLock(agentLockFile(sessionDir, agentId), AGENT_LOCK_WAIT_MS);
	if (!lock) {
		log(`${agentId}: its lock stayed taken for ${AGENT_LOCK_WAIT_MS} ms; writing without it`);
	}
	let written: AgentRecord | undefined;
	try {
		const existing = readAgentFile(file);
		if (existing.problem) {
			log(`${existing.problem}; replacing it`);
		}
		if (existing.record?.status === 'stopped' && (event.event === 'SubagentStart' || event.event === 'TeammateIdle')) {
			// A start of a stopped agent (rare: a resume): whether the session came back since its stop.
			const startAt = sessionStartOf(sessionDir, log);
			if (startAt !== undefined) {
				event = {...event, sessionStartAt: startAt};
			}
		}
		const next = applyHookEvent(event, agentId, existing.record, now);
		if (!next.ok) {
			log(`skipped: ${next.error}`);
			return;
		}
		writeAtomic(file, `${JSON.stringify(next.value, null, 2)}\n`);
		written = next.value;
		// Under the agent's lock: one agent's lines are in the order its file was written.
		appendLine(sessionDir, {event, at: now, record: next.value, git}, log);
		noteNewest(dir, event.sessionId, log, true);
		if (event.event === 'PostToolUse' && event.parentAgentId === undefined) {
			// The main session's Agent call came back (or launched): it is working, not waiting.
			setMainWaiting(sessionDir, undefined);
		}
	} finally {
		if (lock) {
			releaseLock(lock);
		}
	}
	if (written !== undefined) {
		noteForNotify(sessionDir, event, written, log);
	}
}

let dir = '';
const log = (message: string) => {
	if (dir) {
		hookLog(dir, message);
	}
};
try {
	dir = activityDir(process.env, process.env.HOME || requireBuiltin<{homedir(): string}>('node:os').homedir());
	run(dir, log);
} catch (error) {
	log(`error: ${error instanceof Error ? error.message : String(error)}`);
}
const out = oneAnswer(stopLine, notifyLine);
if (out !== undefined) {
	try {
		writeSync(1, out);
	} catch {
		// Claude Code stopped reading: nothing to tell.
	}
}
// Exit now: every call above is synchronous, so nothing is pending, and Node's own teardown of the
// heap at a natural exit costs about 2.5% of a run. The exit event still fires (the code cache is
// written there).
process.exit(0);
