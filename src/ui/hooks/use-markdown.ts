import {useEffect, useState} from 'react';
import type {RenderedMessage} from '../../core/tui/screen.js';
import {keepOnlyMarkdown, renderedMarkdown, watchMarkdown} from '../markdown.js';

/**
 * Asks for `text` rendered at `width` (when `wanted`), and re-renders after each rendered piece.
 * Renderings of other messages are dropped once this one is shown, so their memory can go. The
 * renderer (marked-terminal, ~200 ms to import) is loaded on first use only.
 */
export function useMarkdown(text: string | undefined, width: number, wanted: boolean): (text: string, width: number) => RenderedMessage | undefined {
	const [, setProgress] = useState(0);
	useEffect(() => keepOnlyMarkdown(text), [text]);
	useEffect(() => {
		if (!wanted || !text) {
			return;
		}
		return watchMarkdown(text, width, () => setProgress(n => n + 1));
	}, [text, width, wanted]);
	return renderedMarkdown;
}
