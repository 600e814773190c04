// Finding an agent in watch: the / filter typed as keys, the order of key o, the session picker
// (s) and the tmux jump (p), keys in and frames out.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {App, type AppProps} from '../../src/tui/App.js';
import type {SessionChoice} from '../../src/tui/model/session-picker.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';

afterEach(() => {
	cleanup();
});

const NOW = ms(600);
const BACKSPACE = '\u007F';

/** Twelve agents, newest first by start: review-11 … review-0, every third an Explore that failed. */
function agents() {
	return Array.from({length: 12}, (_, i) =>
		i % 3 === 0
			? agent(`e${i}`, {type: 'Explore', start: i * 10, stop: i * 10 + 5, extra: {description: `explore ${i}`, stopReason: 'stop-failure:overloaded'}})
			: agent(`r${i}`, {type: 'code-reviewer', start: i * 10, stop: i * 10 + 300, extra: {description: `review ${i}`}}),
	);
}

function renderApp(props: Partial<AppProps> = {}) {
	return render(
		<App source={new FakeSource(agents())} staleMs={300_000} max={8} dedup={false} keyboard now={() => NOW} size={{columns: 100, rows: 24}} {...props} />,
	);
}

async function press(stdin: {write: (data: string) => void}, ...keys: string[]): Promise<void> {
	for (const key of keys) {
		stdin.write(key);
		await tick();
	}
}

const lines = (frame: string | undefined) => (frame ?? '').split('\n');
const rowsOf = (frame: string | undefined) => lines(frame).filter(line => /[○●◐◆◌] /u.test(line) && !line.includes('agentlog'));

describe('the / filter', () => {
	it('filters as it is typed, over every agent (not only the newest --max), and says n of m', async () => {
		const {lastFrame, stdin} = renderApp();
		await tick();
		expect(rowsOf(lastFrame())).toHaveLength(8);
		await press(stdin, '/', 'E', 'x', 'p');
		const frame = lastFrame();
		expect(frame).toContain('/Exp▏');
		// e0, e3, e6, e9: e0 and e3 are past the cap of 8 and found anyway.
		expect(lines(frame)[0]).toContain('4 of 12');
		expect(rowsOf(frame).map(line => line.match(/explore \d+/u)?.[0])).toEqual(['explore 9', 'explore 6', 'explore 3', 'explore 0']);
		// q is typed, not a quit; Backspace takes it back.
		await press(stdin, 'q');
		expect(lastFrame()).toContain('/Expq▏');
		expect(lastFrame()).toContain('No agent of 12 matches /Expq');
		await press(stdin, BACKSPACE);
		expect(rowsOf(lastFrame())).toHaveLength(4);
	});

	it('field:value terms; Enter keeps the filter and gives the keys back; Esc clears it', async () => {
		const {lastFrame, stdin} = renderApp();
		await tick();
		await press(stdin, '/', ...'status:failed -desc:9', KEY.enter);
		let frame = lastFrame();
		expect(lines(frame)[0]).toContain('3 of 12');
		expect(frame).toContain('/status:failed -desc:9 (Esc clears)');
		// Keys move again: j selects the next row.
		await press(stdin, 'j');
		expect(lines(lastFrame()).find(line => line.startsWith('▸'))).toContain('explore 3');
		await press(stdin, KEY.esc);
		frame = lastFrame();
		expect(frame).not.toContain('of 12');
		expect(rowsOf(frame)).toHaveLength(8);
		// Esc in the line clears it too.
		await press(stdin, '/', 'z', KEY.esc);
		expect(rowsOf(lastFrame())).toHaveLength(8);
		expect(lastFrame()).not.toContain('/z');
	});

	it('takes / and the words typed after it in one chunk (a fast typist, a paste), and Enter with them', async () => {
		const {lastFrame, stdin} = renderApp();
		await tick();
		await press(stdin, '/type:explore\rj');
		expect(lines(lastFrame())[0]).toContain('4 of 12');
		expect(lastFrame()).toContain('/type:explore (Esc clears)');
		expect(lines(lastFrame()).find(line => line.startsWith('▸'))).toContain('explore 6');
	});

	it('an unknown field says so and filters nothing until it is fixed', async () => {
		const {lastFrame, stdin} = renderApp();
		await tick();
		await press(stdin, '/', ...'colour:');
		expect(lastFrame()).toContain("unknown field 'colour:'");
		expect(lines(lastFrame())[0]).toContain('filter incomplete');
		// Every agent, none filtered out.
		expect(rowsOf(lastFrame())).toHaveLength(12);
	});

	it('the timeline shows only what the filter keeps', async () => {
		const {lastFrame, stdin} = renderApp({initialFilter: 'type:explore'});
		await tick();
		await press(stdin, 't');
		const frame = lastFrame() ?? '';
		expect(frame).toContain('Explore');
		expect(frame).not.toContain('code-reviewer');
	});
});

describe('the order (o)', () => {
	it('cycles the list through the orders and says which one in the footer', async () => {
		const {lastFrame, stdin} = renderApp({initialFilter: 'review'});
		await tick();
		const first = () => rowsOf(lastFrame())[0] ?? '';
		expect(first()).toContain('review 11');
		expect(lastFrame()).not.toContain('order:');
		await press(stdin, 'o');
		expect(lastFrame()).toContain('order: last activity (o)');
		// r11 stopped last (at 410 s).
		expect(first()).toContain('review 11');
		await press(stdin, 'o', 'o');
		// status: every review stopped alike, so their own order holds.
		expect(lastFrame()).toContain('order: status (o)');
		await press(stdin, 'o', 'o');
		expect(lastFrame()).not.toContain('order:');
	});

	it('by status, what failed comes first', async () => {
		const {lastFrame, stdin} = renderApp();
		await tick();
		await press(stdin, 'o', 'o', 'o');
		expect(lastFrame()).toContain('order: status (o)');
		expect(rowsOf(lastFrame())[0]).toContain('explore');
	});
});

