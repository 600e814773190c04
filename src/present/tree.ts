// The tree of nested agents as lines drawn before their names (watch's list, its snapshot, `ls`):
//
//   Explore
//   ├ general-purpose
//   │ └ general-purpose
//   └ Plan
//
// Pure: the items come in the order view.ts nests them (each child right under its parent).

/** One level of the tree takes this many columns. */
const LEVEL = 2;

/**
 * The tree's marks before each item's name, from their depths in list order: `├ ` for a child
 * with a later sibling, `└ ` for the last one, `│ ` where an ancestor's siblings go on below.
 * Depth 0 (the top level) has none. A depth that jumps by more than one (a parent left out)
 * draws the missing levels as blanks.
 */
export function treePrefixes(depths: readonly number[]): string[] {
	const out = Array.from({length: depths.length}, () => '');
	// Read from the end: `more[k]` says an item at depth k comes later, before any shallower one.
	const more: boolean[] = [];
	for (let i = depths.length - 1; i >= 0; i--) {
		const depth = Math.max(0, Math.floor(depths[i] ?? 0));
		if (depth > 0) {
			let prefix = '';
			for (let k = 1; k < depth; k++) {
				prefix += more[k] === true ? '│ ' : '  ';
			}
			out[i] = prefix + (more[depth] === true ? '├ ' : '└ ');
		}
		more[depth] = true;
		more.length = depth + 1;
	}
	return out;
}

/**
 * A tree prefix in at most `max` columns, so that a deep agent in a narrow pane keeps room for
 * its name. A prefix too wide is written as its depth and connector instead, right-aligned
 * (`    │ └ ` in 4 columns: ` 3└ `): each depth still reads apart from its parent's. At least 3
 * columns are used (a depth and its connector).
 */
export function capIndent(prefix: string, max: number): string {
	const room = Math.max(LEVEL + 1, Math.floor(max));
	if (prefix.length <= room) {
		return prefix;
	}
	const depth = Math.ceil(prefix.length / LEVEL);
	return `${depth}${prefix.slice(-LEVEL)}`.padStart(room);
}

/** The widest tree prefix a name column of `width` gives up: two fifths of it, at least one level. */
export function indentRoom(width: number): number {
	return Math.max(LEVEL, Math.floor((width * 2) / 5));
}
