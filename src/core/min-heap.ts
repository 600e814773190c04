// A binary min-heap: the smallest item first, by `before`. Used where lines of a log, or of many
// logs, are put back in time order while only a bounded number of them is held. Pure.

export class MinHeap<T> {
	private readonly items: T[] = [];

	constructor(private readonly before: (a: T, b: T) => boolean) {}

	get size(): number {
		return this.items.length;
	}

	/** The smallest item, without taking it out; undefined when empty. */
	peek(): T | undefined {
		return this.items[0];
	}

	push(item: T): void {
		const heap = this.items;
		let i = heap.push(item) - 1;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			if (!this.before(heap[i]!, heap[parent]!)) {
				break;
			}
			[heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
			i = parent;
		}
	}

	/** Takes out the smallest item; undefined when empty. */
	pop(): T | undefined {
		const heap = this.items;
		const top = heap[0];
		const last = heap.pop();
		if (heap.length > 0 && last !== undefined) {
			heap[0] = last;
			for (let i = 0; ;) {
				const l = 2 * i + 1;
				const r = l + 1;
				let min = i;
				if (l < heap.length && this.before(heap[l]!, heap[min]!)) {
					min = l;
				}
				if (r < heap.length && this.before(heap[r]!, heap[min]!)) {
					min = r;
				}
				if (min === i) {
					break;
				}
				[heap[i], heap[min]] = [heap[min]!, heap[i]!];
				i = min;
			}
		}
		return top;
	}
}
