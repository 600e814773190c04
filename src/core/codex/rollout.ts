// A Codex CLI thread's rollout file (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<threadId>.jsonl`,
// docs/codex-rollouts.md#rollout-files) folded into what agentlog shows of a subagent: who it is (the first line,
// `session_meta`), how its turns went (`task_started`, `task_complete`, `turn_aborted`), its tokens,
// tool calls, task and report. Pure: lines in, a state out; a state takes more lines later, so a
// growing file is read only once.
//
// The format is Codex's own and changes between releases: every field is optional, an unknown line
// is skipped, and every string kept is made safe for a terminal as it is kept (the lines are never
// copied).
import {addCost, NO_COST, responseCost, type PriceUsage, type Pricer} from '../cost/cost.js';
import type {LifecycleStep} from '../record/fold-state.js';
import {lifeStart, lifeStop, type Life, type Moved, type StepSink} from '../record/lifecycle-machine.js';
import {addCount, countsOf} from '../record/counts.js';
import {isObject, num, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import {addTokens, MAX_SEGMENTS, NO_TOKENS, type TallySegment} from '../transcript/tally.js';
import {oneLine, shortPath} from '../transcript/tool-summary.js';
import {withoutUnreadFields} from './unread-fields.js';

/** Who a thread is, from its `session_meta` line. */
export interface CodexMeta {
	/** This thread's id. */
	readonly threadId: string;
	/** The root thread's id: the Codex session. */
	readonly sessionId: string;
	/** True for a subagent (a `thread_spawn` source, or a parent thread id). */
	readonly isChild: boolean;
	readonly parentThreadId?: string;
	readonly depth?: number;
	readonly nickname?: string;
	readonly role?: string;
	/** v2: the task path (`/root/worker_one`). */
	readonly path?: string;
	readonly cwd?: string;
	/** ISO time of the thread's start. */
	readonly startedAt?: string;
	readonly cliVersion?: string;
	/**
	 * A v2 child forked with its parent's history (`fork_turns: "all"`, the default): its file
	 * repeats the root's lines first (a root turn's `turn_aborted` among them); its own start at
	 * this line `ordinal` (`subagent_history_start_ordinal`).
	 */
	readonly historyStart?: number;
}

export interface CodexToolCall {
	readonly id: string;
	/** Without its namespace (`shell`, `spawn_agent`). */
	readonly name: string;
	readonly summary: string;
	readonly at: number | undefined;
	readonly result?: string;
}

export type CodexPhase = 'none' | 'active' | 'stopped' | 'interrupted';

export interface CodexRequest {
	readonly tokens: number;
	readonly input: number;
	readonly window?: number;
}

/**
 * What a thread's model requests took and cost, priced one by one as they are folded (each by the
 * model of its turn, at its time, on its own `last_token_usage`), kept per turn as a Claude
 * transcript's tally is kept per run (core/transcript/tally.ts).
 */
export interface CodexSpend {
	/** What each request was priced with. */
	readonly pricer: Pricer;
	/** One per turn with a request or a tool call, in order; the first MAX_SEGMENTS (later turns are added into the last). */
	readonly segments: readonly TallySegment[];
	/** A turn started since the last segment's request or call: the next one opens a segment. */
	readonly turnEnded: boolean;
}

export interface CodexThread {
	readonly meta: CodexMeta | undefined;
	readonly phase: CodexPhase;
	/** ISO: the first task_started (else the meta's time). */
	readonly startedAt: string | undefined;
	/** ISO: the last task_complete or turn_aborted, while stopped. */
	readonly stoppedAt: string | undefined;
	/** task_started after a finished turn: the child was given more work. */
	readonly resumeCount: number;
	readonly resumedAt: string | undefined;
	/** `last_agent_message` of the last completed turn: its report. Safe text, bounded. */
	readonly report: string | undefined;
	/** turn_aborted's reason, while interrupted. */
	readonly abortReason: string | undefined;
	/** The task it was given (v1: its first user message after the environment context). Safe text, bounded. */
	readonly task: string | undefined;
	/** total_token_usage's total_tokens, latest. */
	readonly totalTokens: number | undefined;
	/** total_token_usage's parts, latest: input (cached input included), cached input, output. */
	readonly usage?: {readonly input: number; readonly cachedInput: number; readonly output: number};
	/**
	 * Its latest request (last_token_usage): its tokens, as a Claude Agent result's `totalTokens`
	 * counts the last request's; its whole input (cached part included) and the context window
	 * Codex gave it (`model_context_window`).
	 */
	readonly lastRequest?: CodexRequest;
	readonly model: string | undefined;
	/**
	 * Its requests priced (FoldOptions.pricer): only for a thread folded from its first line with a
	 * pricer, so never in a cache that keeps threads cut short.
	 */
	readonly spend?: CodexSpend;
	readonly toolCalls: readonly CodexToolCall[];
	readonly toolCounts: Readonly<Record<string, number>>;
	/** What it is doing now: its running tool call, or its last message's first line. */
	readonly activity: string | undefined;
	/** Files its patches touched (apply_patch: added, updated, deleted, moved to), short paths, the first MAX_CODEX_FILES. */
	readonly files: readonly string[];
	/** Its turns as lifecycle steps (spawned, completed, interrupted, resumed), the latest MAX_CODEX_STEPS. */
	readonly steps: readonly LifecycleStep[];
	/** The newest line's time (ms). */
	readonly lastAt: number | undefined;
	readonly lines: number;
	readonly badLines: number;
}

export const EMPTY_THREAD: CodexThread = {
	meta: undefined,
	phase: 'none',
	startedAt: undefined,
	stoppedAt: undefined,
	resumeCount: 0,
	resumedAt: undefined,
	report: undefined,
	abortReason: undefined,
	task: undefined,
	totalTokens: undefined,
	model: undefined,
	toolCalls: [],
	toolCounts: {},
	activity: undefined,
	files: [],
	steps: [],
	lastAt: undefined,
	lines: 0,
	badLines: 0,
};

/** Files kept per thread. */
export const MAX_CODEX_FILES = 200;
const PATCH_FILE = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gmu;

/** The files an apply_patch input names, in order, once each. */
export function patchFiles(patch: string): string[] {
	const out: string[] = [];
	for (const m of patch.matchAll(PATCH_FILE)) {
		const file = m[1]!.trim();
		if (file !== '' && !out.includes(file)) {
			out.push(file);
		}
	}
	return out;
}

/** The patch text of an apply_patch call: its raw input (custom tool), or the `input` of its JSON arguments. */
function patchText(payload: Json): string | undefined {
	const raw = str(payload.input) ?? str(payload.arguments);
	if (raw === undefined) {
		return undefined;
	}
	if (raw.trimStart().startsWith('{')) {
		try {
			const json: unknown = JSON.parse(raw);
			return isObject(json) ? str(json.input) : undefined;
		} catch {
			return raw;
		}
	}
	return raw;
}

/** Lifecycle steps kept per thread (the newest). */
export const MAX_CODEX_STEPS = 50;

function addStep(s: Mutable<CodexThread>, step: LifecycleStep | undefined): void {
	if (step !== undefined) {
		s.steps = [...s.steps, step].slice(-MAX_CODEX_STEPS);
	}
}

/** Tool calls kept per thread (the newest; `toolCounts` counts all). */
export const MAX_CODEX_TOOL_CALLS = 2000;
/** The longest report, task or result text kept (UTF-16 units). */
export const CODEX_TEXT_MAX = 1 << 20;
const TASK_MAX = 2000;
const RESULT_LENGTH = 200;
const SUMMARY_LENGTH = 120;

const safeId = (v: unknown): string | undefined => {
	const s = str(v);
	return s !== undefined && /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/.test(s) ? s : undefined;
};
const text = (v: unknown, max = CODEX_TEXT_MAX): string | undefined => {
	const s = str(v);
	return s === undefined ? undefined : head(safeText(head(s, max)), max);
};
const label = (v: unknown): string | undefined => {
	const s = str(v);
	return s === undefined || s.trim() === '' ? undefined : safeLine(head(s, 256));
};

/** The `session_meta` payload → who the thread is; undefined without a thread id. */
export function codexMetaOf(payload: Json): CodexMeta | undefined {
	const threadId = safeId(payload.id);
	if (threadId === undefined) {
		return undefined;
	}
	const source = isObject(payload.source) ? payload.source : {};
	const subagent = isObject(source.subagent) ? source.subagent : {};
	const spawn = isObject(subagent.thread_spawn) ? subagent.thread_spawn : {};
	const parentThreadId = safeId(payload.parent_thread_id) ?? safeId(spawn.parent_thread_id);
	const depth = typeof spawn.depth === 'number' && Number.isSafeInteger(spawn.depth) && spawn.depth >= 0 ? spawn.depth : undefined;
	const isChild = parentThreadId !== undefined || Object.keys(spawn).length > 0 || payload.thread_source === 'subagent';
	const startedAt = str(payload.timestamp);
	const meta: {-readonly [K in keyof CodexMeta]: CodexMeta[K]} = {threadId, sessionId: safeId(payload.session_id) ?? threadId, isChild};
	const set = <K extends keyof CodexMeta>(key: K, value: CodexMeta[K] | undefined): void => {
		if (value !== undefined) {
			meta[key] = value;
		}
	};
	set('parentThreadId', parentThreadId);
	set('depth', depth);
	set('nickname', label(payload.agent_nickname) ?? label(spawn.agent_nickname));
	set('role', label(payload.agent_role) ?? label(spawn.agent_role));
	set('path', label(payload.agent_path) ?? label(spawn.agent_path));
	set('cwd', label(payload.cwd));
	set('startedAt', startedAt !== undefined && !Number.isNaN(Date.parse(startedAt)) ? startedAt : undefined);
	set('cliVersion', label(payload.cli_version));
	const start = payload.subagent_history_start_ordinal;
	set('historyStart', typeof start === 'number' && Number.isSafeInteger(start) && start > 0 ? start : undefined);
	return meta;
}

/** A Unix time in seconds (task_started.started_at) or an ISO line time, as ISO; undefined when neither. */
function isoOf(seconds: unknown, lineTime: string | undefined): string | undefined {
	// Dates reach ±8.64e15 ms: a larger value (1e300) would throw.
	if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && seconds * 1000 <= 8.64e15) {
		return new Date(seconds * 1000).toISOString();
	}
	return lineTime;
}

