// Waiting agents on screen: their glyph and words on a list line and a card, the header
// count, the detail status, and a main session that waits.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {App} from '../../src/tui/App.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';
import {HOSTILE, RAW_CONTROL} from '../helpers/hostile.js';

afterEach(() => {
	cleanup();
});

const iso = (s: number) => new Date(ms(s)).toISOString();
const waiting = (waitingFor = 'Bash: npm publish') =>
	agent('w1', {type: 'Explore', start: 0, extra: {updatedAt: iso(100), waitingFor, waitingSince: iso(100)}});

describe('waiting on screen', () => {
	it('a list line and the header say it, with what it waits for and for how long', async () => {
		const source = new FakeSource([waiting(), agent('a2', {type: 'Plan', start: 50})]);
		const {lastFrame} = render(<App source={source} staleMs={5 * 60_000} max={8} dedup keyboard now={() => ms(112)} size={{columns: 100, rows: 24}} />);
		await tick();
		const frame = lastFrame() ?? '';
		expect(frame).toContain('◆ 1 waiting  ● 1 active');
		expect(frame).toMatch(/◆ Explore\s+1m 52s waiting 12s · Bash: npm publish/u);
	});

	it('on a card, in the detail pane, and a main session that waits; hostile text stays harmless', async () => {
		const source = new FakeSource([waiting(`Bash: ${HOSTILE.title}`)]);
		const {lastFrame, stdin} = render(<App source={source} staleMs={5 * 60_000} max={8} dedup keyboard now={() => ms(112)} size={{columns: 120, rows: 10}} />);
		await tick();
		expect(lastFrame()).toContain('◆ Explore');
		expect(lastFrame()).not.toMatch(RAW_CONTROL);
		source.patch({mainWaiting: {waitingFor: 'Write: src/app.ts', since: ms(110)}});
		await vi.waitFor(() => expect(lastFrame()).toContain('◆ main session waits 2s · Write: src/app.ts'), {timeout: 5000});
		stdin.write(KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toMatch(/status\s+◆ waiting 12s/u), {timeout: 5000});
	});
});

describe('the bell', () => {
	it('rings when an agent starts waiting and when one finishes, only while on; b toggles it and reports the change', async () => {
		const rings: number[] = [];
		const saved: boolean[] = [];
		const source = new FakeSource([agent('a1', {type: 'Explore', start: 0})]);
		let now = ms(100);
		const {stdin} = render(
			<App
				source={source}
				staleMs={5 * 60_000}
				max={8}
				dedup
				keyboard
				now={() => now}
				size={{columns: 100, rows: 24}}
				initialBell
				ring={() => rings.push(now)}
				onBellChange={b => saved.push(b)}
			/>,
		);
		await tick();
		expect(rings).toHaveLength(0);
		now = ms(112);
		source.setAgents([waiting()]);
		await vi.waitFor(() => expect(rings).toHaveLength(1), {timeout: 5000});
		stdin.write('b');
		await vi.waitFor(() => expect(saved).toEqual([false]), {timeout: 5000});
		source.setAgents([agent('w1', {type: 'Explore', start: 0, stop: 120})]);
		await tick(100);
		expect(rings).toHaveLength(1);
	});

	it("leaves a wait to the hook's notifications for the session shown, and asks only when it would ring", async () => {
		const rings: number[] = [];
		const asked: string[] = [];
		const source = new FakeSource([agent('a1', {type: 'Explore', start: 0}), agent('w1', {type: 'Explore', start: 0})]);
		render(
			<App
				source={source}
				staleMs={5 * 60_000}
				max={8}
				dedup
				keyboard={false}
				now={() => ms(112)}
				size={{columns: 100, rows: 24}}
				initialBell
				ring={() => rings.push(1)}
				hookNotifies={session => {
					asked.push(session);
					return true;
				}}
			/>,
		);
		await tick();
		expect(asked).toEqual([]);
		source.setAgents([agent('a1', {type: 'Explore', start: 0}), waiting()]);
		await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0), {timeout: 5000});
		expect(rings).toHaveLength(0);
		// An agent finishing while another still runs: the hook says nothing of it, the bell rings.
		source.setAgents([agent('a1', {type: 'Explore', start: 0, stop: 120}), waiting()]);
		await vi.waitFor(() => expect(rings).toHaveLength(1), {timeout: 5000});
	});
});
