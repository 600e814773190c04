import {Box, Text} from 'ink';
import type {ScreenModel} from '../model/screen-model.js';
import {AgentCard} from './AgentCard.js';
import {AgentLine} from './AgentLine.js';
import {Footer} from './Footer.js';
import {Header} from './Header.js';
import {TimelineView} from './TimelineView.js';

export interface ScreenProps {
	readonly model: ScreenModel;
}

function Lines({lines}: {readonly lines: readonly string[]}) {
	return (
		<>
			{lines.map((line, i) => (
				<Text key={i} wrap="truncate">
					{line === '' ? ' ' : line}
				</Text>
			))}
		</>
	);
}

/** Lines the body draws, when each of its rows is one line (a list, the timeline); undefined otherwise. */
function bodyLines(body: ScreenModel['body']): number | undefined {
	return body.kind === 'list' ? body.rows.length : body.kind === 'timeline' ? body.rows.length + 2 : undefined;
}

/** Draws a ScreenModel: header, body, footer, never taller than the model's height. */
export function Screen({model}: ScreenProps) {
	const {body} = model;
	// A body known to fit is not clipped: Ink cuts every line of a clipped box again (sliceAnsi),
	// a third of a frame's time for a full screen of bars. Rows are already cut to the width.
	const lines = bodyLines(body);
	const fits = lines !== undefined && (!model.fillHeight || lines <= model.bodyHeight);
	let content;
	switch (body.kind) {
		case 'list':
			content = body.rows.map(row => (
				<AgentLine key={row.id} {...row} typeWidth={body.columns.type} durationWidth={body.columns.duration} messageWidth={body.columns.message} />
			));
			break;
		case 'strip':
			content = (
				<Box flexDirection="row">
					{body.cards.map(card => (
						<AgentCard key={card.id} {...card} width={body.cardWidth} />
					))}
				</Box>
			);
			break;
		case 'collapsed':
			content = null;
			break;
		case 'timeline':
			content = <TimelineView axis={body.axis} rows={body.rows} concurrency={body.concurrency} />;
			break;
		default:
			content = <Lines lines={body.lines} />;
	}
	return (
		<Box flexDirection="column" width={model.width}>
			<Header text={model.header} />
			{model.note === undefined ? null : (
				<Text color="cyan" wrap="truncate">
					{model.note === '' ? ' ' : model.note}
				</Text>
			)}
			{body.kind === 'collapsed' ? null : (
				<Box flexDirection="column" height={model.fillHeight ? model.bodyHeight : undefined} overflow={fits ? 'visible' : 'hidden'}>
					{content}
				</Box>
			)}
			{model.footer === '' ? null : <Footer text={model.footer} />}
		</Box>
	);
}
