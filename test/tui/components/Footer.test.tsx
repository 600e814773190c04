// The footer's and the header's one line: the text as given, never wrapped onto a second line.
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {Footer} from '../../../src/tui/components/Footer.js';

describe('Footer', () => {
	it('draws its text on one line', () => {
		expect(render(<Footer text="q quit · ? help · / filter" />).lastFrame()).toBe('q quit · ? help · / filter');
	});

	it('a text wider than the terminal is cut, not wrapped', () => {
		const frame = render(<Footer text={`${'word '.repeat(40)}end`} />).lastFrame() ?? '';
		expect(frame.split('\n')).toHaveLength(1);
		expect(frame).not.toContain('end');
		expect(frame.endsWith('…')).toBe(true);
	});
});