/** The text of a message's content parts (`input_text` / `output_text`). */
function contentText(content: unknown): string {
	if (typeof content === 'string') {
		return content;
	}
	if (!Array.isArray(content)) {
		return '';
	}
	return content
		.map(part => (isObject(part) ? (str(part.text) ?? '') : ''))
		.filter(Boolean)
		.join('\n');
}

const EXEC_HEADER = /^Chunk ID: [^\n]*\nWall time: [^\n]*\n(?:Process exited with code (-?\d+)\n)?(?:Original token count: [^\n]*\n)?Output:\n?/u;
const SCRIPT_HEADER = /^Script completed\nWall time [^\n]*\nOutput:\n/u;

/**
 * A tool's output as Codex wrapped it, unwrapped to what the tool printed: exec_command's
 * `Chunk ID … Output:` header and code mode's `Script completed … Output:` with its JSON are
 * dropped; a non-zero exit code is kept in front (`exit 1: …`).
 */
export function outputText(output: unknown): string {
	const text = typeof output === 'string' ? output : Array.isArray(output) ? contentText(output) : isObject(output) ? (str(output.content) ?? '') : '';
	const exec = EXEC_HEADER.exec(text);
	if (exec !== null) {
		const rest = text.slice(exec[0].length);
		return exec[1] !== undefined && exec[1] !== '0' ? `exit ${exec[1]}: ${rest}` : rest;
	}
	const script = SCRIPT_HEADER.exec(text);
	if (script !== null) {
		let json: unknown;
		try {
			json = JSON.parse(text.slice(script[0].length));
		} catch {
			return text.slice(script[0].length);
		}
		if (isObject(json) && typeof json.output === 'string') {
			const code = json.exit_code;
			return typeof code === 'number' && code !== 0 ? `exit ${code}: ${json.output}` : json.output;
		}
		return text.slice(script[0].length);
	}
	return text;
}

