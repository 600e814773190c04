// A log line as the readers that fold it but never print its long texts see it (history, stats,
// chain, doctor, prune, import's state, the OTLP spans): `data.lastMessage` (up to 1 Mi
// characters), `prompt` and `report` (an import's) replaced by a short stand-in. The fold keeps
// lines for a while (the reorder window, the repeat filter); holding a 16 KB report in each made V8
// promote them all to the old heap, which then grew with the log (a 1 GB log: ~400 MB RSS). The
// stand-in is the text's length and a 106-bit digest (two seeds of cyrb53, plain JavaScript: the
// hook bundles this through prune and must not load node:crypto), so two lines still repeat each
// other (withoutRepeats) when their texts are the same, and not otherwise but by a 2^-106 chance.
import type {EventLine} from '../../core/record/event-line.js';
import type {Json} from '../../core/record/json.js';

/** The `data` fields that hold long texts no folding reader prints. */
export const LONG_TEXT_KEYS: readonly string[] = ['lastMessage', 'prompt', 'report'];

/** A long text field this long or shorter is kept as it is (the stand-in would not be shorter). */
export const SLIM_ABOVE_CHARS = 64;

/** cyrb53 (a public-domain 53-bit string hash) of `text` with `seed`. */
function cyrb53(text: string, seed: number): number {
	let h1 = 0xdeadbeef ^ seed;
	let h2 = 0x41c6ce57 ^ seed;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The stand-in of a long text: its length and digest, after a NUL (which no text of the hook's starts with). */
export function longTextStandIn(text: string): string {
	return `\u0000${text.length}:${cyrb53(text, 1).toString(36)}:${cyrb53(text, 2).toString(36)}`;
}

/** `line` with its long texts replaced by stand-ins (`longTextStandIn`); the same object when it has none. */
export function slimLine(line: EventLine): EventLine {
	const data = line.data;
	if (data === undefined) {
		return line;
	}
	let slim: Json | undefined;
	for (const key of LONG_TEXT_KEYS) {
		const value = data[key];
		if (typeof value === 'string' && value.length > SLIM_ABOVE_CHARS) {
			slim ??= {...data};
			slim[key] = longTextStandIn(value);
		}
	}
	return slim === undefined ? line : {...line, data: slim};
}
