import {Box, Text} from 'ink';
import type {TimelineLine} from '../model/screen-model.js';
import {CELL_COLOR} from '../../present/timeline.js';

export interface TimelineViewProps {
	readonly axis: string;
	readonly rows: readonly TimelineLine[];
	readonly concurrency: string;
}

/** The timeline body: the axis, a bar per row in its stretches' colours (glyphs say the same without colour), how many ran at once. */
export function TimelineView({axis, rows, concurrency}: TimelineViewProps) {
	return (
		<>
			<Text wrap="truncate" dimColor>
				{axis === '' ? ' ' : axis}
			</Text>
			{rows.map(row => (
				<Box key={row.id} height={1}>
					<Text wrap="truncate">
						<Text bold={row.selected}>{row.label} </Text>
						{row.bar.map((run, i) => (
							<Text key={i} color={CELL_COLOR[run.kind]}>
								{run.text}
							</Text>
						))}
					</Text>
				</Box>
			))}
			<Text wrap="truncate" dimColor>
				{concurrency}
			</Text>
		</>
	);
}
