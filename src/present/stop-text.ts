// The words of the user's stop: the confirmation `x` in watch asks and `agentlog stop` prints,
// what `agentlog stop` says it asked for (or withdrew), the row's `stopping…`, and what cannot be
// stopped. Pure.
import {formatDuration, formatLocalTime} from '../core/text/format.js';
import {safeLine} from '../core/text/safe-text.js';
import {truncate} from '../core/text/cut.js';
import type {StopPlan} from '../core/stop/stop-target.js';
import {STOP_EXPIRES_MS, type StopRequest} from '../core/stop/stop-request.js';
import {agentName} from './present.js';

/** How much of a description the confirmation quotes. */
const QUOTED_CHARS = 40;

/** `Explore 'Find the routes'`, `workflow checks (wf_…)`: what the user named, in one line. */
export function stopTargetText(plan: StopPlan): string {
	if (plan.named.kind === 'run') {
		return `workflow ${plan.named.name === null ? plan.named.runId : `${safeLine(plan.named.name)} (${plan.named.runId})`}`;
	}
	const {item} = plan.named;
	const description = item.description === '' ? '' : ` '${truncate(safeLine(item.description), QUOTED_CHARS)}'`;
	return `${agentName(item)}${description}`;
}

/** The confirmation: `stop Explore 'Find the routes' and its 2 agents? y/n`. */
export function stopQuestion(plan: StopPlan): string {
	if (plan.named.kind === 'run') {
		const n = plan.stops.length;
		return `stop ${stopTargetText(plan)}: its ${n} running agent${n === 1 ? '' : 's'}? y/n`;
	}
	const others = plan.stops.filter(item => item !== (plan.named.kind === 'agent' ? plan.named.item : undefined)).length;
	const more = others === 0 ? '' : ` and its ${others} agent${others === 1 ? '' : 's'}`;
	return `stop ${stopTargetText(plan)}${more}? y/n`;
}

/** What a stop does and does not do, said once after it is asked for. */
export const STOP_LIMITS =
	'A tool call already running is not cut short: each agent stops at its next tool call (a parent waiting on a child stops when that call returns). The main session is never stopped.';

/** `the request expires in 30m`. */
export const STOP_EXPIRY_TEXT = `The request expires after ${formatDuration(STOP_EXPIRES_MS)} if an agent makes no tool call by then.`;

/** The row of an agent whose stop is asked for and not yet carried out: `stopping… 4s`. */
export function stoppingText(sinceMs: number, nowMs: number): string {
	return `stopping… ${formatDuration(Math.max(0, nowMs - sinceMs))}`;
}

/** Why `x` cannot stop anything until the stop is installed. */
export const STOP_OFF_TEXT = 'stop from agentlog is off: run `agentlog install-hook --control` (the plugin: its control option), then restart Claude Code';

/**
 * What `agentlog stop` prints once it asked (or, `dryRun`, would ask): the agents it stops, what a
 * stop does not do, when the request expires, and a warning when the hook will not carry it out.
 */
export function stopAskedText(
	asked: {readonly plan: StopPlan; readonly request: StopRequest; readonly installed: boolean},
	dryRun: boolean,
	nowMs: number,
): string {
	const {plan, request, installed} = asked;
	const what = stopQuestion(plan).replace(/\? y\/n$/u, '');
	const lines = [
		dryRun ? `Would ${what} (dry run: nothing written).` : `Asked to ${what}.`,
		...plan.stops.map(item => `  ${item.agent.agentId}  ${agentName(item)}${item.description === '' ? '' : `  ${safeLine(item.description)}`}`),
		STOP_LIMITS,
		`${STOP_EXPIRY_TEXT} (at ${formatLocalTime(request.expiresAt, nowMs)}; \`agentlog stop --cancel\` withdraws it).`,
	];
	if (!installed) {
		lines.push(`warning: ${STOP_OFF_TEXT}`);
	}
	return `${lines.join('\n')}\n`;
}

/** What `agentlog stop --cancel` prints: how many requests of the session it withdrew. */
export function stopCancelText(sessionId: string, cancelled: number): string {
	return cancelled === 0
		? `Session ${safeLine(sessionId)} has no stop waiting.\n`
		: `Withdrew ${cancelled} stop request${cancelled === 1 ? '' : 's'} of session ${safeLine(sessionId)}: agents already stopped stay stopped.\n`;
}
