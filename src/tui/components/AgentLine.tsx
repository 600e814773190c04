import {memo} from 'react';
import {Box, Text} from 'ink';
import type {LineRow} from '../model/screen-model.js';
import {COLOR, GLYPH} from '../../present/present.js';
import {fit} from '../../core/text/cut.js';

export interface AgentLineProps extends LineRow {
	readonly typeWidth: number;
	readonly durationWidth: number;
	readonly messageWidth: number;
}

/** One agent in the vertical list: `▸ ● Explore        3m 05s Found 4 API routes…`. */
export const AgentLine = memo(function AgentLine(props: AgentLineProps) {
	const {shown, selected, dim} = props;
	return (
		<Box height={1}>
			<Text wrap="truncate" dimColor={dim}>
				<Text bold={selected}>{selected ? '▸ ' : '  '}</Text>
				<Text color={COLOR[shown]}>{GLYPH[shown]} </Text>
				<Text dimColor>{props.indent}</Text>
				<Text bold={selected}>
					{fit(props.name, Math.max(0, props.typeWidth - props.indent.length)).padEnd(Math.max(0, props.typeWidth - props.indent.length))}{' '}
				</Text>
				<Text>{props.duration.padStart(props.durationWidth)} </Text>
				<Text dimColor={!selected}>{fit(props.message, props.messageWidth)}</Text>
			</Text>
		</Box>
	);
});
