// `agentlog stop --json`: the request written (or, with --dry-run, the one that would be), and
// `--cancel --json`: how many were withdrawn.
import type {StopPlan} from '../core/stop/stop-target.js';
import type {StopRequest} from '../core/stop/stop-request.js';

export interface StopJson {
	readonly sessionId: string;
	readonly requestId: string;
	readonly dryRun: boolean;
	readonly agents: readonly string[];
	readonly runs: readonly string[];
	/** Every agent the request stops: the named ones and those under them. */
	readonly stops: readonly string[];
	readonly requestedAt: string;
	readonly expiresAt: string;
	/** Whether the hook will carry it out (install-hook --control). */
	readonly installed: boolean;
}

export function stopJson(
	sessionId: string,
	asked: {readonly plan: StopPlan; readonly request: StopRequest; readonly installed: boolean},
	dryRun: boolean,
): StopJson {
	const {plan, request, installed} = asked;
	return {
		sessionId,
		requestId: request.id,
		dryRun,
		agents: request.agents,
		runs: request.runs,
		stops: plan.stops.map(item => item.agent.agentId),
		requestedAt: request.requestedAt,
		expiresAt: request.expiresAt,
		installed,
	};
}

export function stopCancelJson(sessionId: string, cancelled: number): {readonly sessionId: string; readonly cancelled: number} {
	return {sessionId, cancelled};
}