/** A user message that is Codex's own context, not a task (`<environment_context>`, `<user_instructions>`…). */
function isContextMessage(t: string): boolean {
	return /^\s*<[a-z_]+>/.test(t);
}

function callSummary(name: string, args: unknown): string {
	let detail: string | undefined;
	const raw = str(args);
	let parsed: unknown;
	try {
		parsed = raw === undefined ? args : JSON.parse(raw);
	} catch {
		parsed = undefined;
	}
	if (isObject(parsed)) {
		const command = parsed.command ?? parsed.cmd;
		detail = Array.isArray(command)
			? command.filter(c => typeof c === 'string').join(' ')
			: (str(command) ?? str(parsed.message) ?? str(parsed.task_name) ?? str(parsed.path));
	}
	return oneLine(detail ? `${name} ${detail}` : name, SUMMARY_LENGTH);
}

type Mutable<T> = {-readonly [K in keyof T]: T[K]};

/** A rollout is written by one process, in order: a start after a stop is always a resume. */
const ORDERED = {ordered: true} as const;

/**
 * Moves the thread through the lifecycle machine (the one the hook and the event log use). A line
 * with no time (`when` undefined) still moves it, but dates nothing and adds no step.
 */
function moveThread(s: Mutable<CodexThread>, when: string | undefined, how: (life: Life, ms: number, steps: StepSink) => Moved): Moved {
	const dated = (iso: string | undefined) => (iso === undefined ? {} : {ms: Date.parse(iso)});
	const life: Life = {
		phase: s.phase,
		...(s.startedAt === undefined ? {} : {startedAt: s.startedAt, startMs: dated(s.startedAt).ms}),
		startUnknown: false,
		...(s.stoppedAt === undefined ? {} : {stoppedAt: s.stoppedAt, stopMs: dated(s.stoppedAt).ms}),
		resumeCount: s.resumeCount,
		...(s.resumedAt === undefined ? {} : {resumedAt: s.resumedAt}),
	};
	const moved = how(life, when === undefined ? Number.NaN : Date.parse(when), step => addStep(s, when === undefined ? undefined : step));
	const known = (iso: string | undefined) => (iso === '' ? undefined : iso);
	s.phase = life.phase === 'idle' ? 'active' : life.phase;
	s.startedAt ??= known(life.startedAt);
	// A stop with no time of its own is not dated by the start.
	s.stoppedAt = when === undefined && moved === 'stopped' ? undefined : known(life.stoppedAt);
	s.resumeCount = life.resumeCount;
	s.resumedAt = known(life.resumedAt);
	return moved;
}

