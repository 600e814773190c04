// Notifications from the hook (`install-hook --notify`): which moments of a session call the user,
// the text, and the terminal sequence Claude Code (2.1.141+) writes for the hook when it returns
// `{"terminalSequence": …}` on stdout. Pure: the hook reads and writes the state file.
//
// The edges, each at most once per agent and state: a subagent starts waiting for a permission or
// for input; a subagent failed (StopFailure); the last running agent of a batch of two or more (or
// of a workflow run) stopped. At most one wait or failure per session every NOTIFY_INTERVAL_MS: one
// that comes sooner is not sent and stays due (a later event of that agent still shows it). The end
// of a batch is never held back: it comes once per batch, and often no event follows it.
import type {AgentRecord} from '../record/agent-record.js';
import {isFailure} from '../record/limits.js';
import {isObject} from '../record/json.js';
import {runIdOfPath} from '../workflow/workflow-of.js';
import {DEFAULT_STALE_MS} from '../monitor/stale.js';

/** The first Claude Code that writes a hook's `terminalSequence` (its changelog, 2.1.141). */
export const NOTIFY_MIN_VERSION = '2.1.141';

/** At most one notification per session this often. */
export const NOTIFY_INTERVAL_MS = 2000;

/** The longest text a notification carries (code points, title included). */
export const NOTIFY_MAX_CHARS = 100;

/** How many agents' last notified states the state file keeps (the oldest go first). */
const MAX_SENT = 200;

/** What the state file keeps per session: `<activity>/<session>/.notify.json`. */
export interface NotifyState {
	/** The Claude Code version that runs the session, once read from its transcript. */
	readonly clientVersion?: string;
	/** When the last notification was sent (ms). */
	readonly lastAt?: number;
	/** When the session last had no agent running (ms): a batch is the agents started since. */
	readonly quietAt?: number;
	/** Per agent, the state it was last notified in: `waiting` or `failed`. */
	readonly sent: Readonly<Record<string, NotifyKind>>;
}

export type NotifyKind = 'waiting' | 'failed';

export type Edge =
	| {readonly kind: 'waiting'; readonly agent: AgentRecord}
	| {readonly kind: 'failed'; readonly agent: AgentRecord}
	| {readonly kind: 'finished'; readonly count: number; readonly failed: number; readonly runId?: string};

export const EMPTY_NOTIFY_STATE: NotifyState = {sent: {}};

/** A state file's JSON, checked; anything unusable is an empty state. */
export function parseNotifyState(json: unknown): NotifyState {
	if (!isObject(json)) {
		return EMPTY_NOTIFY_STATE;
	}
	const sent: Record<string, NotifyKind> = {};
	if (isObject(json.sent)) {
		for (const [id, kind] of Object.entries(json.sent)) {
			if (kind === 'waiting' || kind === 'failed') {
				sent[id] = kind;
			}
		}
	}
	const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
	const version = typeof json.clientVersion === 'string' && parseVersion(json.clientVersion) ? json.clientVersion : undefined;
	const lastAt = num(json.lastAt);
	const quietAt = num(json.quietAt);
	return {
		...(version === undefined ? {} : {clientVersion: version}),
		...(lastAt === undefined ? {} : {lastAt}),
		...(quietAt === undefined ? {} : {quietAt}),
		sent,
	};
}

