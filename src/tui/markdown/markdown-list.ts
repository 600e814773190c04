// Inline Markdown inside list items. marked-terminal 7.3.1 with marked ≥ 13 prints the items of a
// tight list (`- a **b**`) as raw text: marked gives an item's text as a `text` token whose inline
// tokens marked-terminal never renders (upstream issues #304 and #371). This extension renders
// those inline tokens with marked's inline parser before marked-terminal lays the list out, so
// bullets, numbering, nesting and everything else stay marked-terminal's. A task item's checkbox
// was also printed twice (marked ≥ 13 gives it as a token, and marked-terminal adds its own).
// Only types are imported from marked: the renderer itself is loaded lazily (markdown.ts).
import type {MarkedExtension, Tokens} from 'marked';

/** What marked's renderer methods see as `this`: the parser with its inline renderer. */
interface RendererThis {
	readonly parser: {parseInline(tokens: Tokens.Generic[]): string};
}

function isInlineText(token: Tokens.Generic): token is Tokens.Text & {tokens: Tokens.Generic[]} {
	return token.type === 'text' && Array.isArray((token as Tokens.Text).tokens);
}

/**
 * A token holding text already rendered: printed as it is. (A `text` token would go through
 * marked-terminal's `text`, which strips control characters, the colours' ESC among them.)
 */
const RENDERED = 'agentlogRenderedInline';

interface RenderedToken {
	readonly type: typeof RENDERED;
	readonly raw: string;
	readonly text: string;
}

/**
 * The item's `text` tokens, with their inline tokens rendered (bold, code, links, emphasis): each
 * becomes a token holding the rendered string, which marked-terminal then transforms as it does
 * every list item (entities, emoji). The checkbox token goes: marked-terminal writes its own.
 */
function renderItemText(parser: RendererThis['parser'], item: Tokens.ListItem): Tokens.ListItem {
	const tokens = item.tokens.flatMap((token): Tokens.Generic[] => {
		if (item.task && token.type === 'checkbox') {
			return [];
		}
		if (isInlineText(token)) {
			const rendered: RenderedToken = {type: RENDERED, raw: token.raw, text: parser.parseInline(token.tokens)};
			return [rendered];
		}
		return [token];
	});
	return {...item, tokens};
}

/**
 * A marked extension to `use` after `markedTerminal(...)`: lists have their items' inline Markdown
 * rendered, then go on to marked-terminal's own `list` (returning false hands over to it). Nested
 * lists come back through here, as marked-terminal renders an item's tokens with the parser.
 */
export function listItemsInline(): MarkedExtension {
	return {
		extensions: [{name: RENDERED, renderer: token => (token as unknown as RenderedToken).text}],
		renderer: {
			list(this: RendererThis, token: Tokens.List): false {
				token.items = token.items.map(item => renderItemText(this.parser, item));
				return false;
			},
		},
	};
}
