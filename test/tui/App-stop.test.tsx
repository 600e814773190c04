// x in watch: the confirmation that names what will stop, the request on y (nothing on n), the
// rows that say `stopping…` until their records say `stopped by you`, and x when it cannot.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {App} from '../../src/tui/App.js';
import type {MonitorItem} from '../../src/core/monitor/model.js';
import {planStop} from '../../src/core/stop/stop-target.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {FakeSource, tick} from '../helpers/fake-source.js';

afterEach(() => {
	cleanup();
});

const records = () => [
	agent('aparent001', {type: 'Explore', start: 0, extra: {description: 'Find the routes'}}),
	agent('achild0001', {type: 'worker', start: 10, extra: {parentAgentId: 'aparent001', description: 'Read one'}}),
	agent('agrand0001', {type: 'worker', start: 20, extra: {parentAgentId: 'achild0001', description: 'Read two'}}),
];

function setup(installed = true) {
	const requests: Array<{session: string; target: string}> = [];
	const stop = {
		installed: () => installed,
		request: (session: string, target: string, items: readonly MonitorItem[]) => {
			requests.push({session, target});
			return planStop(target, items);
		},
	};
	const source = new FakeSource(records());
	let now = ms(100);
	const app = render(<App source={source} staleMs={5 * 60_000} max={8} dedup keyboard now={() => now} size={{columns: 110, rows: 20}} stop={stop} />);
	return {...app, source, requests, advance: (s: number) => (now += s * 1000)};
}

describe('x in watch', () => {
	it('asks, stops on y, says stopping… with the wait, then stopped by you', async () => {
		const {stdin, lastFrame, source, requests, advance} = setup();
		await tick();
		// The first row (the parent) is selected.
		stdin.write('x');
		await vi.waitFor(() => expect(lastFrame()).toContain("stop Explore 'Find the routes' and its 2 agents? y/n"), {timeout: 5000});
		stdin.write('y');
		await vi.waitFor(() => expect(requests).toEqual([{session: '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47', target: 'aparent001'}]), {timeout: 5000});
		await vi.waitFor(() => expect(lastFrame()).toContain('asked to stop'), {timeout: 5000});
		advance(3);
		source.setAgents(records());
		await vi.waitFor(() => expect(lastFrame()).toMatch(/stopping… 3s/u), {timeout: 5000});
		// The hook recorded the child's stop: its row says so; the others still wait.
		source.setAgents(
			records().map(r =>
				r.agentId === 'agrand0001' ? {...r, status: 'stopped' as const, stoppedAt: new Date(ms(102)).toISOString(), stopReason: 'user-stop'} : r,
			),
		);
		await vi.waitFor(() => expect(lastFrame()).toContain('stopped by you'), {timeout: 5000});
		expect(lastFrame()).toContain('stopping…');
	});

	it('n (or any key but y) stops nothing', async () => {
		const {stdin, lastFrame, requests} = setup();
		await tick();
		stdin.write('x');
		await vi.waitFor(() => expect(lastFrame()).toContain('? y/n'), {timeout: 5000});
		stdin.write('n');
		await vi.waitFor(() => expect(lastFrame()).toContain('nothing stopped'), {timeout: 5000});
		expect(requests).toEqual([]);
		expect(lastFrame()).not.toContain('stopping…');
	});

	it('says how to turn the stop on when it is off', async () => {
		const {stdin, lastFrame, requests} = setup(false);
		await tick();
		stdin.write('x');
		await vi.waitFor(() => expect(lastFrame()).toContain('install-hook --control'), {timeout: 5000});
		stdin.write('y');
		await tick();
		expect(requests).toEqual([]);
	});
});
