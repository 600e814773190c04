// A log line as the readers that fold it but never print its long texts see it (history, stats,
// chain, doctor, prune, import's state, the OTLP spans): `data.lastMessage` (up to 1 Mi
// characters), `prompt` and `report` (an import's) replaced by a short stand-in. The fold keeps
// lines for a while (the reorder window, the repeat filter); holding a 16 KB report in each made V8
// promote them all to the old heap, which then grew with the log (a 1 GB log: ~400 MB RSS). The
// stand-in is the text's length and SHA-1, so two lines still repeat each other (withoutRepeats)
// exactly when their texts are the same.
import {createHash} from 'node:crypto';
import type {EventLine} from '../../core/history/event-line.js';
import type {Json} from '../../core/record/json.js';

/** The `data` fields that hold long texts no folding reader prints. */
export const LONG_TEXT_KEYS: readonly string[] = ['lastMessage', 'prompt', 'report'];

/** A long text field this long or shorter is kept as it is (the stand-in would not be shorter). */
export const SLIM_ABOVE_CHARS = 64;

/** The stand-in of a long text: its length and digest (a character no log text starts a value with: never taken for the text). */
export function longTextStandIn(text: string): string {
	return `\u0000${text.length}:${createHash('sha1').update(text).digest('base64')}`;
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
