// The pane size: the terminal's, defaults where the stream has none, at least the smallest the
// layout draws, and updated on resize.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {useTerminalSize} from '../../../src/tui/hooks/use-terminal-size.js';
import {MIN_COLUMNS, MIN_ROWS} from '../../../src/tui/model/layout.js';

function Size() {
	const {columns, rows} = useTerminalSize();
	return <Text>{`${columns}x${rows}`}</Text>;
}

describe('useTerminalSize', () => {
	it('the stream’s columns, the default rows where it has none; a resize is followed', async () => {
		const {lastFrame, stdout} = render(<Size />);
		expect(lastFrame()).toBe('100x24');
		Object.defineProperty(stdout, 'columns', {value: 132, configurable: true});
		Object.defineProperty(stdout, 'rows', {value: 50, configurable: true});
		stdout.emit('resize');
		await new Promise(resolve => setTimeout(resolve, 20));
		expect(lastFrame()).toBe('132x50');
		Object.defineProperty(stdout, 'columns', {value: 10, configurable: true});
		Object.defineProperty(stdout, 'rows', {value: 1, configurable: true});
		stdout.emit('resize');
		await new Promise(resolve => setTimeout(resolve, 20));
		expect(lastFrame()).toBe(`${MIN_COLUMNS}x${MIN_ROWS}`);
	});

	it('stops listening when unmounted', () => {
		const {stdout, unmount} = render(<Size />);
		const before = stdout.listenerCount('resize');
		unmount();
		expect(stdout.listenerCount('resize')).toBeLessThan(before);
	});
});
