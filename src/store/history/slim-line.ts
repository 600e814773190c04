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

/** The 53 bits of cyrb53 (a public-domain string hash) from its two running words. */
function cyrb53Final(a: number, b: number): number {
	const h1 = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
	const h2 = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The stand-in of a long text: its length and digest (cyrb53 with seeds 1 and 2, in one pass), after a NUL (which no text of the hook's starts with). */
export function longTextStandIn(text: string): string {
	let a1 = 0xdeadbeef ^ 1;
	let b1 = 0x41c6ce57 ^ 1;
	let a2 = 0xdeadbeef ^ 2;
	let b2 = 0x41c6ce57 ^ 2;
	for (let i = 0; i < text.length; i++) {
		const ch = text.charCodeAt(i);
		a1 = Math.imul(a1 ^ ch, 2654435761);
		b1 = Math.imul(b1 ^ ch, 1597334677);
		a2 = Math.imul(a2 ^ ch, 2654435761);
		b2 = Math.imul(b2 ^ ch, 1597334677);
	}
	return `\u0000${text.length}:${cyrb53Final(a1, b1).toString(36)}:${cyrb53Final(a2, b2).toString(36)}`;
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
