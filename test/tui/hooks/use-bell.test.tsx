// The bell as the App rings it: on an agent that starts waiting or finishes, with the bell on, at
// most once a second by the App's clock (not the wall's: a replay has its own), and never for a
// session whose hook notifies by itself.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import type {MonitorModel} from '../../../src/core/monitor/model.js';
import type {DisplayStatus} from '../../../src/core/monitor/stale.js';
import {useBell, type BellOptions} from '../../../src/tui/hooks/use-bell.js';

function view(...agents: Array<[string, DisplayStatus]>): MonitorModel {
	return {items: agents.map(([agentId, displayStatus]) => ({agent: {agentId}, displayStatus, stale: false}))} as unknown as MonitorModel;
}

function Bell({model, options}: {readonly model: MonitorModel; readonly options: BellOptions}) {
	useBell(model, options);
	return <Text>bell</Text>;
}

describe('useBell', () => {
	it('rings when an agent starts waiting, then not again within a second of the clock it is given', () => {
		const ring = vi.fn();
		let time = 10_000;
		const options = {on: true, ring, sessionId: 's1', now: () => time};
		const {rerender} = render(<Bell model={view(['a', 'active'], ['b', 'active'])} options={options} />);
		expect(ring).not.toHaveBeenCalled();
		rerender(<Bell model={view(['a', 'waiting'], ['b', 'active'])} options={options} />);
		expect(ring).toHaveBeenCalledTimes(1);
		time += 500;
		rerender(<Bell model={view(['a', 'waiting'], ['b', 'stopped'])} options={options} />);
		expect(ring).toHaveBeenCalledTimes(1);
		time += 1000;
		rerender(<Bell model={view(['a', 'stopped'], ['b', 'stopped'])} options={options} />);
		expect(ring).toHaveBeenCalledTimes(2);
	});

	it('stays quiet with the bell off, and for a session whose hook notifies', () => {
		const ring = vi.fn();
		const hookNotifies = vi.fn((session: string) => session === 's1');
		const off = {on: false, ring, sessionId: 's1', now: () => 0};
		const first = render(<Bell model={view(['a', 'active'])} options={off} />);
		first.rerender(<Bell model={view(['a', 'waiting'])} options={off} />);
		const notified = {on: true, ring, hookNotifies, sessionId: 's1', now: () => 5_000};
		const second = render(<Bell model={view(['a', 'active'])} options={notified} />);
		second.rerender(<Bell model={view(['a', 'waiting'])} options={notified} />);
		expect(ring).not.toHaveBeenCalled();
		expect(hookNotifies).toHaveBeenCalledWith('s1');
	});
});