function parseVersion(text: string): [number, number, number] | undefined {
	const m = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/u.exec(text);
	return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Whether `version` (`2.1.328`) is `min` or newer; false for anything that is not a version. */
export function versionAtLeast(version: string | undefined, min: string = NOTIFY_MIN_VERSION): boolean {
	const v = version === undefined ? undefined : parseVersion(version);
	const m = parseVersion(min);
	if (!v || !m) {
		return false;
	}
	for (let i = 0; i < 3; i++) {
		if (v[i] !== m[i]) {
			return v[i]! > m[i]!;
		}
	}
	return true;
}

/** The Claude Code version a transcript's first lines name (`"version":"2.1.328"` on its user and assistant lines). */
export function versionInTranscriptHead(head: string): string | undefined {
	const m = /"version":"(\d{1,6}\.\d{1,6}\.\d{1,6})"/u.exec(head);
	return m?.[1];
}

/** The state an agent record is in, as far as notifications go. */
function kindOf(agent: AgentRecord): NotifyKind | 'other' {
	if (agent.status === 'stopped') {
		return isFailure(agent.stopReason) ? 'failed' : 'other';
	}
	return agent.waitingFor === undefined ? 'other' : 'waiting';
}

function startMs(agent: AgentRecord): number {
	return Date.parse(agent.resumedAt ?? agent.startedAt);
}

/** Running: active or idle, with a sign of life within the stale window (an agent killed without a stop must not hold a batch open). */
function running(agent: AgentRecord, nowMs: number, staleMs: number): boolean {
	if (agent.status === 'stopped') {
		return false;
	}
	const life = Math.max(Date.parse(agent.startedAt) || 0, Date.parse(agent.updatedAt) || 0);
	return agent.status === 'idle' || nowMs - life < staleMs;
}

export interface NotifyInput {
	/** The agent the event was about, as the hook just wrote it. */
	readonly agent?: AgentRecord;
	/** The session's agents after the event, on events that stop an agent (undefined on the others). */
	readonly sessionAgents?: readonly AgentRecord[];
	readonly nowMs: number;
	readonly staleMs?: number;
	/** The rate limit (default NOTIFY_INTERVAL_MS). */
	readonly intervalMs?: number;
}

export interface NotifyStep {
	readonly state: NotifyState;
	/** Whether `state` differs from the one given (the file is written only then). */
	readonly changed: boolean;
	/** What to notify, if anything. */
	readonly edge?: Edge;
}

/**
 * One hook event's effect on the notifications: the new state, and the edge to notify (undefined:
 * none, or one held back by the rate limit, which stays due).
 */
export function notifyStep(state: NotifyState, input: NotifyInput): NotifyStep {
	const sent = {...state.sent};
	let changed = false;
	let edge: Edge | undefined;
	const marks: [string, NotifyKind][] = [];
	const {agent} = input;
	if (agent !== undefined) {
		const kind = kindOf(agent);
		const before = sent[agent.agentId];
		if (kind === 'other') {
			if (before !== undefined) {
				delete sent[agent.agentId];
				changed = true;
			}
		} else if (before !== kind) {
			edge = {kind, agent};
			marks.push([agent.agentId, kind]);
		}
	}
	let quietAt = state.quietAt;
	if (input.sessionAgents !== undefined) {
		const staleMs = input.staleMs ?? DEFAULT_STALE_MS;
		if (!input.sessionAgents.some(a => running(a, input.nowMs, staleMs))) {
			const batch = input.sessionAgents.filter(a => state.quietAt === undefined || startMs(a) >= state.quietAt);
			const runId = batch.map(a => runIdOfPath(a.transcriptPath)).find(id => id !== undefined);
			if (batch.length >= 2 || (runId !== undefined && batch.length >= 1)) {
				const failed = batch.filter(a => kindOf(a) === 'failed');
				// One notification says it all: a last agent that failed is counted in the batch.
				edge = {kind: 'finished', count: batch.length, failed: failed.length, ...(runId === undefined ? {} : {runId})};
				for (const a of failed) {
					marks.push([a.agentId, 'failed']);
				}
			}
			quietAt = input.nowMs;
		}
	}
	const interval = input.intervalMs ?? NOTIFY_INTERVAL_MS;
	if (edge !== undefined && edge.kind !== 'finished' && state.lastAt !== undefined && input.nowMs - state.lastAt < interval && input.nowMs >= state.lastAt) {
		// Held back: nothing is marked sent.
		return {state: {...state, sent}, changed, edge: undefined};
	}
	for (const [id, kind] of marks) {
		delete sent[id];
		sent[id] = kind;
	}
	const ids = Object.keys(sent);
	for (const id of ids.slice(0, Math.max(0, ids.length - MAX_SENT))) {
		delete sent[id];
	}
	changed ||= marks.length > 0 || quietAt !== state.quietAt;
	const next: NotifyState = {
		...state,
		...(quietAt === undefined ? {} : {quietAt}),
		...(edge === undefined ? {} : {lastAt: input.nowMs}),
		sent,
	};
	return {state: next, changed: changed || edge !== undefined, ...(edge === undefined ? {} : {edge})};
}

// ---------------------------------------------------------------------------------------------
// The text and the sequence

// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * Text from outside made fit for a notification: printable only (every control, C0 and C1, ESC,
 * BEL, bidi and zero-width character becomes a space; a lone surrogate becomes U+FFFD), `;` (the
 * sequences' separator) becomes `,`, runs of spaces one, and at most `max` code points (`…` at a cut).
 */
export function notifyText(text: string, max: number = NOTIFY_MAX_CHARS): string {
	const flat = text.replace(LONE_SURROGATE, '\uFFFD').replace(UNPRINTABLE, ' ').replaceAll(';', ',').replace(/\s+/gu, ' ').trim();
	const points = [...flat];
	return points.length <= max
		? flat
		: `${points
				.slice(0, Math.max(0, max - 1))
				.join('')
				.trimEnd()}…`;
}

/** How an agent is called in a notification: its type, and its task when known (`general-purpose "Review the diff"`). */
export function agentLabel(agent: AgentRecord): string {
	const type = notifyText(agent.type || agent.teammateName || 'agent', 40);
	const task = agent.description ?? (agent.teammateName && agent.teammateName !== agent.type ? agent.teammateName : undefined);
	return task ? `${type} "${notifyText(task, 40)}"` : type;
}

/** The notification's words: `agentlog: general-purpose "Review" waits for you: Bash: npm publish`. */
export function edgeText(edge: Edge): string {
	switch (edge.kind) {
		case 'waiting':
			return `${agentLabel(edge.agent)} waits for you: ${edge.agent.waitingFor || 'input'}`;
		case 'failed': {
			const reason = edge.agent.stopReason?.replace(/^[^:]*:/u, '') || 'unknown';
			const message = edge.agent.lastMessage?.split('\n', 1)[0];
			return `${agentLabel(edge.agent)} failed: ${message || reason}`;
		}
		case 'finished': {
			const failed = edge.failed > 0 ? `, ${edge.failed} failed` : '';
			const agents = `${edge.count} agent${edge.count === 1 ? '' : 's'}`;
			return edge.runId === undefined ? `all ${agents} finished${failed}` : `workflow ${edge.runId} finished: ${agents}${failed}`;
		}
	}
}

const ESC = '\u001B';
const BEL = '\u0007';

/**
 * The terminal sequence for a notification: OSC 9 (`ESC ] 9 ; text BEL`: iTerm2, WezTerm, Windows
 * Terminal, Ghostty, kitty, ConEmu show it as a desktop notification) then a bare BEL (every
 * terminal, tmux and screen included, marks or sounds it). Both are on Claude Code's allow-list.
 */
export function notifySequence(text: string): string {
	return `${ESC}]9;${notifyText(`agentlog: ${text}`)}${BEL}${BEL}`;
}

/** What the hook prints on stdout for an edge: the one JSON object Claude Code reads, one line. */
export function notifyOutput(edge: Edge): string {
	return `${JSON.stringify({terminalSequence: notifySequence(edgeText(edge))})}\n`;
}
