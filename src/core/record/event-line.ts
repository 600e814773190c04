// One line of the event log <activity>/<sessionId>/events.jsonl (DESIGN.md §10): its type, how a
// line is read (tolerant, never throws) and how the hook writes one (bounded, one JSON line). Pure.
//
// Values are kept exact here, like the agent record's parsed form: display safety (safeText /
// safeLine) is applied where lines are read for the screen or a table (as `displayRecord` does
// for agent files), and `--json` / `--events` print the exact values through safeJsonStringify.
import {head} from '../text/bounded.js';
import {isSafeId} from './agent-record.js';
import {isObject, MAX_JSON_DEPTH, nestsAtMost, type Json} from './json.js';
import {CUT_MESSAGE_CHARS} from './limits.js';
import {fail, ok, type Result} from '../result.js';

/** The format version this code writes. Readers accept any whole number ≥ 1 and ignore what they don't know. */
export const EVENT_LINE_VERSION = 1;

/** The agent's state after the event, as the hook saw it. */
export type EventState = 'active' | 'idle' | 'stopped' | 'interrupted';

export const EVENT_STATES: readonly EventState[] = ['active', 'idle', 'stopped', 'interrupted'];

/** The git commit of the line's working folder: `HEAD` and the branch, when there is a repository. */
export interface GitState {
	readonly head?: string;
	readonly branch?: string;
}

export interface EventLine {
	/** Format version (1). */
	readonly v: number;
	/** ISO 8601 UTC with milliseconds: when the hook ran. */
	readonly at: string;
	/** The hook event (`SubagentStart`, `SubagentStop`, `TeammateIdle`, `SessionStart`, `SessionEnd`, `PostToolUse`, …) or `Imported`. */
	readonly event: string;
	readonly sessionId: string;
	/** Absent on session events (SessionStart, SessionEnd). */
	readonly agentId?: string;
	readonly type?: string;
	readonly state?: EventState;
	/**
	 * The event's own facts (DESIGN.md §10): stop → `lastMessage`, `lastMessageCut`,
	 * `agentTranscriptPath`; idle → `teammateName`, `teamName`; SessionStart → `source`, `model`;
	 * SessionEnd → `reason`, `interrupted` (agent ids); PostToolUse of Agent/Task → `toolUseId`,
	 * `description`, `prompt`, `subagentType`, `model`, `runInBackground`, `status`,
	 * `totalDurationMs`, `totalToolUseCount`, `totalTokens`, `inputTokens`, `outputTokens`,
	 * `cacheReadTokens`, `cacheCreationTokens` (its `usage`), and `parentAgentId` when the call was
	 * made by a subagent. Any line may carry `parentAgentId`.
	 */
	readonly data?: Json;
	readonly cwd?: string;
	readonly git?: GitState;
	/** `codex` when the event came from OpenAI's Codex CLI, `gemini` from Gemini CLI; absent: Claude Code. */
	readonly provider?: 'codex' | 'gemini';
}

/**
 * An ISO 8601 date or date-time (what the hook and import write). Anything else Date.parse may
 * still read by guesswork ("1" is 2001, "March 7" some year), so it is not taken as a time.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

function isTimestamp(value: unknown): value is string {
	return typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * How deep `data` may nest. The hook writes a few levels at most; JSON.parse reads any depth, but
 * JSON.stringify and every recursive walk run out of stack on thousands, so deeper `data` is
 * dropped like any other field of the wrong shape.
 */
export const MAX_DATA_DEPTH = MAX_JSON_DEPTH;

function parseGit(value: unknown): GitState | undefined {
	if (!isObject(value)) {
		return undefined;
	}
	const gitHead = optionalString(value.head);
	const branch = optionalString(value.branch);
	if (gitHead === undefined && branch === undefined) {
		return undefined;
	}
	return {...(gitHead === undefined ? {} : {head: gitHead}), ...(branch === undefined ? {} : {branch})};
}

/**
 * Checks a parsed JSON value as a log line. Unknown fields are dropped (the line type is closed;
 * `data` is kept whole). Optional fields of the wrong type are dropped. An error when it is not an
 * object, or `v`, `at`, `event` or `sessionId` is missing or wrong, or an id is not a safe id
 * (DESIGN.md §3: the hook writes no other).
 */
export function eventLineFrom(json: unknown): Result<EventLine> {
	if (!isObject(json)) {
		return fail('not a JSON object');
	}
	const {v, at, event, sessionId, agentId} = json;
	if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
		return fail('missing or invalid v');
	}
	if (!isTimestamp(at)) {
		return fail('missing or invalid at');
	}
	if (typeof event !== 'string' || event === '') {
		return fail('missing event');
	}
	if (!isSafeId(sessionId)) {
		return fail('missing or unsafe sessionId');
	}
	if (typeof agentId === 'string' && !isSafeId(agentId)) {
		return fail('unsafe agentId');
	}
	const line: {-readonly [K in keyof EventLine]: EventLine[K]} = {v, at, event, sessionId};
	if (typeof agentId === 'string') {
		line.agentId = agentId;
	}
	const type = optionalString(json.type);
	if (type !== undefined) {
		line.type = type;
	}
	if (typeof json.state === 'string' && (EVENT_STATES as readonly string[]).includes(json.state)) {
		line.state = json.state as EventState;
	}
	if (isObject(json.data) && nestsAtMost(json.data, MAX_DATA_DEPTH)) {
		line.data = json.data;
	}
	const cwd = optionalString(json.cwd);
	if (cwd !== undefined) {
		line.cwd = cwd;
	}
	const git = parseGit(json.git);
	if (git !== undefined) {
		line.git = git;
	}
	if (json.provider === 'codex' || json.provider === 'gemini') {
		line.provider = json.provider;
	}
	return ok(line);
}

