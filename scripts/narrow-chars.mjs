// Characters string-width measures as one column each, one cluster each, whatever surrounds them
// (scripts/build.mjs gives string-width a fast path for texts made only of them). Checked against
// string-width itself by test/build/narrow-width.test.ts.

/** Inclusive code point ranges: printable ASCII, the middle dot, ellipsis, dashes and signs, arrows, box drawing and blocks, and the list's, timeline's and detail pane's marks (the selection, a group's box, a check). */
export const NARROW_RANGES = [
	[0x20, 0x7e],
	[0xb7, 0xb7],
	[0xd7, 0xd7],
	[0x2013, 0x2014],
	[0x2026, 0x2026],
	[0x203a, 0x203a],
	[0x2190, 0x2193],
	[0x21b3, 0x21b3],
	[0x21bb, 0x21bb],
	[0x2265, 0x2265],
	[0x229e, 0x229f],
	[0x241b, 0x241b],
	[0x2421, 0x2421],
	[0x2500, 0x25a0],
	[0x25b8, 0x25b8],
	[0x25c6, 0x25c6],
	[0x25cb, 0x25cc],
	[0x25cf, 0x25d0],
	[0x2713, 0x2713],
	[0x2717, 0x2717],
	[0x27f3, 0x27f3],
];

const escaped = cp => `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The ranges as the inside of a regular expression's character class. */
export const NARROW_CLASS = NARROW_RANGES.map(([from, to]) => (from === to ? escaped(from) : `${escaped(from)}-${escaped(to)}`)).join('');
