import {memo} from 'react';
import {Box, Text} from 'ink';
import {sameTimelineLine, type TimelineLine} from '../model/timeline-body.js';
import {CELL_COLOR} from '../../present/timeline.js';

export interface TimelineViewProps {
	readonly axis: string;
	readonly rows: readonly TimelineLine[];
	readonly concurrency: string;
}

/** One row: the label (bold when selected), then the bar's stretches in their colours. Drawn again only when it changed. */
const TimelineRow = memo(
	function TimelineRow({row}: {readonly row: TimelineLine}) {
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
