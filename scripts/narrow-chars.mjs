// Characters string-width measures as one column each, one cluster each, whatever surrounds them
// (scripts/build.mjs gives string-width a fast path for texts made only of them). Checked against
// string-width itself by test/build/narrow-width.test.ts.

/** Inclusive code point ranges: printable ASCII, the middle dot and ellipsis, arrows, box drawing and blocks, and the list's and timeline's marks. */
export const NARROW_RANGES = [
	[0x20, 0x7e],
	[0xb7, 0xb7],
	[0x2026, 0x2026],
	[0x2190, 0x2193],
	[0x21bb, 0x21bb],
	[0x2500, 0x259f],
	[0x25c6, 0x25c6],
	[0x25cb, 0x25cb],
	[0x25cf, 0x25d0],
	[0x2717, 0x2717],
];

const escaped = cp => `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The ranges as the inside of a regular expression's character class. */
export const NARROW_CLASS = NARROW_RANGES.map(([from, to]) => (from === to ? escaped(from) : `${escaped(from)}-${escaped(to)}`)).join('');
