// One card of the horizontal strip: a bordered box of CARD_HEIGHT lines, its name with the status
// glyph, duration and state, then two lines of message; each cut to the card's width.
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {AgentCard, type AgentCardProps} from '../../../src/tui/components/AgentCard.js';
import {CARD_HEIGHT} from '../../../src/tui/model/layout.js';

const props = (extra: Partial<AgentCardProps> = {}): AgentCardProps => ({
	id: 'a1',
	shown: 'active',
	indent: '',
	name: 'Explore',
	duration: '1m 02s',
	label: 'running',
	lines: ['Found 4 routes', 'in src/routes'],
	selected: false,
	dim: false,
	width: 24,
	...extra,
});

const frame = (p: AgentCardProps) => (render(<AgentCard {...p} />).lastFrame() ?? '').split('\n');

describe('AgentCard', () => {
	it('draws a rounded box of its height and width with its four lines', () => {
		const lines = frame(props());
		expect(lines).toHaveLength(CARD_HEIGHT);
		for (const line of lines) {
			expect([...line]).toHaveLength(24);
		}
		expect(lines[0]).toBe(`╭${'─'.repeat(22)}╮`);
		expect(lines[1]).toBe('│ ● Explore            │');
		expect(lines[2]).toBe('│ 1m 02s · running     │');
		expect(lines[3]).toBe('│ Found 4 routes       │');
		expect(lines[4]).toBe('│ in src/routes        │');
		expect(lines[5]).toBe(`╰${'─'.repeat(22)}╯`);
	});

	it('the chosen card has a double border', () => {
		const lines = frame(props({selected: true}));
		expect(lines[0]).toBe(`╔${'═'.repeat(22)}╗`);
		expect(lines[1]?.startsWith('║ ● Explore')).toBe(true);
	});

	it('cuts a long name (after its tree marks) and state line to the card', () => {
		const lines = frame(props({indent: '└ ', name: 'a-very-long-agent-type-name', duration: '12h 00m', label: 'stopped · interrupted by the session end'}));
		expect(lines[1]).toBe('│ ● └ a-very-long-age… │');
		expect(lines[2]).toBe('│ 12h 00m · stopped ·… │');
	});

	it('no message lines: blank lines, the height kept', () => {
		const lines = frame(props({lines: []}));
		expect(lines).toHaveLength(CARD_HEIGHT);
		expect(lines[3]).toBe(`│${' '.repeat(22)}│`);
	});
});
