// The hook's side of `install-hook --notify`: the session's notify state (`.notify.json`, written
// atomically under its own short lock), the Claude Code version read once from the head of the
// session's transcript, and the one step per event that says what to print (core/hook/notify.ts
// decides). Node built-ins only: the hook bundles this.
import {join} from 'node:path';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {NOTIFY_LOCK_NAME, NOTIFY_STATE_NAME} from '../../core/record/file-names.js';
import {
	EMPTY_NOTIFY_STATE,
	notifyOutput,
	notifyStep,
	parseNotifyState,
	versionAtLeast,
	versionInTranscriptHead,
	type NotifyState,
} from '../../core/hook/notify.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {removeIfPresent} from '../fs/errors.js';
import {readRegularText} from '../fs/safe-file.js';
import {acquireLock, releaseLock} from './lock.js';
import {listAgentFiles, readAgentFile} from './session.js';

const MAX_STATE_BYTES = 64 * 1024;
/** The version is on the transcript's first user line; a first prompt longer than this hides it (no notifications then). */
const TRANSCRIPT_HEAD_BYTES = 64 * 1024;
const NOTIFY_LOCK_WAIT_MS = 500;

/** The session's notify state; empty when there is none or it cannot be read. */
export function readNotifyState(sessionDir: string): NotifyState {
	const read = readRegularText(join(sessionDir, NOTIFY_STATE_NAME), {maxBytes: MAX_STATE_BYTES});
	if (!read.ok) {
		return EMPTY_NOTIFY_STATE;
	}
	try {
		return parseNotifyState(JSON.parse(read.text));
	} catch {
		return EMPTY_NOTIFY_STATE;
	}
}

/** Whether the hook notifies for this session: its state file names a Claude Code that writes the hook's sequences. */
export function hookNotifies(sessionDir: string): boolean {
	return versionAtLeast(readNotifyState(sessionDir).clientVersion);
}

/** Notify is off: the state goes (a resumed session's `watch` then rings again itself). */
export function dropNotifyState(sessionDir: string): void {
	removeIfPresent(join(sessionDir, NOTIFY_STATE_NAME));
}

/** The Claude Code version in the first bytes of a transcript; undefined when not (yet) there. */
export function readClientVersion(transcriptPath: string | undefined): string | undefined {
	if (!transcriptPath?.endsWith('.jsonl')) {
		return undefined;
	}
	const read = readRegularText(transcriptPath, {maxBytes: TRANSCRIPT_HEAD_BYTES, overflow: 'truncate'});
	return read.ok ? versionInTranscriptHead(read.text) : undefined;
}

export interface NotifyEvent {
	/** The agent the event was about, as just written. */
	readonly agent: AgentRecord;
	/** The event stops an agent: the session's agents are read to see whether a batch finished. */
	readonly stops: boolean;
	/** Transcripts that may name the Claude Code version (the session's, the agent's). */
	readonly transcripts: readonly (string | undefined)[];
	readonly nowMs: number;
	readonly intervalMs?: number;
}

/**
 * One event's notification: the JSON line to print on stdout, or undefined. Nothing is printed
 * for a Claude Code older than NOTIFY_MIN_VERSION or one whose version is not known (yet).
 */
export function notifyAfterEvent(sessionDir: string, event: NotifyEvent, log: (message: string) => void): string | undefined {
	try {
		// Most events change nothing: decided without the lock, which many agents' hooks at once
		// would queue on. Anything to write or print is decided again under it.
		if (decide(sessionDir, event, false).write === undefined) {
			return undefined;
		}
		const lock = acquireLock(join(sessionDir, NOTIFY_LOCK_NAME), NOTIFY_LOCK_WAIT_MS);
		try {
			const {write, output} = decide(sessionDir, event, true);
			if (write !== undefined) {
				writeAtomic(join(sessionDir, NOTIFY_STATE_NAME), `${JSON.stringify(write)}\n`);
			}
			return output;
		} finally {
			if (lock) {
				releaseLock(lock);
			}
		}
	} catch (error) {
		log(`notify: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	}
}

/** The state to write (undefined: nothing changes) and the line to print for one event, from the state on disk. */
function decide(sessionDir: string, event: NotifyEvent, locked: boolean): {readonly write?: NotifyState; readonly output?: string} {
	let state = readNotifyState(sessionDir);
	let found = false;
	if (state.clientVersion === undefined) {
		const version = event.transcripts.map(readClientVersion).find(v => v !== undefined);
		if (version !== undefined) {
			state = {...state, clientVersion: version};
			found = true;
		}
	}
	if (!versionAtLeast(state.clientVersion)) {
		return found ? {write: state} : {};
	}
	const sessionAgents = event.stops ? readSessionAgents(sessionDir) : undefined;
	const step = notifyStep(state, {
		agent: event.agent,
		nowMs: event.nowMs,
		...(sessionAgents === undefined ? {} : {sessionAgents}),
		...(event.intervalMs === undefined ? {} : {intervalMs: event.intervalMs}),
	});
	return {
		...(step.changed || found ? {write: step.state} : {}),
		...(locked && step.edge !== undefined ? {output: notifyOutput(step.edge)} : {}),
	};
}

function readSessionAgents(sessionDir: string): AgentRecord[] {
	return listAgentFiles(sessionDir)
		.map(name => readAgentFile(join(sessionDir, name)).record)
		.filter(record => record !== undefined);
}
