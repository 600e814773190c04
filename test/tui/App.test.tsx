// Component tests of the monitor with ink-testing-library: keys in, frames out.
import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {App, type AppProps} from '../../src/tui/App.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {hugeText} from '../helpers/huge-text.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';

afterEach(() => {
	cleanup();
});

const NOW = ms(120);

function renderApp(source: FakeSource, props: Partial<AppProps> = {}) {
	return render(<App source={source} staleMs={5 * 60_000} max={8} dedup keyboard now={() => NOW} size={{columns: 100, rows: 24}} {...props} />);
}

async function press(stdin: {write: (data: string) => void}, ...keys: string[]): Promise<void> {
	for (const key of keys) {
		stdin.write(key);
		await tick();
	}
}

/** The line of the selected agent (marked ▸). */
function selectedLine(frame: string | undefined): string | undefined {
	return frame?.split('\n').find(line => line.startsWith('▸'));
}

const three = () => [
	agent('a1', {type: 'Explore', start: 0, stop: 60, extra: {lastMessage: '## Done\n\nFound **4** routes in `src/routes`.'}}),
	agent('a2', {type: 'Plan', start: 10}),
	agent('a3', {type: 'general-purpose', start: 20}),
];

describe('App', () => {
	it('shows the header counts and one line per agent, newest first, with the first selected', async () => {
		const {lastFrame} = renderApp(new FakeSource(three()));
		await tick();
		const frame = lastFrame() ?? '';
		expect(frame).toContain('session 3f2c9a10 (following)');
		expect(frame).toContain('● 2 active');
		expect(frame).toContain('○ 1 stopped');
		const lines = frame.split('\n');
		expect(lines.findIndex(l => l.includes('general-purpose'))).toBeLessThan(lines.findIndex(l => l.includes('Plan')));
		expect(selectedLine(frame)).toContain('general-purpose');
		// Durations: a3 started 100 s before now and still runs; a1 ran 60 s.
		expect(frame).toMatch(/general-purpose\s+1m 40s/);
		// The report's summary line: its first line with words (here its heading).
		expect(frame).toMatch(/Explore\s+1m 00s Done\s*$/mu);
	});

	it('moves the selection with arrows and j/k, and keeps it on the same agent when the list changes', async () => {
		const source = new FakeSource(three());
		const {lastFrame, stdin} = renderApp(source);
		await tick();
		await press(stdin, KEY.down);
		expect(selectedLine(lastFrame())).toContain('Plan');
		await press(stdin, 'j');
		expect(selectedLine(lastFrame())).toContain('Explore');
		await press(stdin, 'k', 'k', 'k');
		expect(selectedLine(lastFrame())).toContain('general-purpose');
		await press(stdin, 'l');
		expect(selectedLine(lastFrame())).toContain('Plan');
		// A newer agent arrives on top: the selection stays on Plan, not on the second line.
		source.setAgents([...three(), agent('a4', {type: 'Reviewer', start: 30})]);
		await tick();
		expect(lastFrame()).toContain('Reviewer');
		expect(selectedLine(lastFrame())).toContain('Plan');
	});

	it('opens the detail pane on Enter with fields and the rendered Markdown, and closes it on Esc', async () => {
		const {lastFrame, stdin} = renderApp(new FakeSource(three()));
		await tick();
		await press(stdin, 'j', 'j', KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('status'), {timeout: 5000});
		const frame = lastFrame() ?? '';
		expect(frame).toMatch(/status\s+○ stopped/);
		expect(frame).toMatch(/id\s+a1/);
		expect(frame).toMatch(/type\s+Explore/);
		expect(frame).toMatch(/session\s+3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47/);
		expect(frame).toMatch(/duration\s+1m 00s/);
		expect(frame).toMatch(/stopped\s+\S/);
		// Rendered Markdown (loaded lazily): no emphasis or code marks left.
		await vi.waitFor(() => expect(lastFrame()).toContain('Found 4 routes in src/routes.'), {timeout: 5000});
		expect(lastFrame()).not.toContain('**');
		await press(stdin, KEY.esc);
		expect(lastFrame()).not.toContain('status ');
		expect(selectedLine(lastFrame())).toContain('Explore');
	});

	it('scrolls a long message in the detail pane', async () => {
		const long = Array.from({length: 60}, (_, i) => `line number ${i + 1}`).join('\n\n');
		const source = new FakeSource([agent('a1', {type: 'Explore', start: 0, stop: 5, extra: {lastMessage: long}})]);
		const {lastFrame, stdin} = renderApp(source, {size: {columns: 80, rows: 20}});
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('line number 1'), {timeout: 5000});
		expect(lastFrame()).not.toContain('line number 30');
		await press(stdin, KEY.pageDown, KEY.pageDown, KEY.pageDown);
		expect(lastFrame()).not.toContain('line number 1\n');
		await press(stdin, 'G');
		expect(lastFrame()).toContain('line number 60');
		expect((lastFrame() ?? '').split('\n').length).toBeLessThanOrEqual(19);
	});

	it('shows a live update while the detail pane is open', async () => {
		const source = new FakeSource([agent('a1', {type: 'Explore', start: 0})]);
		const {lastFrame, stdin} = renderApp(source);
		await tick();
		await press(stdin, KEY.enter);
		expect(lastFrame()).toMatch(/status\s+● active/);
		source.setAgents([agent('a1', {type: 'Explore', start: 0, stop: 90, extra: {lastMessage: 'All **done** now.'}})]);
		await vi.waitFor(() => expect(lastFrame()).toMatch(/status\s+○ stopped/), {timeout: 5000});
		await vi.waitFor(() => expect(lastFrame()).toContain('All done now.'), {timeout: 5000});
	});

	it('collapses and expands with c, and reports the change for saving', async () => {
		const saved: boolean[] = [];
		const {lastFrame, stdin} = renderApp(new FakeSource(three()), {onCollapsedChange: c => saved.push(c)});
		await tick();
		await press(stdin, 'c');
		const collapsed = lastFrame() ?? '';
		expect(collapsed).toContain('● 2 active');
		expect(collapsed).not.toContain('Plan');
		expect(collapsed).toContain('c expand');
		await press(stdin, 'c');
		expect(lastFrame()).toContain('Plan');
		// The change is reported from an effect, which may run after the frame is written.
		await vi.waitFor(() => expect(saved).toEqual([true, false]), {timeout: 5000});
	});

	it('starts collapsed when the saved state says so', async () => {
		const {lastFrame} = renderApp(new FakeSource(three()), {initialCollapsed: true});
		await tick();
		expect(lastFrame()).not.toContain('Plan');
	});

	it('hides ghosts, counts them, and shows them dimmed and labelled on g', async () => {
		// A worker stops at 40 s; two short-lived copies start within 30 s of that: a shutdown handshake.
		const agents = [
			agent('w1', {type: 'worker', start: 0, stop: 40}),
			agent('g1', {type: 'worker', start: 43, stop: 45}),
			agent('g2', {type: 'worker', start: 47, stop: 48}),
		];
		const {lastFrame, stdin} = renderApp(new FakeSource(agents));
		await tick();
		expect(lastFrame()).toContain('2 ghosts hidden');
		expect((lastFrame() ?? '').match(/worker/g)).toHaveLength(1);
		await press(stdin, 'g');
		expect(lastFrame()).toContain('2 ghosts shown');
		expect((lastFrame() ?? '').match(/ghost · /g)).toHaveLength(2);
	});

	it('shows the newest 8 and says how many are hidden; a shows all', async () => {
		const agents = Array.from({length: 12}, (_, i) => agent(`a${i}`, {type: `type${String(i).padStart(2, '0')}`, start: i}));
		const {lastFrame, stdin} = renderApp(new FakeSource(agents));
		await tick();
		expect(lastFrame()).toContain('+4 older (a: all)');
		expect(lastFrame()).toContain('type11');
		expect(lastFrame()).not.toContain('type03');
		await press(stdin, 'a');
		expect(lastFrame()).toContain('type03');
		expect(lastFrame()).toContain('type00');
	});

	it('marks an active agent silent for 5 minutes as stale, with how long it has been silent', async () => {
		const {lastFrame} = renderApp(new FakeSource([agent('a1', {type: 'Explore', start: 0})]), {now: () => ms(400)});
		await tick();
		expect(lastFrame()).toContain('◌ 1 stale');
		expect(lastFrame()).toMatch(/◌ Explore\s+ran 0s stale · silent 6m/);
	});

	it('counts unreadable files as warnings', async () => {
		const source = new FakeSource(three());
		source.setAgents(three(), new Map([['bad.json', 'not valid JSON']]));
		const {lastFrame} = renderApp(source);
		await tick();
		expect(lastFrame()).toContain('⚠ 1 unreadable file');
	});

	it('shows the waiting screen before any session exists', async () => {
		const {lastFrame} = renderApp(new FakeSource([], {sessionId: undefined}));
		await tick();
		expect(lastFrame()).toContain('Waiting for the first subagent');
		expect(lastFrame()).toContain('agentlog install-hook');
	});

	it('lists the keys on ?', async () => {
		const {lastFrame, stdin} = renderApp(new FakeSource(three()));
		await tick();
		await press(stdin, '?');
		expect(lastFrame()).toContain('open the detail pane');
		expect(lastFrame()).toContain('collapse / expand');
		await press(stdin, KEY.esc);
		expect(lastFrame()).toContain('Plan');
	});

	it('runs without keys when the keyboard is unavailable', async () => {
		const {lastFrame, stdin} = renderApp(new FakeSource(three()), {keyboard: false});
		await tick();
		expect(lastFrame()).toContain('keys unavailable');
		await press(stdin, 'j');
		expect(selectedLine(lastFrame())).toContain('general-purpose');
	});

	it('uses a horizontal strip of cards in a short wide pane', async () => {
		const {lastFrame} = renderApp(new FakeSource(three()), {size: {columns: 120, rows: 12}});
		await tick();
		const frame = lastFrame() ?? '';
		expect(frame).toContain('╔');
		expect(frame.split('\n').length).toBeLessThanOrEqual(11);
		const line = frame.split('\n').find(l => l.includes('Plan')) ?? '';
		expect(line).toContain('general-purpose');
	});

	it('shows a 20 MB last message in the list and the detail pane from its start only', async () => {
		const huge = hugeText(20 * 1024 * 1024);
		const source = new FakeSource([
			agent('big', {type: 'Talker', start: 0, stop: 60, extra: {lastMessage: huge.text}}),
			agent('a2', {type: 'Plan', start: 10}),
		]);
		const {lastFrame, stdin} = renderApp(source);
		await tick();
		expect(lastFrame()).toMatch(/Talker\s+1m 00s Found routes in src\/routes and more words here\./);
		await press(stdin, 'j', KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('Found routes in src/routes and more words here.'), {timeout: 5000});
		expect(lastFrame()).toContain('message cut at 1.0M of 21.0M characters');
		expect(lastFrame()).not.toContain('**');
		// Keys are answered while it renders.
		await press(stdin, 'j');
		await vi.waitFor(() => expect(lastFrame()).toMatch(/lines 2–/), {timeout: 5000});
		await vi.waitFor(() => expect(lastFrame()).not.toContain('rendering'), {timeout: 10_000});
		expect(huge.read()).toBeLessThan(3 * 1024 * 1024);
	});

	it('shows the end of what is rendered of a long message and where it was cut', async () => {
		const paragraph = (i: number) => `Paragraph ${i} with **bold** words.`;
		const text = Array.from({length: 60_000}, (_, i) => paragraph(i)).join('\n\n');
		const source = new FakeSource([agent('a1', {type: 'Explore', start: 0, stop: 5, extra: {lastMessage: text}})]);
		const {lastFrame, stdin} = renderApp(source, {size: {columns: 80, rows: 20}});
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('Paragraph 0 with bold words.'), {timeout: 5000});
		// The footer says how far it is rendered, until it is.
		expect(lastFrame()).toMatch(/rendering( \d+\/\d+)?…/);
		await vi.waitFor(() => expect(lastFrame()).not.toContain('rendering'), {timeout: 10_000});
		await press(stdin, 'G');
		expect(lastFrame()).toMatch(/message cut at 1\.0M of 2\.\dM characters/);
		expect(lastFrame()).toMatch(/Paragraph \d+ with bold words\./);
	});

	it('lets go of a record once its agent is gone, so a huge message can be freed', async () => {
		setFlagsFromString('--expose-gc');
		const gc = runInNewContext('gc') as () => void;
		const freed: string[] = [];
		const registry = new FinalizationRegistry<string>(id => freed.push(id));
		const source = new FakeSource([
			agent('big', {type: 'Talker', start: 0, stop: 60, extra: {lastMessage: `**big** ${'words '.repeat(50_000)}`}}),
			agent('a2', {type: 'Plan', start: 10}),
		]);
		registry.register(source.getSnapshot().set.agents.get('big.json') as object, 'big');
		const {lastFrame, stdin} = renderApp(source);
		await tick();
		await press(stdin, 'j', KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('big words'), {timeout: 5000});
		await press(stdin, KEY.esc);
		source.setAgents([agent('a2', {type: 'Plan', start: 10})]);
		await tick();
		await press(stdin, 'j', 'k');
		expect(lastFrame()).not.toContain('Talker');
		await vi.waitFor(
			async () => {
				gc();
				await tick();
				expect(freed).toEqual(['big']);
			},
			{timeout: 5000, interval: 50},
		);
	});
});

describe('App: a clock tick', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('moves the durations but does not follow the transcripts again when only the clock moved', async () => {
		vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
		const follows: number[] = [];
		const parents = new Map<string, string>();
		const states = new Map();
		const transcripts = {
			getSnapshot: () => states,
			getParents: () => parents,
			subscribe: () => () => undefined,
			follow: (targets: readonly unknown[]) => void follows.push(targets.length),
		};
		let now = ms(120);
		const agents = [agent('a1', {type: 'Explore', start: 0, extra: {transcriptPath: '/p/a1.jsonl'}}), agent('a2', {type: 'Plan', start: 10})];
		const {lastFrame} = renderApp(new FakeSource(agents), {now: () => now, transcripts});
		await tick();
		expect(lastFrame()).toContain('2m 00s');
		// Following happens in an effect, which may run after the first frame is written.
		await vi.waitFor(() => expect(follows.length).toBeGreaterThan(0), {timeout: 5000});
		await tick();
		const followed = follows.length;
		for (let i = 1; i <= 3; i++) {
			now += 1000;
			vi.advanceTimersByTime(1000);
			await tick();
		}
		expect(lastFrame()).toContain('2m 03s');
		expect(follows).toHaveLength(followed);
	});
});
