// A Buffer's bytes as UTF-8 text, the hook's way: through Buffer's own `utf8Slice` (native, what
// `toString('utf8')` calls in the end) when this Node has it. The text is the same; what is saved
// is toString's JavaScript (its encoding lookup), which Node compiles at its first call in every
// process: ~0.08 ms of a hook run. Node built-ins only: the hook bundles this.

type Utf8Slice = (this: Buffer, start: number, end: number) => string;

/** `buf.toString('utf8', start, end)`, for `0 <= start <= end <= buf.length`. */
export function utf8Text(buf: Buffer, start = 0, end = buf.length): string {
	const slice = (buf as unknown as {readonly utf8Slice?: unknown}).utf8Slice;
	return typeof slice === 'function' ? (slice as Utf8Slice).call(buf, start, end) : buf.toString('utf8', start, end);
}
