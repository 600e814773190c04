// Key presses as the terminal sends them, read into what agentlog binds: a chunk of input split
// into its presses (keys typed faster than a read), and each press as one token (a named key or
// the character typed). What a token does is keymap.ts's.

/** The subset of Ink's `Key` that agentlog reads (so tests and Ink 7 need no Ink types). */
export interface KeyInfo {
	readonly upArrow?: boolean;
	readonly downArrow?: boolean;
	readonly leftArrow?: boolean;
	readonly rightArrow?: boolean;
	readonly pageUp?: boolean;
	readonly pageDown?: boolean;
	readonly home?: boolean;
	readonly end?: boolean;
	readonly return?: boolean;
	readonly escape?: boolean;
	readonly backspace?: boolean;
	readonly delete?: boolean;
	readonly ctrl?: boolean;
	readonly meta?: boolean;
}

/** A press within a chunk: Enter, an arrow or Esc by its sequence, else one character. */
const ESC = String.fromCharCode(0x1b);
const PRESS = new RegExp(`\\r\\n?|\\n|${ESC}\\[[A-D]|${ESC}|[^]`, 'gu');
const SEQUENCE_KEYS: Readonly<Record<string, KeyInfo>> = {
	'\r': {return: true},
	'\r\n': {return: true},
	'\n': {return: true},
	'\u001B[A': {upArrow: true},
	'\u001B[B': {downArrow: true},
	'\u001B[C': {rightArrow: true},
	'\u001B[D': {leftArrow: true},
	'\u001B': {escape: true},
};

/** A key flag other than ctrl/meta: Ink named the key (an arrow, Enter, Esc, …). */
const NAMED: ReadonlyArray<keyof KeyInfo> = [
	'upArrow',
	'downArrow',
	'leftArrow',
	'rightArrow',
	'pageUp',
	'pageDown',
	'home',
	'end',
	'return',
	'escape',
	'backspace',
	'delete',
];

/**
 * Keys typed faster than a read arrive as one chunk (`jj`, `G` then Enter): the presses it holds,
 * each with its own key flags (Ink sets them only for a chunk that is one named key). One press, or
 * a ctrl chord, is taken as it came. Esc then a key in one chunk reads to a terminal as Alt+key
 * (Ink: meta, the key as input); agentlog binds no Alt chord, so it is the two presses it was
 * (Esc then Space, sent together by tmux, had closed nothing and played nothing).
 */
export function pressesOf(input: string, key: KeyInfo): Array<{readonly input: string; readonly key: KeyInfo}> {
	if (key.meta && !key.ctrl && input !== '' && !NAMED.some(name => key[name])) {
		return [{input: '', key: {escape: true}}, ...pressesOf(input, {})];
	}
	// Esc then Enter (Ink: meta and return): closing the help or the picker, then opening.
	if (key.meta && key.return && !key.ctrl && !key.escape) {
		return [
			{input: '', key: {escape: true}},
			{input: '', key: {return: true}},
		];
	}
	if (input.length <= 1 || key.ctrl || key.meta) {
		return [{input, key}];
	}
	return [...input.matchAll(PRESS)].map(([press]) => {
		const named = SEQUENCE_KEYS[press];
		return named === undefined ? {input: press, key: {}} : {input: '', key: named};
	});
}

/** One token per key press: a named key, or the typed character. */
export function keyToken(input: string, key: KeyInfo): string | undefined {
	// Esc first: Ink 6 also sets `meta` for it.
	if (key.escape) return 'esc';
	if (key.upArrow) return 'up';
	if (key.downArrow) return 'down';
	if (key.leftArrow) return 'left';
	if (key.rightArrow) return 'right';
	if (key.pageUp) return 'pgup';
	if (key.pageDown) return 'pgdn';
	if (key.home) return 'home';
	if (key.end) return 'end';
	if (key.return) return 'enter';
	if (key.ctrl || key.meta || input.length !== 1) return undefined;
	return input;
}