describe('the session picker (s)', () => {
	const choices: SessionChoice[] = [
		{
			id: 'aaaa1111-0000-4000-8000-000000000000',
			label: 'aaaa1111-0000-4000-8000-000000000000',
			lastActivity: NOW - 30_000,
			counts: {waiting: 0, active: 2, idle: 0, stopped: 1, stale: 0},
		},
		{
			id: 'bbbb2222-0000-4000-8000-000000000000',
			label: 'bbbb2222-0000-4000-8000-000000000000',
			lastActivity: NOW - 7_200_000,
			counts: {waiting: 0, active: 0, idle: 0, stopped: 4, stale: 0},
			provider: 'codex',
		},
	];

	it('lists the sessions with counts and how long ago; Enter switches, f follows the newest, Esc closes', async () => {
		const chosen: Array<string | undefined> = [];
		const sessions = {list: () => choices, choose: (id: string | undefined) => void chosen.push(id)};
		const {lastFrame, stdin} = renderApp({sessions});
		await tick();
		await press(stdin, 's');
		let frame = lastFrame() ?? '';
		expect(frame).toContain('Sessions, newest first');
		expect(frame).toMatch(/› {2}aaaa1111 · ●2 ◐0 ○1 · 30s ago/u);
		expect(frame).toMatch(/ {3}\[codex\] bbbb2222 · ●0 ◐0 ○4 · 2h 00m ago/u);
		await press(stdin, 'j', KEY.enter);
		expect(chosen).toEqual(['bbbb2222-0000-4000-8000-000000000000']);
		expect(lastFrame()).not.toContain('Sessions, newest first');
		await press(stdin, 's', 'f');
		expect(chosen).toEqual(['bbbb2222-0000-4000-8000-000000000000', undefined]);
		await press(stdin, 's', KEY.esc);
		frame = lastFrame() ?? '';
		expect(frame).not.toContain('Sessions, newest first');
		expect(chosen).toHaveLength(2);
	});

	it('watch --host: each line names its host, each shown session is marked, a list read while open is shown', async () => {
		const chosen: Array<string | undefined> = [];
		const onHosts: SessionChoice[] = [
			{...choices[0]!, id: '0:aaaa1111', label: 'aaaa1111', host: 'devbox', shown: true},
			{...choices[0]!, id: '1:aaaa1111', label: 'aaaa1111', host: 'gpu\u001b[2J', shown: false},
		];
		const picker = (list: SessionChoice[]) => ({list: () => list, choose: (id: string | undefined) => void chosen.push(id)});
		const {lastFrame, stdin, rerender} = renderApp({sessions: picker(onHosts.slice(0, 1))});
		await tick();
		await press(stdin, 's');
		expect(lastFrame()).toMatch(/›\* devbox · aaaa1111 · ●2/u);
		rerender(
			<App
				source={new FakeSource(agents())}
				staleMs={300_000}
				max={8}
				dedup={false}
				keyboard
				now={() => NOW}
				size={{columns: 100, rows: 24}}
				sessions={picker(onHosts)}
			/>,
		);
		await tick();
		const frame = lastFrame() ?? '';
		expect(frame).toMatch(/›\* devbox · aaaa1111/u);
		// Same session id, not shown on that host: no mark; the host's name made safe.
		expect(frame).toMatch(/^ {3}gpu␛\[2J · aaaa1111/mu);
		await press(stdin, 'j', KEY.enter);
		expect(chosen).toEqual(['1:aaaa1111']);
	});

	it('takes s and Enter (or s, j and Enter) in one chunk, as tmux send-keys or a fast typist sends them', async () => {
		const chosen: Array<string | undefined> = [];
		let reads = 0;
		const sessions = {
			list: () => {
				reads += 1;
				return choices;
			},
			choose: (id: string | undefined) => void chosen.push(id),
		};
		const {lastFrame, stdin} = renderApp({sessions});
		await tick();
		await press(stdin, `s${KEY.enter}`);
		expect(chosen).toEqual(['aaaa1111-0000-4000-8000-000000000000']);
		expect(lastFrame()).not.toContain('Sessions, newest first');
		await press(stdin, `sj${KEY.enter}`);
		expect(chosen).toEqual(['aaaa1111-0000-4000-8000-000000000000', 'bbbb2222-0000-4000-8000-000000000000']);
		expect(reads).toBe(2);
		// Opened the usual way, what is drawn is what was read when s was pressed.
		await press(stdin, 's');
		expect(lastFrame()).toMatch(/› {2}aaaa1111/u);
		expect(reads).toBe(3);
	});

	it('where there is no session to switch to (demo, replay), s only says so', async () => {
		const {lastFrame, stdin} = renderApp();
		await tick();
		await press(stdin, 's');
		const frame = lastFrame() ?? '';
		expect(frame).not.toContain('Sessions, newest first');
		expect(frame).toContain('s: no session picker here (watch has one)');
		await press(stdin, 'j');
		expect(lastFrame()).toContain('▸');
	});
});

describe('the tmux jump (p)', () => {
	it("asks for the selected agent's pane and shows what it said until the next key", async () => {
		const asked: string[] = [];
		const {lastFrame, stdin} = renderApp({
			jump: id => {
				asked.push(id);
				return 'p: not inside tmux ($TMUX is not set)';
			},
		});
		await tick();
		await press(stdin, 'p');
		expect(asked).toEqual(['r11']);
		expect(lastFrame()).toContain('p: not inside tmux ($TMUX is not set)');
		await press(stdin, 'j');
		expect(lastFrame()).not.toContain('not inside tmux');
	});
});
