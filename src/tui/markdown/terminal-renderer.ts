// marked-terminal, with what it loads (highlight.js, parse5, the emoji tables: about half the
// CLI's code), apart from the rest: the build makes this file a script of its own
// (dist/cli/markdown.cjs, scripts/build.mjs), read only when the first Markdown is drawn, so the
// CLI's start reads and deserializes none of it.
import chalk, {type ColorSupportLevel} from 'chalk';

export {markedTerminal} from 'marked-terminal';

/**
 * marked-terminal draws with this script's own chalk, which must take the CLI's colour level
 * (chalk ignores NO_COLOR, so the CLI sets its level itself: cli/program.ts).
 */
export function setColorLevel(level: ColorSupportLevel): void {
	chalk.level = level;
}
