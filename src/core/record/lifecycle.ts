// The detail pane's "lifecycle" section: an agent's steps (spawned, idle, active,
// completed, interrupted, resumed) with local times, from its session's event log folded by
// foldEvents, else — for an agent the log does not name (an older hook, an unreadable log) — from
// what its record says. Pure: times are formatted by the caller's `time`.
import type {LifecycleStep} from './fold-state.js';
import type {AgentRecord} from './agent-record.js';
import {clip, fit} from '../text/cut.js';
import {wrapText} from '../text/wrap.js';
import {HOOK_STOP_PREFIX, isFailure, isUserStop, STOP_FAILURE_PREFIX} from './limits.js';
import type {Provider} from './provider.js';

/** What the event log says of one agent's lifecycle (the follower keeps these, display-safe). */
export interface AgentLifecycle {
	/** In time order (see `foldEvents`). Their `at` and `reason` come from display-safe lines. */
	readonly steps: readonly LifecycleStep[];
	/** Its earliest log lines let go to keep memory bounded (a teammate idle thousands of times): the steps may start late. */
	readonly dropped: number;
}

/** The event log of the session shown, as far as it was read. */
export interface SessionLifecycle {
	/** By agentId. */
	readonly agents: ReadonlyMap<string, AgentLifecycle>;
	/** Lines that could not be read (garbage, a line over the bound). */
	readonly skipped: number;
	/** Why the log could not be read (a FIFO, a folder, a symlink, a read error); display-safe. */
	readonly problem?: string;
}

export const EMPTY_SESSION_LIFECYCLE: SessionLifecycle = {agents: new Map(), skipped: 0};

/** The most steps the section shows (the latest ones); the rest are counted. */
export const LIFECYCLE_STEPS_SHOWN = 12;

/** A stop reason in words: `session-end:other` → `session ended (other)`. Empty for a plain stop. */
export function stopReasonText(reason: string | undefined): string {
	// A plain stop: Claude Code's SubagentStop, Codex's task_complete.
	if (reason === undefined || reason === '' || reason === 'subagent-stop' || reason === 'task-complete') {
		return '';
	}
	if (reason === 'complete-task' || reason === 'termination:GOAL') {
		// Gemini CLI: the child called complete_task (its parent's result: Termination Reason GOAL).
		return '';
	}
	if (reason.startsWith('termination:')) {
		// Gemini CLI's own end reason: TIMEOUT, MAX_TURNS, ABORTED.
		return `termination reason ${reason.slice('termination:'.length)}`;
	}
	if (reason.startsWith('turn-aborted:')) {
		// Codex: the child's turn was aborted (close_agent, interrupt_agent, Ctrl-C).
		return `its turn was aborted (${reason.slice('turn-aborted:'.length)})`;
	}
	if (reason.startsWith('session-end:')) {
		return `session ended (${reason.slice('session-end:'.length)})`;
	}
	if (isFailure(reason)) {
		return reason.slice(STOP_FAILURE_PREFIX.length);
	}
	if (isUserStop(reason)) {
		return 'stopped by you';
	}
	if (reason.startsWith(HOOK_STOP_PREFIX)) {
		return `stopped by a hook: ${reason.slice(HOOK_STOP_PREFIX.length)}`;
	}
	if (reason.startsWith('tool:')) {
		return `its parent's call came back ${reason.slice('tool:'.length)}`;
	}
	return reason;
}

function stepWords(step: LifecycleStep): string {
	if (step.kind === 'user-stopped') {
		// The reason says no more than the kind.
		return 'stopped by you';
	}
	const why = step.kind === 'completed' || step.kind === 'failed' || step.kind === 'interrupted' ? stopReasonText(step.reason) : '';
	return why === '' ? step.kind : `${step.kind} · ${why}`;
}

/** The steps a record alone tells (no log names the agent): only when it carries lifecycle fields. */
export function recordSteps(agent: AgentRecord): LifecycleStep[] {
	const resumed = agent.resumeCount !== undefined && agent.resumeCount > 0;
	if (!agent.interrupted && !resumed && agent.stopReason === undefined && agent.resumedAt === undefined) {
		return [];
	}
	const steps: LifecycleStep[] = [];
	if (!agent.startUnknown) {
		steps.push({kind: 'spawned', at: agent.startedAt});
	}
	if (agent.resumedAt !== undefined) {
		steps.push({kind: 'resumed', at: agent.resumedAt});
	}
	if (agent.status === 'stopped' && agent.stoppedAt !== undefined) {
		const step: LifecycleStep = {
			kind: agent.interrupted ? 'interrupted' : isFailure(agent.stopReason) ? 'failed' : isUserStop(agent.stopReason) ? 'user-stopped' : 'completed',
			at: agent.stoppedAt,
			...(agent.stopReason === undefined ? {} : {reason: agent.stopReason}),
		};
		steps.push(step);
	}
	return steps;
}

/** Where an agent's lifecycle comes from when no event log names it, by its tool. */
const SOURCE_OF: Readonly<Record<Provider, string>> = {
	claude: 'from its agent file',
	codex: 'from its rollout',
	gemini: 'from its session file',
	qwen: 'from its agent file',
	opencode: "from opencode's database",
};

/**
 * The section's lines: a rule with its title, then one line per step (`12:00:05  spawned`), the
 * latest `LIFECYCLE_STEPS_SHOWN` of them. From the log when it names the agent; else from the
 * record (said so); nothing when neither tells anything.
 */
export function lifecycleLines(
	agent: AgentRecord,
	session: SessionLifecycle | undefined,
	time: (iso: string) => string,
	width: number,
	/** What its transcript tells (a Codex rollout's turns): before the record's fields when no log names it. */
	fromTranscript?: readonly LifecycleStep[],
): string[] {
	const fromLog = session?.agents.get(agent.agentId);
	const steps = fromLog?.steps ?? (fromTranscript !== undefined && fromTranscript.length > 0 ? fromTranscript : recordSteps(agent));
	const notes: string[] = [];
	if (fromLog === undefined) {
		if (steps.length === 0 && session?.problem === undefined) {
			return [];
		}
		if (steps.length > 0) {
			// A Codex child seen without agentlog's hook has no agent file: its rollout said it (a Gemini child: its session file).
			const source = SOURCE_OF[agent.provider ?? 'claude'];
			notes.push(session?.problem === undefined ? `${source}: no event log names it` : source);
		}
	}
	if (session?.problem !== undefined) {
		notes.push(`event log not read: ${session.problem}`);
	}
	const lines = ['', fit('── lifecycle '.padEnd(Math.min(width, 40), '─'), width)];
	if (fromLog !== undefined && fromLog.dropped > 0) {
		lines.push(clip(`… ${fromLog.dropped} earlier event${fromLog.dropped === 1 ? '' : 's'} not kept`, width));
	}
	const hidden = Math.max(0, steps.length - LIFECYCLE_STEPS_SHOWN);
	if (hidden > 0) {
		lines.push(clip(`… ${hidden} earlier step${hidden === 1 ? '' : 's'}`, width));
	}
	for (const step of steps.slice(Math.max(0, steps.length - LIFECYCLE_STEPS_SHOWN))) {
		const at = time(step.at).padStart(8);
		const words = wrapText(stepWords(step), Math.max(10, width - at.length - 2), 2);
		lines.push(...words.map((line, i) => clip(`${i === 0 ? at : ' '.repeat(at.length)}  ${line}`, width)));
	}
	for (const note of notes) {
		lines.push(...wrapText(`(${note})`, width, 3));
	}
	return lines;
}