type MutableSegment = {-readonly [K in keyof TallySegment]: TallySegment[K]};
interface MutableSpend {
	pricer: Pricer;
	segments: MutableSegment[];
	turnEnded: boolean;
}

/** Tokens as a count: a negative or odd value is none. */
const tokens = (v: unknown): number => Math.max(0, num(v));

/**
 * One request's usage as OpenAI bills it: `input_tokens` holds the cached input (and cache writes)
 * too, so the input priced at the input rate is the rest; `output_tokens` holds the reasoning.
 */
function requestUsage(u: Json): PriceUsage {
	const input = tokens(u.input_tokens);
	const cacheRead = Math.min(tokens(u.cached_input_tokens), input);
	const cacheWrite = Math.min(tokens(u.cache_write_input_tokens), input - cacheRead);
	return {input: input - cacheRead - cacheWrite, output: tokens(u.output_tokens), cacheRead, cacheWrite};
}

/** The segment of the turn a request or call at `ms` belongs to. */
function segmentOf(spend: MutableSpend, ms: number | undefined): MutableSegment {
	const segments = spend.segments;
	if (segments.length === 0 || (spend.turnEnded && segments.length < MAX_SEGMENTS)) {
		segments.push({at: null, tokens: NO_TOKENS, cost: NO_COST, responses: 0, toolCalls: 0});
	}
	spend.turnEnded = false;
	const segment = segments.at(-1)!;
	if (segment.at === null && ms !== undefined) {
		segment.at = ms;
	}
	return segment;
}

/**
 * A `token_count` whose running total moved: a new request (Codex reports one request more than
 * once, the same total each time). Its own usage is its `last_token_usage`, else what the total
 * grew by; it is priced with the model of its turn.
 */
