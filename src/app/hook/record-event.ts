// The hook's use case: one payload from Claude Code (or Codex CLI, or Qwen Code) recorded in
// the activity folder (docs/design.md#the-hook-event-by-event): the agent file upserted, the
// event appended to the session's log (docs/design.md#the-event-log), a pending stop carried
// out, a notification prepared. Whatever arrives, nothing throws out of here, and what Claude
// Code must read is returned, never written.
//
// No agent file is ever removed here: a session's files go with its folder (prune and the daily
// retention), so every view lists every agent. Everything is synchronous.
import {join} from 'node:path';
import type {HookEvent} from '../../core/hook/hook-event.js';
import {isoTime} from '../../core/hook/iso-time.js';
import {oneAnswer} from '../../core/stop/hook-answer.js';
import {recordAgentEvent} from './agent-event.js';
import {dailyPrune} from './daily-prune.js';
import type {HookInput, HookRun} from './hook-context.js';
import {recordMainAsk} from './main-ask.js';
import {isPreToolUse, readEvent} from './read-payload.js';
import {recordSessionEvent} from './session-event.js';
import {stopStep} from './stop-step.js';

/**
 * Runs the hook on what stdin held. Returns what goes to stdout at exit (a stop's answer, a
 * notification's line, or both in one object), undefined for nothing. An error is a line of the
 * hook's log; the lines prepared before it are still returned.
 */
export function runHook(input: HookInput): string | undefined {
	const run: HookRun = {input};
	try {
		recordStdin(run);
	} catch (error) {
		input.log(`error: ${error instanceof Error ? error.message : String(error)}`);
	}
	return oneAnswer(run.stopLine, run.notifyLine);
}

function recordStdin(run: HookRun): void {
	const {dir, log} = run.input;
	const parsed = readEvent(run);
	if (run.input.control && isPreToolUse(run.payload)) {
		stopStep(run);
		return;
	}
	if (!parsed.ok) {
		log(`skipped: ${parsed.error}`);
		return;
	}
	try {
		recordEvent(run, parsed.value);
		if (parsed.value.event === 'PostToolUse') {
			// A parent's Agent call came back: the parent stops here when the user stopped it.
			stopStep(run);
		}
	} finally {
		// Never on SessionEnd, whose hooks Claude Code gives little time.
		if (parsed.value.event !== 'SessionEnd') {
			dailyPrune(dir, run.input.clock(), run.input.loadPrune, log);
		}
	}
}

/** The event recorded where it belongs: the session's, the main session's ask, or an agent's. */
function recordEvent(run: HookRun, event: HookEvent): void {
	const now = isoTime(run.input.startedMs);
	const sessionDir = join(run.input.dir, event.sessionId);
	if (event.event === 'SessionStart' || event.event === 'SessionEnd') {
		recordSessionEvent(run, sessionDir, event, now);
		return;
	}
	if ((event.event === 'PermissionRequest' || event.event === 'Notification') && event.agentId === undefined) {
		recordMainAsk(sessionDir, event, now, run.input.log);
		return;
	}
	recordAgentEvent(run, event, now);
}
