// What the build gives Ink's text packages (string-width, slice-ansi, @alcalzone/ansi-tokenize)
// instead of `new Intl.Segmenter(...)`, which each creates when it loads: the first segmenter of a
// process loads ICU's break rules, ~15 ms of CPU before the first frame, and on most frames every
// text is ASCII, agentlog's own marks and escape codes, whose graphemes are their characters. This
// segmenter makes the real one only when a text needs it; for a text of only ASCII and the narrow
// characters, with no CR LF pair (the one ASCII grapheme of two characters), it gives the same
// segments itself. test/build/segmenter.test.ts compares the two.
import {NARROW_CLASS} from '../narrow-chars.mjs';

const SIMPLE = new RegExp(`^[\\u0000-\\u007F${NARROW_CLASS}]*$`, 'u');

/** Whether every character of `text` is a grapheme of its own. */
export function isSimpleText(text) {
	return SIMPLE.test(text) && !text.includes('\r\n');
}

/** Intl.Segments for a text whose every character is a grapheme. */
class CharacterSegments {
	constructor(text) {
		this.text = text;
	}

	containing(index = 0) {
		const number = Number(index);
		const at = Number.isNaN(number) ? 0 : Math.trunc(number);
		return at >= 0 && at < this.text.length ? {segment: this.text[at], index: at, input: this.text} : undefined;
	}

	*[Symbol.iterator]() {
		const {text} = this;
		for (let index = 0; index < text.length; index++) {
			yield {segment: text[index], index, input: text};
		}
	}
}

/** `new Intl.Segmenter(locales, options)`, made when first needed; graphemes of simple texts without it. */
export function agentlogSegmenter(locales, options) {
	if (options?.granularity !== undefined && options.granularity !== 'grapheme') {
		return new Intl.Segmenter(locales, options);
	}
	let real;
	return {
		segment(text) {
			const string = String(text);
			return isSimpleText(string) ? new CharacterSegments(string) : (real ??= new Intl.Segmenter(locales, options)).segment(string);
		},
	};
}
