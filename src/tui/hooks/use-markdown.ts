import {useEffect, useState} from 'react';
import type {RenderedMessage} from '../model/screen-model.js';
import {keepOnlyMarkdown, preloadMarkdown, renderedMarkdown, watchMarkdown} from '../markdown/markdown.js';

/** The renderer is loaded this long after the monitor first draws: after its first frame, well before a person opens a detail pane. */
const PRELOAD_AFTER_MS = 300;

/**
 * Asks for `text` rendered at `width` (when `wanted`), and re-renders after each rendered piece.
 * Renderings of other messages are dropped once this one is shown, so their memory can go. The
 * renderer (marked-terminal, ~200 ms to import) is loaded in the background once the monitor has
 * drawn, so a detail pane opens with its Markdown rendered, never raw.
 */
export function useMarkdown(text: string | undefined, width: number, wanted: boolean): (text: string, width: number) => RenderedMessage | undefined {
	const [, setProgress] = useState(0);
	useEffect(() => {
		const timer = setTimeout(preloadMarkdown, PRELOAD_AFTER_MS);
		timer.unref?.();
		return () => clearTimeout(timer);
	}, []);
	useEffect(() => keepOnlyMarkdown(text), [text]);
	useEffect(() => {
		if (!wanted || !text) {
			return;
		}
		return watchMarkdown(text, width, () => setProgress(n => n + 1));
	}, [text, width, wanted]);
	return renderedMarkdown;
}
