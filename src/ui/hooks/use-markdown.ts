import {useEffect, useState} from 'react';
import {markdownCached, renderMarkdown} from '../markdown.js';

/**
 * Asks for `text` rendered at `width` (when `wanted`), and re-renders once it is ready. The
 * renderer (marked-terminal, ~200 ms to import) is loaded on first use only.
 */
export function useMarkdown(text: string | undefined, width: number, wanted: boolean): (text: string, width: number) => readonly string[] | undefined {
	const [, setReady] = useState(0);
	useEffect(() => {
		if (!wanted || !text || markdownCached(text, width) !== undefined) {
			return;
		}
		let cancelled = false;
		void renderMarkdown(text, width).then(() => {
			if (!cancelled) {
				setReady(n => n + 1);
			}
		});
		return () => {
			cancelled = true;
		};
	}, [text, width, wanted]);
	return markdownCached;
}
