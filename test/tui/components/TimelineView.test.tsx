// A timeline row is drawn as one styled text (one Ink node a row, not one a stretch of its bar):
// in colour and without, the frame must be the one the nested <Text bold>/<Text color> it replaces
// drew, byte for byte.
import chalk from 'chalk';
import {Box, renderToString, Text} from 'ink';
import {afterEach, describe, expect, it} from 'vitest';
import {TimelineRow} from '../../../src/tui/components/TimelineView.js';
import type {TimelineLine} from '../../../src/tui/model/timeline-body.js';
import {CELL_COLOR, type CellKind} from '../../../src/present/timeline.js';

/** The row as the timeline drew it before: a Text per stretch. */
function NestedRow({row}: {readonly row: TimelineLine}) {
	return (
		<Box height={1}>
			<Text wrap="truncate">
				<Text bold={row.selected}>{row.label} </Text>
				{row.bar.map((run, i) => (
					<Text key={i} color={CELL_COLOR[run.kind]}>
						{run.text}
					</Text>
				))}
			</Text>
		</Box>
	);
}

const KINDS = Object.keys(CELL_COLOR) as CellKind[];
const stretches = (...runs: readonly (readonly [CellKind, string])[]) => runs.map(([kind, text]) => ({kind, text}));
const rows: TimelineLine[] = [
	{id: 'a', label: '▸ │ ├ worker-12', selected: true, bar: KINDS.map((kind, i) => ({kind, text: '━'.repeat(i + 1)}))},
	{id: 'b', label: '  Explore 名前', selected: false, bar: stretches(['empty', '   '], ['done', '──'], ['now', '▶'])},
	{id: 'c', label: '  long', selected: false, bar: stretches(['run', '━'.repeat(200)])},
];

const level = chalk.level;
afterEach(() => {
	chalk.level = level;
});

describe('TimelineRow', () => {
	for (const colours of [3, 0] as const) {
		it(`draws what a Text per stretch drew (${colours === 0 ? 'no colour' : 'colour'}), cut to the width`, () => {
			chalk.level = colours;
			for (const row of rows) {
				const drawn = renderToString(<TimelineRow row={row} />, {columns: 60});
				expect(drawn).toBe(renderToString(<NestedRow row={row} />, {columns: 60}));
				expect(drawn.includes('\u001B[')).toBe(colours > 0);
			}
		});
	}
});
