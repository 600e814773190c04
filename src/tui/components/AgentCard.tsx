import {memo} from 'react';
import {Box, Text} from 'ink';
import type {CardRow} from '../model/screen-model.js';
import {CARD_HEIGHT} from '../model/layout.js';
import {COLOR, GLYPH} from '../../present/present.js';
import {fit} from '../../core/text/cut.js';

export interface AgentCardProps extends CardRow {
	readonly width: number;
}

/** One card of the horizontal strip: type, duration and state, then two lines of message. */
export const AgentCard = memo(function AgentCard(props: AgentCardProps) {
	const inner = Math.max(1, props.width - 4);
	return (
		<Box
			width={props.width}
			height={CARD_HEIGHT}
			flexDirection="column"
			borderStyle={props.selected ? 'double' : 'round'}
			borderColor={props.selected ? 'cyan' : COLOR[props.shown]}
			borderDimColor={props.dim}
			paddingX={1}
			flexShrink={0}
		>
			<Text wrap="truncate" bold={props.selected} dimColor={props.dim}>
				<Text color={COLOR[props.shown]}>{GLYPH[props.shown]}</Text> {props.indent}
				{fit(props.name, Math.max(0, inner - 2 - props.indent.length))}
			</Text>
			<Text wrap="truncate" dimColor>
				{fit(`${props.duration} · ${props.label}`, inner)}
			</Text>
			<Text wrap="truncate" dimColor={props.dim}>
				{props.lines[0] ?? ''}
			</Text>
			<Text wrap="truncate" dimColor={props.dim}>
				{props.lines[1] ?? ''}
			</Text>
		</Box>
	);
});
