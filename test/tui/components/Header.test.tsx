// The header's one line: session and counts as given, cut to one line, never wrapped.
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {Header} from '../../../src/tui/components/Header.js';

describe('Header', () => {
	it('draws its text on one line', () => {
		expect(render(<Header text="session 4d5611e5 · ● 2 active  ○ 3 stopped" />).lastFrame()).toBe('session 4d5611e5 · ● 2 active  ○ 3 stopped');
	});

	it('a text wider than the terminal is cut, not wrapped', () => {
		const frame = render(<Header text={`${'counts '.repeat(30)}end`} />).lastFrame() ?? '';
		expect(frame.split('\n')).toHaveLength(1);
		expect(frame).not.toContain('end');
	});

	it('an empty text is an empty line', () => {
		expect(render(<Header text="" />).lastFrame()).toBe('');
	});
});
