// The filter expression of watch's `/`, `ls --filter` and `history --filter`: words, each matched
// case-insensitively as a part of any field, or `field:value` of one field; `-word` keeps what does
// not match; every term must hold (AND). A value with spaces is quoted: `name:"code review"`.
// Pure: the fields of an agent are given by the caller (present/filter-fields.ts).
import {fail, ok, type Result} from '../result.js';

export const FILTER_FIELDS = ['name', 'type', 'description', 'status', 'workflow', 'label', 'id', 'host'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** `desc:` and `wf:` are short for description and workflow. */
const ALIASES: Readonly<Record<string, FilterField>> = {desc: 'description', wf: 'workflow'};

export interface FilterTerm {
	/** Absent: any field. */
	readonly field?: FilterField;
	/** Lower case, never empty. */
	readonly value: string;
	readonly negate: boolean;
}

export interface Filter {
	readonly terms: readonly FilterTerm[];
}

/** What an agent is matched on: each field's words (several for status: `stopped`, `failed`). */
export type FilterFields = Readonly<Record<FilterField, readonly string[]>>;

export const EMPTY_FILTER: Filter = {terms: []};

/** The longest expression read (a filter is typed, not pasted from a file). */
const MAX_EXPRESSION = 1000;

export const FILTER_SYNTAX =
	'words match name, type, description, status, workflow, label or host; field:value matches one field (status:, type:, name:, workflow:, label:, description:, id:, host:); -word excludes; all terms must match';

/** The words of an expression, quotes kept together; undefined when a quote is not closed. */
function words(text: string): Array<{readonly raw: string; readonly quoted: boolean}> | undefined {
	const out: Array<{raw: string; quoted: boolean}> = [];
	let i = 0;
	while (i < text.length) {
		while (i < text.length && /\s/u.test(text[i]!)) {
			i += 1;
		}
		if (i >= text.length) {
			break;
		}
		let raw = '';
		let quoted = false;
		while (i < text.length && !/\s/u.test(text[i]!)) {
			const c = text[i]!;
			if (c === '"') {
				const end = text.indexOf('"', i + 1);
				if (end < 0) {
					return undefined;
				}
				raw += text.slice(i + 1, end);
				quoted = true;
				i = end + 1;
			} else {
				raw += c;
				i += 1;
			}
		}
		out.push({raw, quoted});
	}
	return out;
}

/**
 * Parses a filter expression. `partial` (typing in watch): a `field:` still without its value and
 * an unclosed quote are taken as they are so far, not as errors.
 */
export function parseFilter(text: string, partial = false): Result<Filter> {
	if (text.length > MAX_EXPRESSION) {
		return fail(`the filter is longer than ${MAX_EXPRESSION} characters`);
	}
	const list = words(text) ?? (partial ? words(`${text}"`) : undefined);
	if (list === undefined) {
		return fail('a quote is not closed (write "two words" in double quotes)');
	}
	const terms: FilterTerm[] = [];
	for (const word of list) {
		let raw = word.raw;
		const negate = raw.startsWith('-') && raw.length > 1;
		if (negate) {
			raw = raw.slice(1);
		}
		const colon = raw.indexOf(':');
		let field: FilterField | undefined;
		if (colon > 0) {
			const name = raw.slice(0, colon).toLowerCase();
			field = (FILTER_FIELDS as readonly string[]).includes(name) ? (name as FilterField) : ALIASES[name];
			if (field === undefined) {
				return fail(`unknown field '${name}:' (fields: ${FILTER_FIELDS.join(', ')}; quote a word with a colon: "${raw}")`);
			}
			raw = raw.slice(colon + 1);
		}
		const value = raw.toLowerCase();
		if (value === '') {
			if (partial || (field === undefined && word.quoted)) {
				continue;
			}
			return fail(field === undefined ? `'-' alone excludes nothing` : `'${field}:' needs a value, e.g. ${field}:${field === 'status' ? 'failed' : 'review'}`);
		}
		terms.push({...(field === undefined ? {} : {field}), value, negate});
	}
	return ok({terms});
}

/** The fields a bare word is looked for in (not the id: a word would match ids by chance). */
const ANY: readonly FilterField[] = ['name', 'type', 'description', 'status', 'workflow', 'label', 'host'];

function termHolds(term: FilterTerm, fields: FilterFields): boolean {
	const within = term.field === undefined ? ANY : [term.field];
	// A status is a word: `status:stop` is its start, not any part (`active` is not in `inactive`).
	const found = within.some(field =>
		fields[field].some(text =>
			field === 'status' && term.field === 'status' ? text.toLowerCase().startsWith(term.value) : text.toLowerCase().includes(term.value),
		),
	);
	return found !== term.negate;
}

export function matchesFilter(filter: Filter, fields: FilterFields): boolean {
	return filter.terms.every(term => termHolds(term, fields));
}

export function isEmptyFilter(filter: Filter): boolean {
	return filter.terms.length === 0;
}

/**
 * The items a filter keeps, in order, with the parents of each kept item kept too (so a nested
 * agent still sits under its parent): `depth` tells the tree, an item's parent being the nearest
 * item before it one level up. `matched` counts only the items that match.
 */
export function filterTree<T extends {readonly depth: number}>(
	items: readonly T[],
	matches: (item: T) => boolean,
): {readonly items: readonly T[]; readonly matched: number} {
	const keep = new Array<boolean>(items.length).fill(false);
	const path: number[] = [];
	let matched = 0;
	items.forEach((item, i) => {
		path.length = Math.min(path.length, Math.max(0, item.depth));
		if (matches(item)) {
			matched += 1;
			keep[i] = true;
			for (const at of path) {
				keep[at] = true;
			}
		}
		path[Math.max(0, item.depth)] = i;
	});
	return {items: items.filter((_item, i) => keep[i]), matched};
}
