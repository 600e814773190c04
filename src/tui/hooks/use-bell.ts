// The bell: when an agent starts waiting or finishes, at most once a second (tui/model/bell.ts),
// and not for a session whose hook notifies by itself.
import {useEffect, useRef} from 'react';
import {isFailure} from '../../core/record/limits.js';
import type {MonitorModel} from '../../core/monitor/model.js';
import {bellAllowed, bellWanted, type StatusMap} from '../model/bell.js';

export interface BellOptions {
	/** Whether the bell is on (key b). */
	readonly on: boolean;
	/** Rings the terminal bell (writes BEL). */
	readonly ring?: (() => void) | undefined;
	/** Whether the hook notifies this session itself: asked only when the bell would ring. */
	readonly hookNotifies?: ((sessionId: string) => boolean) | undefined;
	readonly sessionId: string | undefined;
	readonly now: () => number;
}

export function useBell(view: MonitorModel, {on, ring, hookNotifies, sessionId, now}: BellOptions): void {
	const statuses = useRef<StatusMap>(new Map());
	const lastRing = useRef<number | undefined>(undefined);
	useEffect(() => {
		const next: StatusMap = new Map(
			view.items.map(item => [item.agent.agentId, {status: item.displayStatus, stale: item.stale, failed: isFailure(item.agent.stopReason)}]),
		);
		const before = statuses.current;
		statuses.current = next;
		const wall = now();
		// The hook's notify state is read only when the bell would ring at all.
		const wanted = () => bellWanted(before, next) && bellWanted(before, next, sessionId !== undefined && hookNotifies?.(sessionId) === true);
		if (on && ring && bellAllowed(lastRing.current, wall) && wanted()) {
			lastRing.current = wall;
			ring();
		}
	}, [view, on, ring, hookNotifies, sessionId, now]);
}
