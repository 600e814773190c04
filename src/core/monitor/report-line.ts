// An agent's report as one line: what a card, a list row and `ls` show as its summary.
// Pure, and bounded: only the start of a report is read, so a 20 MB report costs what a short one does.
import {head} from '../text/bounded.js';

/** How much of a report the summary line reads. */
export const SUMMARY_SCAN = 16 * 1024;
/** A preamble longer than this (code points) is taken as content, not as an announcement. */
const PREAMBLE_MAX = 300;
/** The summary line is cut here (code points). */
export const SUMMARY_MAX = 300;

const HEADING = /^\s{0,3}#{1,6}\s+\S/u;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/u;
const FENCE = /^\s{0,3}(```|~~~)/u;
/** A line that is only bold text (`**Summary**`) reads as a heading. */
const BOLD_LINE = /^\s{0,3}(\*\*|__)[^*_\n]+\1:?\s*$/u;

/** Markdown as one line of plain words: no heading marks, emphasis, code ticks or list bullets. */
export function plainText(markdown: string): string {
	return markdown
		.replace(/^```.*$/gmu, ' ')
		.replace(/^\s{0,3}(#{1,6}|[-*+]|\d+[.)]|>)\s+/gmu, '')
		.replace(/(\*\*|__|`)/gu, '')
		.replace(/(^|[^\p{L}\p{N}])[*_]([^*_\n]+)[*_](?![\p{L}\p{N}])/gu, '$1$2')
		.replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
		.replace(/\s+/gu, ' ')
		.trim();
}

/** Words: a letter, a digit or an emoji; punctuation alone (a `{`, a table rule) is not. */
const HAS_WORD = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

const isHeading = (line: string) => HEADING.test(line) || BOLD_LINE.test(line);
const isRule = (line: string) => RULE.test(line);
const isBlank = (line: string) => line.trim() === '';

function cut(text: string): string {
	const points = [...head(text, SUMMARY_MAX * 2)];
	return points.length <= SUMMARY_MAX ? points.join('') : `${points.slice(0, SUMMARY_MAX - 1).join('')}…`;
}

/** The first line from `from` on that has words (letters or digits) once plain (not a rule, not a fence), as plain words. */
function firstContent(lines: readonly string[], from: number, only?: (line: string) => boolean): string | undefined {
	let fenced = false;
	for (let i = from; i < lines.length; i++) {
		const line = lines[i] ?? '';
		if (FENCE.test(line)) {
			fenced = !fenced;
			continue;
		}
		if (fenced || isBlank(line) || isRule(line) || (only && !only(line))) {
			continue;
		}
		const words = plainText(line);
		// Words: a letter or a digit (a `{` opening a workflow agent's JSON report is not one).
		if (HAS_WORD.test(words)) {
			return words;
		}
	}
	return undefined;
}

/**
 * Where the opening paragraph ends (the index of the line after it) when it is a preamble: a
 * short paragraph, not itself a heading, that announces what follows: it ends with `:`, or the
 * next line is a heading or a rule. Undefined otherwise.
 */
function preambleEnd(lines: readonly string[]): number | undefined {
	let start = 0;
	while (start < lines.length && isBlank(lines[start] ?? '')) {
		start += 1;
	}
	const first = lines[start];
	if (first === undefined || isHeading(first) || isRule(first) || FENCE.test(first)) {
		return undefined;
	}
	let end = start;
	while (end < lines.length && !isBlank(lines[end] ?? '') && !isHeading(lines[end] ?? '') && !isRule(lines[end] ?? '')) {
		end += 1;
	}
	const paragraph = lines.slice(start, end).join(' ').trim();
	if ([...paragraph].length > PREAMBLE_MAX) {
		return undefined;
	}
	let next = end;
	while (next < lines.length && isBlank(lines[next] ?? '')) {
		next += 1;
	}
	const announces = paragraph.endsWith(':') || (next < lines.length && (isHeading(lines[next] ?? '') || isRule(lines[next] ?? '')));
	return announces ? end : undefined;
}

/**
 * The one-line summary of a report: its first line that carries content, Markdown markup
 * stripped. When the report opens with a short preamble that announces what follows ("Perfect!
 * Now I have all the information I need. Let me compile a report:", or a paragraph followed
 * directly by a heading or a rule), the first heading after it is used instead (or, with no
 * heading, the first content after the preamble). Undefined when the report has no words.
 */
export function summaryLine(report: string | undefined): string | undefined {
	if (report === undefined) {
		return undefined;
	}
	const start = head(report, SUMMARY_SCAN);
	const lines = start.split('\n');
	if (start.length < report.length && lines.length > 1) {
		// The last line may be cut mid-way: it is never needed whole unless it is the only one.
		lines.pop();
	}
	const after = preambleEnd(lines);
	const line = after === undefined ? firstContent(lines, 0) : (firstContent(lines, after, isHeading) ?? firstContent(lines, after) ?? firstContent(lines, 0));
	return line === undefined ? undefined : cut(line);
}
