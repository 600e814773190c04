// x: the question for the selected row, then the stop request (app/stop, handed in by watch); the
// rows it covers say `stopping…` from then until they stop.
import {useLayoutEffect, useMemo, useRef, useState} from 'react';
import type {MonitorItem} from '../../core/monitor/model.js';
import type {Result} from '../../core/result.js';
import {planStop, unstoppableWhy, type StopPlan} from '../../core/stop/stop-target.js';
import {STOP_OFF_TEXT, stopQuestion, stopTargetText} from '../../present/stop-text.js';
import {isRunRow, runIdOfRow} from '../model/workflow-rows.js';

/** What watch hands the App for x: whether the stop is installed, and writing a request for the hook. */
export interface StopActions {
	readonly installed: () => boolean;
	readonly request: (sessionId: string, target: string, items: readonly MonitorItem[]) => Result<StopPlan>;
}

export interface StopKeys {
	/** The agents asked to stop, by id, with when (ms). */
	readonly stopping: ReadonlyMap<string, number>;
	/** x on a row: the question to ask, or why nothing can be stopped. */
	readonly ask: ((selectedId: string) => {readonly question: string} | {readonly notice: string}) | undefined;
	/** The answer to the question: what was done. */
	readonly answer: ((yes: boolean) => string) | undefined;
}

const NO_STOPS: ReadonlyMap<string, number> = new Map();

export function useStopKeys(stop: StopActions | undefined, items: readonly MonitorItem[], sessionId: string | undefined, now: () => number): StopKeys {
	const [stopping, setStopping] = useState<ReadonlyMap<string, number>>(NO_STOPS);
	const state = useRef<{items: readonly MonitorItem[]; sessionId: string | undefined; asked?: {target: string; sessionId: string}}>({
		items: [],
		sessionId: undefined,
	});
	// Kept for the key handler as each render commits (keys read the latest, never a render's closure).
	useLayoutEffect(() => {
		state.current = {...state.current, items, sessionId};
	}, [items, sessionId]);
	const ask = useMemo(
		() =>
			stop === undefined
				? undefined
				: (selectedId: string): {readonly question: string} | {readonly notice: string} => {
						const {items: shown, sessionId: session} = state.current;
						// Another tool's agent cannot be stopped at all: say that, not how to install the stop.
						const why = unstoppableWhy(shown.find(item => item.agent.agentId === selectedId)?.agent.provider);
						if (why !== undefined) {
							return {notice: `x: ${why}`};
						}
						if (!stop.installed()) {
							return {notice: `x: ${STOP_OFF_TEXT}`};
						}
						const target = isRunRow(selectedId) ? runIdOfRow(selectedId) : selectedId;
						const plan = session === undefined ? undefined : planStop(target, shown);
						if (plan === undefined || session === undefined) {
							return {notice: 'x: no session here'};
						}
						if (!plan.ok) {
							return {notice: `x: cannot stop: ${plan.error}`};
						}
						state.current = {...state.current, asked: {target, sessionId: session}};
						return {question: stopQuestion(plan.value)};
					},
		[stop],
	);
	const answer = useMemo(
		() =>
			stop === undefined
				? undefined
				: (yes: boolean): string => {
						const {asked, items: shown} = state.current;
						state.current = {...state.current, asked: undefined};
						if (!yes || asked === undefined) {
							return 'x: nothing stopped';
						}
						const done = stop.request(asked.sessionId, asked.target, shown);
						if (!done.ok) {
							return `x: cannot stop: ${done.error}`;
						}
						const since = now();
						setStopping(before => new Map([...before, ...done.value.stops.map(item => [item.agent.agentId, since] as const)]));
						return `asked to stop ${stopTargetText(done.value)}: each agent stops at its next tool call`;
					},
		[stop, now],
	);
	return {stopping, ask, answer};
}
