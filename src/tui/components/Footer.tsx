import {Text} from 'ink';

export interface FooterProps {
	/** Already cut to the pane width. */
	readonly text: string;
}

/** Key hints, or what is hidden and how to show it. */
export function Footer({text}: FooterProps) {
	return (
		<Text dimColor wrap="truncate">
			{text}
		</Text>
	);
}
