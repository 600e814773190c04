// The timeline's lanes from what the list shows: the monitor model's items (in the list's order,
// nested under their parents) and each agent's lifecycle steps from its session's log. One lane
// per item; the same for `watch` and `agentlog timeline`. Pure.
import type {ViewItem} from '../core/monitor/view.js';
import type {LifecycleStep} from '../core/record/fold-state.js';
import {isFailure, isUserStop} from '../core/record/limits.js';
import {nestedName} from './present.js';
import type {Lane, LaneStatus, MarkKind} from './timeline.js';

function statusOf(item: ViewItem): LaneStatus {
	if (item.stale) {
		return 'stale';
	}
	if (item.displayStatus !== 'stopped') {
		return item.displayStatus;
	}
	if (item.agent.interrupted) {
		return 'interrupted';
	}
	return isFailure(item.agent.stopReason) ? 'failed' : isUserStop(item.agent.stopReason) ? 'user-stopped' : 'completed';
}

const time = (iso: string | undefined): number | undefined => {
	const ms = iso === undefined ? Number.NaN : Date.parse(iso);
	return Number.isNaN(ms) ? undefined : ms;
};

/** One item's lane: its bar from the record's times, idles and marks from its steps. */
export function laneOf(item: ViewItem & {readonly name?: string | undefined}, steps: readonly LifecycleStep[] = [], nowMs = Date.now()): Lane | undefined {
	const startMs = time(item.agent.startedAt);
	if (startMs === undefined) {
		return undefined;
	}
	const status = statusOf(item);
	const stopped = item.displayStatus === 'stopped' || item.stale;
	const recorded = stopped ? (time(item.agent.stoppedAt) ?? (item.stale ? item.lastLife : undefined)) : undefined;
	const idle: {fromMs: number; toMs?: number}[] = [];
	const rests: {fromMs: number; toMs: number}[] = [];
	const marks: {ms: number; kind: MarkKind}[] = [];
	let idleFrom: number | undefined;
	let stoppedAt: number | undefined;
	let lastStop: number | undefined;
	for (const step of steps) {
		const ms = time(step.at);
		if (ms === undefined) {
			continue;
		}
		if (step.kind === 'completed' || step.kind === 'failed' || step.kind === 'interrupted' || step.kind === 'user-stopped') {
			stoppedAt ??= ms;
			lastStop = Math.max(lastStop ?? ms, ms);
		} else if (step.kind === 'resumed' && stoppedAt !== undefined) {
			rests.push({fromMs: stoppedAt, toMs: ms});
			stoppedAt = undefined;
		}
		if (step.kind === 'idle') {
			idleFrom ??= ms;
			continue;
		}
		if (idleFrom !== undefined) {
			idle.push({fromMs: idleFrom, toMs: ms});
			idleFrom = undefined;
		}
		if (step.kind === 'resumed' || step.kind === 'failed' || step.kind === 'interrupted' || step.kind === 'user-stopped') {
			marks.push({ms, kind: step.kind});
		}
	}
	// The log may know a later stop than the agent file (a resumed run it took for a repeat).
	const stopMs = recorded === undefined ? undefined : Math.max(recorded, stoppedAt === undefined ? recorded : (lastStop ?? recorded));
	if (idleFrom !== undefined) {
		idle.push(status === 'idle' ? {fromMs: idleFrom} : {fromMs: idleFrom, toMs: stopMs ?? nowMs});
	}
	if (item.waiting !== undefined) {
		marks.push({ms: item.waiting.since, kind: 'waiting'});
	}
	return {
		id: item.agent.agentId,
		label: nestedName(item),
		startMs,
		...(stopMs === undefined ? {} : {stopMs: Math.max(stopMs, startMs)}),
		status,
		...(rests.length === 0 ? {} : {rests}),
		...(idle.length === 0 ? {} : {idle}),
		...(marks.length === 0 ? {} : {marks}),
	};
}

/** The lanes of the items shown, in their order; an item whose start time does not parse has none. */
export function lanesOf(
	items: readonly (ViewItem & {readonly name?: string | undefined})[],
	stepsOf: (agentId: string) => readonly LifecycleStep[] | undefined,
	nowMs: number,
): Lane[] {
	return items.flatMap(item => {
		const lane = laneOf(item, stepsOf(item.agent.agentId) ?? [], nowMs);
		return lane === undefined ? [] : [lane];
	});
}
