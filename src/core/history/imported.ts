// `Imported` lines of the event log (docs/design.md#the-event-log): what `agentlog import` found in a subagent's
// transcript, as one log line, and the facts a reader takes back from such a line. Pure.
//
// An Imported line: `event: "Imported"`, `state` `stopped` (the transcript ends its turn: a final
// message) or `interrupted` (cut off), `at` the transcript's last line time, and `data`
// {source: "transcript", startedAt, stoppedAt, description, model, tokens, toolCalls, files,
// report, transcriptPath, transcriptBytes, transcriptMtimeMs, parentAgentId}. A grown transcript
// gets a new line; the fold takes the latest, and ignores them all for an agent the hook recorded.
import type {Provider} from '../record/provider.js';
import {isObject, str} from '../record/json.js';
import {head} from '../text/bounded.js';
import {REPORT_MAX} from '../transcript/turn.js';
import {EVENT_LINE_VERSION, type EventLine} from '../record/event-line.js';

export const IMPORTED_EVENT = 'Imported';

/** Files an Imported line lists at most. */
export const IMPORTED_FILES_MAX = 50;

/** What import read from one transcript (strings already safe text where they came from the transcript). */
export interface TranscriptImport {
	readonly sessionId: string;
	readonly agentId: string;
	/** `.meta.json` agentType, else the parent's subagent_type, else ''. */
	readonly type: string;
	/** True when the transcript shows the agent ended its turn (a final message). */
	readonly finished: boolean;
	/** The first line's timestamp (ISO), when a line had one. */
	readonly startedAt?: string;
	/** The last line's timestamp (ISO). */
	readonly lastAt: string;
	readonly description?: string;
	readonly model?: string;
	readonly tokens?: number;
	readonly toolCalls: number;
	readonly files: readonly string[];
	readonly report?: string;
	readonly transcriptPath: string;
	readonly transcriptBytes: number;
	readonly transcriptMtimeMs: number;
	readonly parentAgentId?: string;
	readonly cwd?: string;
	/** The tool of an agent read from another tool's own files (`codex`, `opencode`): the line says so. */
	readonly provider?: Exclude<Provider, 'claude'>;
	/** A hook stopped it (its transcript's `hook_stopped_continuation`): the stop reason (`user-stop`, `hook-stop:…`) and its time (ISO). */
	readonly hookStop?: {readonly reason: string; readonly at?: string};
	/** It was cut off, and its tool says why (`session-end:gemini-exited`): the line is interrupted with that reason. */
	readonly interruptReason?: string;
}

/** The facts of an Imported line, as the fold reads them (absent: unknown). */
export interface ImportedFacts {
	readonly startedAt?: string;
	readonly stoppedAt?: string;
	readonly description?: string;
	readonly model?: string;
	readonly tokens?: number;
	readonly toolCalls?: number;
	readonly transcriptBytes?: number;
	readonly transcriptMtimeMs?: number;
	readonly transcriptPath?: string;
	/** Why it stopped, when a hook stopped it (`user-stop`, `hook-stop:…`), or why it was cut off (`session-end:…`). */
	readonly stopReason?: string;
}

/** A time as the log writes it (ISO with milliseconds, UTC), or undefined when it does not parse. */
function isoOf(text: string | undefined): string | undefined {
	if (text === undefined) {
		return undefined;
	}
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The log line for one imported transcript (write it with `formatEventLine`). */
export function importedLine(t: TranscriptImport): EventLine {
	const at = isoOf(t.lastAt) ?? t.lastAt;
	const startedAt = isoOf(t.startedAt);
	const data: Record<string, unknown> = {source: 'transcript'};
	if (startedAt !== undefined) {
		data.startedAt = startedAt;
	}
	data.stoppedAt = (t.hookStop?.at === undefined ? undefined : isoOf(t.hookStop.at)) ?? at;
	if (t.hookStop !== undefined) {
		data.stopReason = t.hookStop.reason;
	} else if (t.interruptReason !== undefined && !t.finished) {
		data.stopReason = t.interruptReason;
	}
	if (t.description !== undefined) {
		data.description = t.description;
	}
	if (t.model !== undefined) {
		data.model = t.model;
	}
	if (t.tokens !== undefined) {
		data.tokens = t.tokens;
	}
	data.toolCalls = t.toolCalls;
	data.files = t.files.slice(0, IMPORTED_FILES_MAX);
	if (t.report !== undefined) {
		data.report = head(t.report, REPORT_MAX);
	}
	data.transcriptPath = t.transcriptPath;
	data.transcriptBytes = t.transcriptBytes;
	data.transcriptMtimeMs = t.transcriptMtimeMs;
	if (t.parentAgentId !== undefined && t.parentAgentId !== t.agentId) {
		data.parentAgentId = t.parentAgentId;
	}
	return {
		v: EVENT_LINE_VERSION,
		at,
		event: IMPORTED_EVENT,
		sessionId: t.sessionId,
		agentId: t.agentId,
		type: t.type,
		state: t.finished || t.hookStop !== undefined ? 'stopped' : 'interrupted',
		data: data,
		...(t.cwd === undefined ? {} : {cwd: t.cwd}),
		...(t.provider === undefined ? {} : {provider: t.provider}),
	};
}

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** A count (tokens, tool calls): a whole number from 0; anything else in the log is damage, not a count. */
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined);

