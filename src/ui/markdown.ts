// The last message rendered as terminal Markdown. marked-terminal costs ~200 ms to import, so it
// is loaded the first time a detail pane opens. Results are cached by (text, width).

type Render = (text: string, width: number) => string;

let loading: Promise<Render> | undefined;
const cache = new Map<string, readonly string[]>();
const MAX_CACHE = 64;

async function load(): Promise<Render> {
	const [{Marked}, {markedTerminal}] = await Promise.all([import('marked'), import('marked-terminal')]);
	const instances = new Map<number, InstanceType<typeof Marked<string, string>>>();
	return (text, width) => {
		let marked = instances.get(width);
		if (!marked) {
			// A Marked instance per width; the global `marked` is never changed.
			marked = new Marked<string, string>(markedTerminal({width, reflowText: true, tab: 2}) as never);
			instances.set(width, marked);
		}
		return marked.parse(text, {async: false});
	};
}

const key = (text: string, width: number) => `${width}\u0000${text}`;

export function markdownCached(text: string, width: number): readonly string[] | undefined {
	return cache.get(key(text, width));
}

/** Renders and caches; a renderer failure falls back to the plain text (never throws). */
export async function renderMarkdown(text: string, width: number): Promise<readonly string[]> {
	const k = key(text, width);
	const hit = cache.get(k);
	if (hit) {
		return hit;
	}
	let lines: string[];
	try {
		loading ??= load();
		const render = await loading;
		lines = render(text, width).replace(/\s+$/u, '').split('\n');
	} catch {
		lines = text.split('\n');
	}
	if (cache.size >= MAX_CACHE) {
		cache.delete(cache.keys().next().value as string);
	}
	cache.set(k, lines);
	return lines;
}
