// The hook's stdin read into a `HookEvent`: its limits, the cut payload of one over the limit,
// anything that is not JSON a reason to skip.
import {parseCutHookPayload} from '../../core/hook/payload-cut.js';
import {parseHookPayload} from '../../core/hook/hook-payload.js';
import type {HookEvent, Outcome} from '../../core/hook/hook-event.js';
import type {HookRun} from './hook-context.js';

const MAX_STDIN = 32 * 1024 * 1024;
/** The hook stops reading stdin when no byte came for this long (a writer that never closes it). */
const STDIN_STALL_MS = 2000;
/** …and at the latest this long after it started (a writer that trickles forever). */
const STDIN_DEADLINE_MS = 10_000;

/** How the entry reads stdin (readStdin): bytes kept, the stall, the deadline from `startedMs`. */
export function stdinLimits(startedMs: number): {readonly maxBytes: number; readonly stallMs: number; readonly deadline: number} {
	return {maxBytes: MAX_STDIN, stallMs: STDIN_STALL_MS, deadline: startedMs + STDIN_DEADLINE_MS};
}

/** The event stdin holds; the payload as parsed goes on the run, for the stop. */
export function readEvent(run: HookRun): Outcome<HookEvent> {
	const {stdin: input, log} = run.input;
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
	run.payload = json;
	return parseHookPayload(json);
}

/** A PreToolUse: only a pending stop's business (install-hook --control); nothing of it is recorded. */
export function isPreToolUse(payload: unknown): boolean {
	return typeof payload === 'object' && payload !== null && (payload as {hook_event_name?: unknown}).hook_event_name === 'PreToolUse';
}
