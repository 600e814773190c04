// The first second of watch: the Markdown renderer loads in the background (~300 ms after the
// first frame, then ~200 ms to import). A detail pane opened before that holds its message
// (a placeholder line) until it is rendered: no frame ever shows the raw Markdown. Its own file:
// the renderer is loaded once per process, and here it must not be loaded yet.
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {App} from '../../src/tui/App.js';
import {MARKDOWN_PENDING} from '../../src/tui/model/detail-lines.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';

afterEach(() => {
	cleanup();
});

const REPORT = '## Release notes\n\n- **Latest Version:** 2.1.328\n- **Released:** `2026-11-26`\n';

describe('a detail pane opened before the Markdown renderer has loaded', () => {
	it('never shows the raw Markdown: a placeholder, then the rendered message', async () => {
		const source = new FakeSource([agent('a1', {type: 'Explore', start: 0, stop: 60, extra: {lastMessage: REPORT}})]);
		const {frames, lastFrame, stdin} = render(
			<App source={source} staleMs={5 * 60_000} max={8} dedup keyboard now={() => ms(120)} size={{columns: 100, rows: 24}} />,
		);
		stdin.write(KEY.enter);
		await tick();
		await vi.waitFor(() => expect(lastFrame()).toContain('status'), {timeout: 5000});
		// Opened before the renderer is there: held.
		expect(
			lastFrame()
				?.split('\n')
				.some(line => line.trim() === MARKDOWN_PENDING),
		).toBe(true);
		await vi.waitFor(() => expect(lastFrame()).toMatch(/Latest Version: 2\.1\.328/u), {timeout: 10_000});
		for (const frame of frames) {
			expect(frame).not.toContain('**Latest Version:**');
			expect(frame).not.toContain('`2026-11-26`');
		}
	});
});
