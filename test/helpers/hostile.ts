// Hostile text for tests: every sequence a model's output could use against a terminal.
export const HOSTILE = {
	title: '\u001B]0;pwned\u0007',
	clipboard: '\u001B]52;c;ZWNobyBwd25lZA==\u0007',
	hyperlink: '\u001B]8;;https://evil.example\u001B\\click\u001B]8;;\u001B\\',
	clear: '\u001B[2J\u001B[H',
	colour: '\u001B[31mred\u001B[0m',
	csiC1: '\u009B31mred',
	oscC1: '\u009D0;title\u009C',
	bidi: 'abc\u202Edcba',
	zeroWidth: 'pa\u200By\u200Cpal\uFEFF',
	bell: 'ding\u0007',
	backspace: 'abc\u0008\u0008\u0008xyz',
	carriageReturn: 'safe\rEVIL',
};

/** Any control, bidi or zero-width character that must never reach a terminal from content. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
export const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B\u200C\uFEFF]/;

/** All of HOSTILE in one string. */
export const ALL_HOSTILE = Object.values(HOSTILE).join(' ');
