// One clock for the App: an external store that ticks only while an interval is set, moves at once
// when its data changes, and tells its readers only when its time moved.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {Clock, useClock, useClockInterval} from '../../../src/tui/hooks/use-clock.js';

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe('Clock', () => {
	it('reads the time when made and on refresh, telling readers only when it moved', () => {
		let now = 1000;
		const clock = new Clock(() => now);
		const heard = vi.fn();
		const off = clock.subscribe(heard);
		expect(clock.getSnapshot()).toBe(1000);
		clock.refresh();
		expect(heard).not.toHaveBeenCalled();
		now = 2000;
		clock.refresh();
		expect(clock.getSnapshot()).toBe(2000);
		expect(heard).toHaveBeenCalledTimes(1);
		off();
		now = 3000;
		clock.refresh();
		expect(heard).toHaveBeenCalledTimes(1);
	});

	it('ticks only while an interval is set; setting the same one again keeps its timer', () => {
		let now = 0;
		const clock = new Clock(() => now);
		const heard = vi.fn();
		clock.subscribe(heard);
		now = 5;
		vi.advanceTimersByTime(10_000);
		expect(heard).not.toHaveBeenCalled();
		clock.setInterval(1000);
		expect(vi.getTimerCount()).toBe(1);
		clock.setInterval(1000);
		expect(vi.getTimerCount()).toBe(1);
		vi.advanceTimersByTime(1000);
		expect(heard).toHaveBeenCalledTimes(1);
		now = 6;
		clock.setInterval(250);
		vi.advanceTimersByTime(250);
		expect(heard).toHaveBeenCalledTimes(2);
		clock.setInterval(undefined);
		expect(vi.getTimerCount()).toBe(0);
	});
});

function Shown({now, version, interval}: {readonly now: () => number; readonly version: number; readonly interval: number | undefined}) {
	const {clock, time} = useClock(now, version);
	useClockInterval(clock, interval);
	return <Text>{time}</Text>;
}

describe('useClock', () => {
	it('shows the time, moves when the data changes, ticks at its interval, stops on unmount', () => {
		let t = 100;
		const now = vi.fn(() => t);
		const {lastFrame, rerender, unmount} = render(<Shown now={now} version={1} interval={undefined} />);
		expect(lastFrame()).toBe('100');
		t = 200;
		rerender(<Shown now={now} version={1} interval={undefined} />);
		expect(lastFrame()).toBe('100');
		rerender(<Shown now={now} version={2} interval={undefined} />);
		expect(lastFrame()).toBe('200');
		rerender(<Shown now={now} version={2} interval={500} />);
		t = 300;
		vi.advanceTimersByTime(500);
		rerender(<Shown now={now} version={2} interval={500} />);
		expect(lastFrame()).toBe('300');
		unmount();
		vi.advanceTimersByTime(0);
		const calls = now.mock.calls.length;
		vi.advanceTimersByTime(5000);
		expect(now.mock.calls.length).toBe(calls);
	});
});
