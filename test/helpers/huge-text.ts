// A stand-in for a huge last message (many megabytes) that records how much of it is read. Only
// `length`, `charCodeAt`, indexing and `slice` (of at most `maxSlice` units) are allowed: any
// other use (trim, replace, split, spreading, template strings) would read the whole text, and
// throws, so a test fails when the work of a frame grows with the size of a message.

export interface HugeText {
	/** Pass it where a string is expected. */
	readonly text: string;
	/** UTF-16 units read so far through slice/charCodeAt/indexing. */
	readonly read: () => number;
}

const PATTERN = 'Found **routes** in `src/routes` and more words here.\n\n';

export function hugeText(length: number, {pattern = PATTERN, maxSlice = 1 << 20}: {readonly pattern?: string; readonly maxSlice?: number} = {}): HugeText {
	let read = 0;
	const at = (i: number) => pattern[i % pattern.length] ?? '';
	const slice = (start = 0, end = length): string => {
		const a = Math.max(0, start < 0 ? length + start : Math.min(start, length));
		const b = Math.max(a, end < 0 ? length + end : Math.min(end, length));
		if (b - a > maxSlice) {
			throw new Error(`read ${b - a} units of a huge text at once`);
		}
		read += b - a;
		let out = '';
		for (let i = a; i < b; i++) {
			out += at(i);
		}
		return out;
	};
	const target = {};
	const proxy = new Proxy(target, {
		get(_t, key) {
			if (key === 'length') {
				return length;
			}
			if (key === 'slice' || key === 'substring') {
				return slice;
			}
			if (key === 'charCodeAt') {
				return (i: number) => {
					read += 1;
					return i >= 0 && i < length ? at(i).charCodeAt(0) : Number.NaN;
				};
			}
			if (typeof key === 'string' && /^\d+$/.test(key)) {
				read += 1;
				return Number(key) < length ? at(Number(key)) : undefined;
			}
			throw new Error(`a huge text was read as a whole (${String(key)})`);
		},
	});
	return {text: proxy as unknown as string, read: () => read};
}
