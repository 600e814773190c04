// A message's Markdown as the detail pane asks for it: rendered in the background when wanted,
// the component drawn again as pieces come; nothing asked for when not wanted.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {useMarkdown} from '../../../src/tui/hooks/use-markdown.js';

function Pane({text, width, wanted}: {readonly text: string | undefined; readonly width: number; readonly wanted: boolean}) {
	const rendered = useMarkdown(text, width, wanted);
	const shown = text === undefined ? undefined : rendered(text, width);
	return <Text>{shown === undefined ? 'raw' : `rendered ${shown.done}/${shown.pieces}: ${shown.lines.join('|')}`}</Text>;
}

async function until(check: () => boolean): Promise<void> {
	const end = Date.now() + 10_000;
	while (!check()) {
		if (Date.now() > end) throw new Error('timed out');
		await new Promise(resolve => setTimeout(resolve, 20));
	}
}

describe('useMarkdown', () => {
	it('renders a wanted message and draws the component again when it is', async () => {
		const text = `Found **4 routes** ${Date.now()}`;
		const {lastFrame} = render(<Pane text={text} width={60} wanted={true} />);
		await until(() => lastFrame()?.startsWith('rendered') === true);
		expect(lastFrame()).toMatch(/^rendered 1\/1: Found 4 routes \d+$/);
	});

	it('renders again at a new width', async () => {
		const text = `word ${'alpha beta gamma delta '.repeat(4)}${Date.now()}`;
		const {lastFrame, rerender} = render(<Pane text={text} width={80} wanted={true} />);
		await until(() => lastFrame()?.startsWith('rendered') === true);
		const wide = (lastFrame() ?? '').split('|').length;
		rerender(<Pane text={text} width={20} wanted={true} />);
		await until(() => (lastFrame() ?? '').split('|').length > wide);
		expect((lastFrame() ?? '').split('|').length).toBeGreaterThan(2);
	});

	it('no message: nothing to render', () => {
		expect(render(<Pane text={undefined} width={60} wanted={true} />).lastFrame()).toBe('raw');
	});
});
