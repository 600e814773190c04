// Links in a report always show their address. marked-terminal writes a link as an OSC 8
// hyperlink when supports-hyperlinks guesses the terminal takes them (VTE, iTerm, WezTerm, VS
// Code, FORCE_HYPERLINK): Ink drops the sequence, so the address vanished, and a terminal that got
// it would hold a link an agent planted behind innocent words. Here a link is its text followed by
// its address, as marked-terminal writes it for other terminals. Only types are imported.
import type {MarkedExtension, Tokens} from 'marked';

interface RendererThis {
	readonly parser: {parseInline(tokens: Tokens.Generic[]): string};
}

/** A marked extension to `use` after `markedTerminal(...)`: `text (address)`, or the address alone. */
export function visibleLinks(): MarkedExtension {
	return {
		renderer: {
			link(this: RendererThis, token: Tokens.Link): string {
				const text = this.parser.parseInline(token.tokens);
				return text && text !== token.href ? `${text} (${token.href})` : token.href;
			},
		},
	};
}
