// The timeline in watch (key t): a bar per agent on a time axis, in the list's order and nesting,
// the selected one marked; + and - zoom, < and > move in time, Enter opens the detail pane, t
// goes back to the list.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {App} from '../../src/tui/App.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';

afterEach(() => {
	cleanup();
});

const agents = () => [
	agent('e1', {type: 'Explore', start: 0, stop: 40, extra: {lastMessage: 'Found 4 routes'}}),
	agent('p1', {type: 'Plan', start: 20, extra: {}}),
	agent('f1', {type: 'critic', start: 10, stop: 30, extra: {stopReason: 'stop-failure:rate_limit', lastMessage: 'API Error'}}),
];

const barOf = (frame: string, name: string) => {
	const line = frame.split('\n').find(l => l.includes(name))!;
	return line.slice(line.indexOf(name) + name.length).trimStart();
};

describe('App: the timeline', () => {
	it('t draws each agent as a bar on a time axis, the failure marked; t again is the list', async () => {
		const {lastFrame, stdin} = render(
			<App source={new FakeSource(agents())} staleMs={300_000} max={8} dedup keyboard now={() => ms(60)} size={{columns: 80, rows: 20}} />,
		);
		await tick();
		expect(lastFrame()).not.toContain('at once');
		stdin.write('t');
		await tick();
		const frame = lastFrame() ?? '';
		expect(frame).toContain('at once');
		expect(frame).toMatch(/╵\d\d:\d\d:\d\d/u);
		// Plan runs to now: its bar ends in ▶ at the right edge.
		expect(barOf(frame, 'Plan')).toMatch(/━+▶$/u);
		expect(barOf(frame, 'critic')).toMatch(/─+✗/u);
		expect(barOf(frame, 'Explore')).toMatch(/^─+/u);
		// The selected row (the newest start) is marked.
		expect(frame.split('\n').find(l => l.includes('Plan'))).toMatch(/^▸ /u);
		expect(frame).toContain('t list');
		stdin.write('t');
		await tick();
		expect(lastFrame()).not.toContain('at once');
	});

	it('+ zooms into the latest part, < looks back, - zooms out; Enter opens the detail pane', async () => {
		const {lastFrame, stdin} = render(
			<App source={new FakeSource(agents())} staleMs={300_000} max={8} dedup keyboard now={() => ms(60)} size={{columns: 80, rows: 20}} />,
		);
		await tick();
		stdin.write('t');
		await tick();
		const whole = lastFrame() ?? '';
		stdin.write('+');
		await tick();
		const zoomed = lastFrame() ?? '';
		// Half the span: Explore (0–40 s) starts before the window, so its bar begins at the left edge.
		expect(zoomed).not.toEqual(whole);
		expect(zoomed).toContain('<> time');
		stdin.write('<');
		await tick();
		const back = lastFrame() ?? '';
		// Looking back, Plan no longer reaches now.
		expect(barOf(back, 'Plan')).not.toContain('▶');
		stdin.write('-');
		await tick();
		expect(lastFrame()).toEqual(whole);
		stdin.write(KEY.enter);
		await tick();
		expect(lastFrame()).toMatch(/^type +Plan$/mu);
		expect(lastFrame()).toContain('Esc back');
	});
});
