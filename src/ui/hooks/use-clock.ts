import {useEffect, useState} from 'react';

/**
 * The time, re-read every `intervalMs` while it is set; undefined stops the clock, so an idle
 * monitor wakes up for nothing. One clock for the whole App, never one per card.
 */
export function useClock(now: () => number, intervalMs: number | undefined, version: unknown): number {
	const [time, setTime] = useState(now);
	useEffect(() => {
		// Any change of the data also moves the clock, so durations never lag an update.
		setTime(now());
		if (intervalMs === undefined) {
			return;
		}
		const timer = setInterval(() => setTime(now()), intervalMs);
		return () => clearInterval(timer);
	}, [now, intervalMs, version]);
	return time;
}