/** Reads one line of the log (without or with its `\n`). Never throws: a bad line is an error value. */
export function parseEventLine(text: string): Result<EventLine> {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return fail(text.trim() === '' ? 'empty line' : 'not JSON');
	}
	return eventLineFrom(json);
}

/** How every line the hook and import write starts (`formatEventLine` writes `v` first). */
const LINE_START = '{"v":';

/** Starts tried in one line that does not parse: each try parses the rest of the line. */
const MAX_LINE_STARTS = 16;

/** A log line read, and whether a torn part came before the event on the same line. */
export type LogLineRead = {readonly ok: true; readonly value: EventLine; readonly torn: boolean} | {readonly ok: false; readonly error: string};

/**
 * Reads one physical line of the log, recovering an event glued to a torn one: a hook killed
 * mid-write (or a full disk) leaves a line without its newline, and an older hook appended the
 * next event right after it. When the line does not parse, the first `{"v":` after its start from
 * which the rest parses is the whole event (`torn`: the part before it is lost and counted as
 * skipped by the caller). Never throws.
 */
export function readLogLine(text: string): LogLineRead {
	const parsed = parseEventLine(text);
	if (parsed.ok) {
		return {ok: true, value: parsed.value, torn: false};
	}
	let from = text.indexOf(LINE_START, 1);
	for (let tries = 0; from > 0 && tries < MAX_LINE_STARTS; tries++) {
		const rest = parseEventLine(text.slice(from));
		if (rest.ok) {
			return {ok: true, value: rest.value, torn: true};
		}
		from = text.indexOf(LINE_START, from + 1);
	}
	return parsed;
}

/** The skip reason of the torn part before an event on the same line. */
export const TORN_LINE = 'torn: the cut end of an interrupted write (the event after it on the line is read)';

export interface SkippedLine {
	/** 1-based line number in the text. */
	readonly lineNumber: number;
	readonly error: string;
}

export interface ParsedLog {
	readonly lines: EventLine[];
	/** Lines that could not be read (a cut last line, garbage): the caller counts them and says so. */
	readonly skipped: SkippedLine[];
}

/**
 * Reads a whole log text: every line that parses, and the ones that don't. Empty lines (the
 * final `\n`, a blank line) are neither. File order is kept; `foldEvents` sorts by time.
 */
export function parseEventLog(text: string): ParsedLog {
	const lines: EventLine[] = [];
	const skipped: SkippedLine[] = [];
	let start = 0;
	let lineNumber = 0;
	while (start < text.length) {
		let end = text.indexOf('\n', start);
		if (end < 0) {
			end = text.length;
		}
		lineNumber++;
		const raw = text.slice(start, end);
		start = end + 1;
		if (raw.trim() === '') {
			continue;
		}
		const parsed = parseEventLine(raw);
		if (parsed.ok) {
			lines.push(parsed.value);
		} else {
			skipped.push({lineNumber, error: parsed.error});
		}
	}
	return {lines, skipped};
}

/** How much of a PostToolUse prompt a line keeps (characters, DESIGN.md §10). */
export const PROMPT_CHARS = 2000;

/** How much of any other string in `data` a line keeps (characters). */
export const DATA_STRING_CHARS = 64 * 1024;

/** The `data` as written: lastMessage within `CUT_MESSAGE_CHARS` (marked when cut), prompt and other strings bounded. */
function boundedData(data: Json): Json {
	let out: Json | undefined;
	for (const [key, value] of Object.entries(data)) {
		if (typeof value !== 'string') {
			continue;
		}
		const max = key === 'lastMessage' ? CUT_MESSAGE_CHARS : key === 'prompt' ? PROMPT_CHARS : DATA_STRING_CHARS;
		if (value.length > max) {
			out ??= {...data};
			out[key] = head(value, max);
			if (key === 'lastMessage') {
				out.lastMessageCut = true;
			}
		}
	}
	return out ?? data;
}

/**
 * One log line as the hook appends it: a JSON object on one line, then `\n`, fields in a fixed
 * order, absent fields left out. Bounded so that one `write` appends it whole: a `lastMessage`
 * over `CUT_MESSAGE_CHARS` (1 MiB of characters) is cut and `data.lastMessageCut` set; a prompt
 * keeps `PROMPT_CHARS`, any other string in `data` `DATA_STRING_CHARS`.
 */
export function formatEventLine(line: EventLine): string {
	const out: Record<string, unknown> = {v: line.v, at: line.at, event: line.event, sessionId: line.sessionId};
	if (line.agentId !== undefined) {
		out.agentId = line.agentId;
	}
	if (line.type !== undefined) {
		out.type = line.type;
	}
	if (line.state !== undefined) {
		out.state = line.state;
	}
	if (line.data !== undefined) {
		out.data = boundedData(line.data);
	}
	if (line.cwd !== undefined) {
		out.cwd = line.cwd;
	}
	if (line.git !== undefined) {
		out.git = line.git;
	}
	if (line.provider !== undefined) {
		out.provider = line.provider;
	}
	return `${JSON.stringify(out)}\n`;
}
