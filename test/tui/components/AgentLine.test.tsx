// One agent in the vertical list: the mark of the chosen one, the status glyph, the tree's marks,
// the name padded to its column, the duration right-aligned, the message cut to its width.
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {AgentLine, type AgentLineProps} from '../../../src/tui/components/AgentLine.js';

const props = (extra: Partial<AgentLineProps> = {}): AgentLineProps => ({
	id: 'a1',
	shown: 'active',
	indent: '',
	name: 'Explore',
	duration: '3m 05s',
	message: 'Found 4 API routes',
	selected: false,
	dim: false,
	typeWidth: 12,
	durationWidth: 8,
	messageWidth: 30,
	...extra,
});

const frame = (p: AgentLineProps) => render(<AgentLine {...p} />).lastFrame() ?? '';

describe('AgentLine', () => {
	it('lays out its columns', () => {
		expect(frame(props())).toBe('  ● Explore        3m 05s Found 4 API routes');
	});

	it('marks the chosen line, and each status with its glyph', () => {
		expect(frame(props({selected: true}))).toBe('▸ ● Explore        3m 05s Found 4 API routes');
		expect(frame(props({shown: 'stopped'}))).toMatch(/^ {2}○ /);
		expect(frame(props({shown: 'waiting'}))).toMatch(/^ {2}◆ /);
		expect(frame(props({shown: 'stale'}))).toMatch(/^ {2}◌ /);
		expect(frame(props({shown: 'idle'}))).toMatch(/^ {2}◐ /);
	});

	it('a nested agent’s marks take from its name’s room, the columns stay aligned', () => {
		expect(frame(props({indent: '└ ', name: 'general-purpose'}))).toBe('  ● └ general-p…   3m 05s Found 4 API routes');
	});

	it('cuts the message to its width', () => {
		expect(frame(props({message: 'x'.repeat(50), messageWidth: 10}))).toBe(`  ● Explore        3m 05s ${'x'.repeat(9)}…`);
	});

	it('an empty name or message keeps the columns', () => {
		expect(frame(props({name: '', message: ''}))).toBe(`  ● ${' '.repeat(12)}   3m 05s`);
	});
});
