// Lines put back in time order as they stream in. Lines from different hook processes can be a
// few ms out of order in the file; a whole-log reader sorted them all (stably, by `at`), which
// holds the whole log. `TimeOrder` holds lines only until a later line is more than `windowMs`
// newer, or until more than `maxLines` lines or `maxBytes` bytes are held: then the oldest held
// line goes out. Within those bounds the result is the stable sort by `at`; a line later than the
// window is let out in its own turn, behind newer ones. Unbounded (the defaults of `unbounded`),
// it is exactly the stable sort. Pure.
import {MinHeap} from '../min-heap.js';

/** A line is held until a later one is more than this much newer (ms). */
export const REORDER_WINDOW_MS = 60_000;
/** At most this many lines are held for reordering. */
export const REORDER_MAX_LINES = 10_000;
/** At most this many bytes of lines (as read) are held for reordering. */
export const REORDER_MAX_BYTES = 32 * 1024 * 1024;

export interface TimeOrderBounds {
	readonly windowMs: number;
	readonly maxLines: number;
	readonly maxBytes: number;
}

export const STREAM_BOUNDS: TimeOrderBounds = {windowMs: REORDER_WINDOW_MS, maxLines: REORDER_MAX_LINES, maxBytes: REORDER_MAX_BYTES};

/** No bound: everything is held until `flush`, which then gives the stable sort. */
export const UNBOUNDED: TimeOrderBounds = {windowMs: Number.POSITIVE_INFINITY, maxLines: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY};

interface Held<T> {
	readonly item: T;
	readonly ms: number;
	readonly seq: number;
	readonly bytes: number;
}

const before = <T>(a: Held<T>, b: Held<T>): boolean => a.ms < b.ms || (a.ms === b.ms && a.seq < b.seq);

export class TimeOrder<T> {
	/** By (ms, seq). */
	private readonly heap = new MinHeap<Held<T>>(before);
	private seq = 0;
	private newest = Number.NEGATIVE_INFINITY;
	private bytes = 0;

	constructor(
		private readonly emit: (item: T, ms: number) => void,
		private readonly bounds: TimeOrderBounds = STREAM_BOUNDS,
	) {}

	/** Lines held now (for tests: the bound holds). */
	get held(): number {
		return this.heap.size;
	}

	/** Takes a line at `ms` (a parsed time), of `bytes` bytes as read; lets out what the bounds say is in order. */
	push(item: T, ms: number, bytes = 0): void {
		this.heap.push({item, ms, seq: this.seq++, bytes});
		this.bytes += bytes;
		if (ms > this.newest) {
			this.newest = ms;
		}
		const {windowMs, maxLines, maxBytes} = this.bounds;
		while (this.heap.size > 0 && (this.heap.size > maxLines || this.bytes > maxBytes || this.heap.peek()!.ms < this.newest - windowMs)) {
			this.out();
		}
	}

	/** Lets out every line held, in order. */
	flush(): void {
		while (this.heap.size > 0) {
			this.out();
		}
	}

	private out(): void {
		const top = this.heap.pop()!;
		this.bytes -= top.bytes;
		this.emit(top.item, top.ms);
	}
}
