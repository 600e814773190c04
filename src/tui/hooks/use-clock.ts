import {useEffect, useState, useSyncExternalStore} from 'react';

/**
 * One clock for the whole App, never one per card: an external store the App reads with
 * useSyncExternalStore. It ticks only while an interval is set, so an idle monitor wakes up for
 * nothing, and moves at once when told (a data change), so durations never lag an update.
 */
export class Clock {
	private time: number;
	private timer: NodeJS.Timeout | undefined;
	private intervalMs: number | undefined;
	private readonly listeners = new Set<() => void>();

	constructor(private readonly now: () => number) {
		this.time = now();
	}

	getSnapshot = (): number => this.time;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	/** Reads the time again and tells the readers when it moved. */
	refresh = (): void => {
		const time = this.now();
		if (time !== this.time) {
			this.time = time;
			for (const listener of this.listeners) {
				listener();
			}
		}
	};

	/** Ticks every `intervalMs`; undefined stops the clock. */
	setInterval(intervalMs: number | undefined): void {
		if (intervalMs === this.intervalMs) {
			return;
		}
		clearInterval(this.timer);
		this.timer = undefined;
		this.intervalMs = intervalMs;
		if (intervalMs !== undefined) {
			this.timer = setInterval(this.refresh, intervalMs);
		}
	}
}

/** The App's clock: its time, moved whenever `version` (the data) changes. */
export function useClock(now: () => number, version: unknown): {readonly clock: Clock; readonly time: number} {
	const [clock] = useState(() => new Clock(now));
	const time = useSyncExternalStore(clock.subscribe, clock.getSnapshot);
	useEffect(() => clock.refresh(), [clock, version]);
	useEffect(() => () => clock.setInterval(undefined), [clock]);
	return {clock, time};
}

/** Sets how often the clock ticks (decided from what the clock's time showed). */
export function useClockInterval(clock: Clock, intervalMs: number | undefined): void {
	useEffect(() => clock.setInterval(intervalMs), [clock, intervalMs]);
}