function countRequest(s: Mutable<CodexThread>, info: Json, before: CodexThread['usage'], ms: number | undefined): void {
	const now = s.usage!;
	if (before !== undefined && before.input === now.input && before.cachedInput === now.cachedInput && before.output === now.output) {
		return;
	}
	const last: Json = isObject(info.last_token_usage)
		? info.last_token_usage
		: {
				input_tokens: now.input - (before?.input ?? 0),
				cached_input_tokens: now.cachedInput - (before?.cachedInput ?? 0),
				output_tokens: now.output - (before?.output ?? 0),
			};
	const usage = requestUsage(last);
	const whole = usage.input + usage.cacheRead + usage.cacheWrite;
	const window = info.model_context_window;
	s.lastRequest = {
		tokens: tokens(last.total_tokens) || whole + usage.output,
		input: whole,
		...(typeof window === 'number' && Number.isSafeInteger(window) && window > 0 ? {window} : {}),
	};
	const spend = s.spend as MutableSpend | undefined;
	if (spend === undefined) {
		return;
	}
	const segment = segmentOf(spend, ms);
	segment.tokens = addTokens(segment.tokens, {input: usage.input, output: usage.output, cacheRead: usage.cacheRead, cacheCreation: usage.cacheWrite});
	segment.cost = addCost(segment.cost, responseCost(spend.pricer, s.model, usage, ms));
	segment.responses += 1;
}

function eventMsg(s: Mutable<CodexThread>, payload: Json, at: string | undefined, ms: number | undefined): void {
	switch (payload.type) {
		case 'task_started': {
			const when = isoOf(payload.started_at, at);
			moveThread(s, when, (life, ms, steps) => lifeStart(life, when ?? '', ms, ORDERED, steps));
			s.abortReason = undefined;
			if (s.spend !== undefined) {
				(s.spend as MutableSpend).turnEnded = true;
			}
			break;
		}
		case 'task_complete': {
			const when = isoOf(payload.completed_at, at);
			moveThread(s, when, (life, ms, steps) => lifeStop(life, when ?? '', ms, 'completed', 'task-complete', false, steps));
			const report = text(payload.last_agent_message);
			if (report !== undefined && report.trim() !== '') {
				s.report = report;
			}
			s.activity = undefined;
			break;
		}
		case 'turn_aborted': {
			const reason = label(payload.reason) ?? 'aborted';
			if (moveThread(s, at, (life, ms, steps) => lifeStop(life, at ?? '', ms, 'interrupted', `turn-aborted:${reason}`, false, steps)) === 'stopped') {
				s.abortReason = reason;
			}
			s.activity = undefined;
			break;
		}
		case 'token_count': {
			const info = isObject(payload.info) ? payload.info : {};
			const total = isObject(info.total_token_usage) ? info.total_token_usage : undefined;
			if (total !== undefined) {
				const before = s.usage;
				const n = num(total.total_tokens);
				s.totalTokens = n > 0 ? n : num(total.input_tokens) + num(total.output_tokens);
				s.usage = {input: num(total.input_tokens), cachedInput: num(total.cached_input_tokens), output: num(total.output_tokens)};
				countRequest(s, info, before, ms);
			}
			break;
		}
		default:
	}
}

function responseItem(s: Mutable<CodexThread>, payload: Json, ms: number | undefined, calls: boolean): void {
	switch (payload.type) {
		case 'message': {
			const t = contentText(payload.content);
			if (payload.role === 'user' && s.task === undefined && t.trim() !== '' && !isContextMessage(t)) {
				s.task = text(t, TASK_MAX);
			} else if (payload.role === 'assistant' && t.trim() !== '') {
				const first = t.split('\n').find(l => l.trim() !== '');
				s.activity = first === undefined ? undefined : oneLine(first, SUMMARY_LENGTH);
			}
			break;
		}
		case 'function_call':
		case 'custom_tool_call': {
			const name = label(payload.name) ?? 'tool';
			// The fold's own table and list (copied once per fold): added to in place.
			addCount(s.toolCounts, name);
			if (s.spend !== undefined) {
				segmentOf(s.spend as MutableSpend, ms).toolCalls += 1;
			}
			if (!calls) {
				s.activity = name;
				break;
			}
			const id = str(payload.call_id) ?? `${s.toolCalls.length}`;
			const patched = name === 'apply_patch' ? patchFiles(patchText(payload) ?? '').map(f => safeLine(head(shortPath(f, s.meta?.cwd), 512))) : [];
			for (const file of patched) {
				if (s.files.length < MAX_CODEX_FILES && !s.files.includes(file)) {
					s.files = [...s.files, file];
				}
			}
			const summary =
				patched.length > 0
					? oneLine(`apply_patch ${patched[0]}${patched.length > 1 ? ` (+${patched.length - 1} more)` : ''}`, SUMMARY_LENGTH)
					: callSummary(name, payload.arguments ?? payload.input);
			const call: CodexToolCall = {id: safeLine(head(id, 128)), name, summary, at: ms};
			const kept = s.toolCalls as CodexToolCall[];
			kept.push(call);
			if (kept.length > 2 * MAX_CODEX_TOOL_CALLS) {
				kept.splice(0, kept.length - MAX_CODEX_TOOL_CALLS);
			}
			s.activity = call.summary;
			break;
		}
		case 'function_call_output':
		case 'custom_tool_call_output': {
			if (!calls) {
				break;
			}
			const id = str(payload.call_id);
			const result = oneLine(outputText(payload.output), RESULT_LENGTH);
			const i = id === undefined ? -1 : s.toolCalls.findLastIndex(c => c.id === id);
			if (i >= 0) {
				const kept = s.toolCalls as CodexToolCall[];
				kept[i] = {...kept[i]!, result};
			}
			break;
		}
		default:
	}
}

