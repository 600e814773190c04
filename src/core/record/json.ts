// Reading values out of parsed JSON of unknown shape (Claude Code's files change between
// releases): every field is optional. Pure.

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * How deep a value read from outside may nest. agentlog's own files nest a few levels; JSON.parse
 * reads any depth, but JSON.stringify and every recursive walk run out of stack on thousands.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests objects and arrays at most `max` levels deep (walked without recursion). */
export function nestsAtMost(value: unknown, max: number): boolean {
	const stack: Array<[unknown, number]> = [[value, 1]];
	while (stack.length > 0) {
		const [v, depth] = stack.pop()!;
		if (typeof v !== 'object' || v === null) {
			continue;
		}
		if (depth > max) {
			return false;
		}
		for (const child of Array.isArray(v) ? v : Object.values(v)) {
			if (typeof child === 'object' && child !== null) {
				stack.push([child, depth + 1]);
			}
		}
	}
	return true;
}
