// A Codex CLI thread's rollout file (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<threadId>.jsonl`,
// docs/codex-rollouts.md#rollout-files) folded into what agentlog shows of a subagent: who it is (the first line,
// `session_meta`), how its turns went (`task_started`, `task_complete`, `turn_aborted`), its tokens,
// tool calls, task and report. Pure: lines in, a state out; a state takes more lines later, so a
// growing file is read only once.
//
// The format is Codex's own and changes between releases: every field is optional, an unknown line
// is skipped, and every string kept is made safe for a terminal as it is kept (the lines are never
// copied).
//
// In parts named for what they hold: the thread's shape (codex-thread.ts), who it is
// (codex-meta.ts), what its items say as text (rollout-items.ts), what its requests cost
// (rollout-spend.ts); the fold of each line into the thread is here.
import type {Pricer} from '../cost/cost.js';
import type {LifecycleStep} from '../record/fold-state.js';
import {lifeStart, lifeStop, type Life, type Moved, type StepSink} from '../record/lifecycle-machine.js';
import {addCount, countsOf} from '../record/name-counts.js';
import {isObject, num, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {oneLine, shortPath} from '../transcript/tool-summary.js';
import {codexMetaOf} from './codex-meta.js';
import {MAX_CODEX_FILES, MAX_CODEX_STEPS, MAX_CODEX_TOOL_CALLS, type CodexThread, type CodexToolCall, type Mutable} from './codex-thread.js';
import {callSummary, contentText, isContextMessage, isoOf, label, outputText, patchFiles, patchText, SUMMARY_LENGTH, text} from './rollout-items.js';
import {countRequest, segmentOf, type MutableSpend} from './rollout-spend.js';
import {withoutUnreadFields} from './unread-fields.js';

export {codexMetaOf, type CodexMeta} from './codex-meta.js';
export {
	EMPTY_THREAD,
	MAX_CODEX_FILES,
	MAX_CODEX_STEPS,
	MAX_CODEX_TOOL_CALLS,
	type CodexPhase,
	type CodexRequest,
	type CodexSpend,
	type CodexThread,
	type CodexToolCall,
} from './codex-thread.js';
export {CODEX_TEXT_MAX, outputText, patchFiles} from './rollout-items.js';

const TASK_MAX = 2000;
const RESULT_LENGTH = 200;

function addStep(s: Mutable<CodexThread>, step: LifecycleStep | undefined): void {
	if (step !== undefined) {
		s.steps = [...s.steps, step].slice(-MAX_CODEX_STEPS);
	}
}

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