/** One parsed line into the state. */
function foldLine(s: Mutable<CodexThread>, json: Json, calls: boolean): void {
	const start = s.meta?.historyStart;
	if (start !== undefined && typeof json.ordinal === 'number' && json.ordinal < start && json.type !== 'session_meta') {
		// The parent's history copied into a forked child: not this agent's.
		return;
	}
	const at = str(json.timestamp);
	const ms = at === undefined ? Number.NaN : Date.parse(at);
	const iso = Number.isNaN(ms) ? undefined : at;
	if (!Number.isNaN(ms) && (s.lastAt === undefined || ms > s.lastAt)) {
		s.lastAt = ms;
	}
	const payload = isObject(json.payload) ? json.payload : undefined;
	if (payload === undefined) {
		return;
	}
	switch (json.type) {
		case 'session_meta': {
			s.meta ??= codexMetaOf(payload);
			break;
		}
		case 'turn_context': {
			s.model = label(payload.model) ?? s.model;
			break;
		}
		case 'event_msg': {
			eventMsg(s, payload, iso, Number.isNaN(ms) ? undefined : ms);
			break;
		}
		case 'response_item': {
			responseItem(s, payload, Number.isNaN(ms) ? undefined : ms, calls);
			break;
		}
		default:
	}
}

export interface FoldOptions {
	/**
	 * False: tool calls are counted (`toolCounts`) but not kept (`toolCalls` stays empty, the
	 * activity is the tool's name): what a listing needs, without parsing every call's arguments.
	 */
	readonly calls?: boolean;
	/**
	 * Prices each request (`spend`). Taken when the fold starts at the file's first line; a thread
	 * folded on keeps the pricer it started with.
	 */
	readonly pricer?: Pricer;
}

/**
 * The thread after `lines` (whole lines of the file, in order, without their newlines). A line
 * that is not a JSON object is counted in `badLines` and skipped.
 */
export function foldRollout(state: CodexThread, lines: readonly string[], options: FoldOptions = {}): CodexThread {
	const calls = options.calls ?? true;
	// Copied once here, added to in place below: a copy per call made 100,000 calls (or names) quadratic.
	const s: Mutable<CodexThread> = {...state, toolCounts: countsOf(state.toolCounts), toolCalls: [...state.toolCalls]};
	if (state.spend !== undefined) {
		s.spend = {...state.spend, segments: state.spend.segments.map(segment => ({...segment}))};
	} else if (state.lines === 0 && options.pricer !== undefined) {
		s.spend = {pricer: options.pricer, segments: [], turnEnded: false};
	}
	for (const line of lines) {
		if (line.trim() === '') {
			continue;
		}
		s.lines += 1;
		let json: unknown;
		try {
			json = JSON.parse(withoutUnreadFields(line));
		} catch {
			s.badLines += 1;
			continue;
		}
		if (!isObject(json)) {
			s.badLines += 1;
			continue;
		}
		try {
			foldLine(s, json, calls);
		} catch {
			// A value nothing expected (a time past the year 275760): that line only.
			s.badLines += 1;
		}
	}
	const kept = s.toolCalls as CodexToolCall[];
	if (kept.length > MAX_CODEX_TOOL_CALLS) {
		kept.splice(0, kept.length - MAX_CODEX_TOOL_CALLS);
	}
	return s;
}
