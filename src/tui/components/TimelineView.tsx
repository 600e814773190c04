import {memo} from 'react';
import {Text} from 'ink';
import chalk, {type ForegroundColorName} from 'chalk';
import {sameTimelineLine, type TimelineLine} from '../model/timeline-body.js';
import {CELL_COLOR} from '../../present/timeline.js';

export interface TimelineViewProps {
	readonly axis: string;
	readonly rows: readonly TimelineLine[];
	readonly concurrency: string;
}

/**
 * A row as one styled text: what `<Text bold={selected}>{label} </Text>` and a `<Text color>` per
 * stretch would give (Ink styles them with this same chalk), as one Ink node instead of one per
 * stretch; Ink then squashes, measures and lays out one text a row.
 */
function styledRow(row: TimelineLine): string {
	const label = `${row.label} `;
	let text = row.selected ? chalk.bold(label) : label;
	for (const run of row.bar) {
		const color = CELL_COLOR[run.kind] as ForegroundColorName | undefined;
		text += color === undefined ? run.text : chalk[color](run.text);
	}
	return text;
}

/** One row: the label (bold when selected), then the bar's stretches in their colours. Drawn again only when it changed. */
export const TimelineRow = memo(
	function TimelineRow({row}: {readonly row: TimelineLine}) {
		return <Text wrap="truncate">{styledRow(row)}</Text>;
	},
	(before, after) => sameTimelineLine(before.row, after.row),
);

/** The timeline body: the axis, a bar per row in its stretches' colours (glyphs say the same without colour), how many ran at once. */
export function TimelineView({axis, rows, concurrency}: TimelineViewProps) {
	return (
		<>
			<Text wrap="truncate" dimColor>
				{axis === '' ? ' ' : axis}
			</Text>
			{rows.map(row => (
				<TimelineRow key={row.id} row={row} />
			))}
			<Text wrap="truncate" dimColor>
				{concurrency}
			</Text>
		</>
	);
}
