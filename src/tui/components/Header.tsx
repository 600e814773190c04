import {Text} from 'ink';

export interface HeaderProps {
	/** Already cut to the pane width. */
	readonly text: string;
}

/** One line: session, counts with glyphs, ghosts, warnings. */
export function Header({text}: HeaderProps) {
	return (
		<Text bold wrap="truncate">
			{text}
		</Text>
	);
}