/** The facts of an Imported line (values of the wrong type are left out); undefined for another event. */
export function importedFacts(line: EventLine): ImportedFacts | undefined {
	if (line.event !== IMPORTED_EVENT) {
		return undefined;
	}
	const data = isObject(line.data) ? line.data : {};
	const out: {-readonly [K in keyof ImportedFacts]: ImportedFacts[K]} = {};
	const startedAt = isoOf(str(data.startedAt));
	if (startedAt !== undefined) {
		out.startedAt = str(data.startedAt);
	}
	if (isoOf(str(data.stoppedAt)) !== undefined) {
		out.stoppedAt = str(data.stoppedAt);
	}
	const description = str(data.description);
	if (description) {
		out.description = description;
	}
	const model = str(data.model);
	if (model) {
		out.model = model;
	}
	const tokens = count(data.tokens);
	if (tokens !== undefined) {
		out.tokens = tokens;
	}
	const toolCalls = count(data.toolCalls);
	if (toolCalls !== undefined) {
		out.toolCalls = toolCalls;
	}
	const bytes = finite(data.transcriptBytes);
	if (bytes !== undefined) {
		out.transcriptBytes = bytes;
	}
	const mtime = finite(data.transcriptMtimeMs);
	if (mtime !== undefined) {
		out.transcriptMtimeMs = mtime;
	}
	const transcriptPath = str(data.transcriptPath);
	if (transcriptPath) {
		out.transcriptPath = transcriptPath;
	}
	const stopReason = str(data.stopReason);
	if (stopReason) {
		out.stopReason = stopReason;
	}
	return out;
}

/** What a session's log already holds, for import to decide what to add. */
export interface SessionImportState {
	/** Agents with a line of the hook (any event but Imported): import adds nothing for them. */
	readonly hooked: ReadonlySet<string>;
	/** Per agent: the `size:mtime` of every transcript version already imported. */
	readonly imported: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The key an imported transcript version is known by. */
export function transcriptVersionKey(bytes: number, mtimeMs: number): string {
	return `${bytes}:${mtimeMs}`;
}

/** What the lines of one session's log say about its agents (see SessionImportState). */
export function sessionImportState(lines: Iterable<EventLine>): SessionImportState {
	const state = newImportState();
	for (const line of lines) {
		addImportLine(state, line);
	}
	return state;
}

/** An empty import state, to add a log's lines to one at a time (`addImportLine`). */
export function newImportState(): ImportStateBuilder {
	return {hooked: new Set(), imported: new Map()};
}

/** A session's import state while its log is read. */
export interface ImportStateBuilder extends SessionImportState {
	readonly hooked: Set<string>;
	readonly imported: Map<string, Set<string>>;
}

/** What one log line adds to a session's import state: an agent the hook names, or a transcript version imported. */
export function addImportLine(state: ImportStateBuilder, line: EventLine): void {
	if (line.agentId === undefined) {
		return;
	}
	if (line.event !== IMPORTED_EVENT) {
		state.hooked.add(line.agentId);
		return;
	}
	const facts = importedFacts(line);
	if (facts?.transcriptBytes === undefined || facts.transcriptMtimeMs === undefined) {
		return;
	}
	let set = state.imported.get(line.agentId);
	if (!set) {
		set = new Set();
		state.imported.set(line.agentId, set);
	}
	set.add(transcriptVersionKey(facts.transcriptBytes, facts.transcriptMtimeMs));
}

/** What import does with one transcript given the session's log. */
export function importDecision(state: SessionImportState, agentId: string, bytes: number, mtimeMs: number): 'hooked' | 'up-to-date' | 'import' {
	if (state.hooked.has(agentId)) {
		return 'hooked';
	}
	return state.imported.get(agentId)?.has(transcriptVersionKey(bytes, mtimeMs)) ? 'up-to-date' : 'import';
}

/** Internal agents (compaction: `acompact-…`) are not imported. */
export function isInternalAgentId(agentId: string): boolean {
	return agentId.startsWith('acompact');
}
