// `--filter <expr>` of watch, ls and history: the filter expression of watch's `/` key
// (core/monitor/filter.ts), checked as it is parsed so a bad one is a usage error (exit 2).
import {InvalidArgumentError, Option} from 'commander';
import {FILTER_SYNTAX, parseFilter, type Filter} from '../../core/monitor/filter.js';

export interface FilterExpression {
	/** As typed (watch starts its `/` line with it). */
	readonly text: string;
	readonly filter: Filter;
}

function parseExpression(text: string): FilterExpression {
	const parsed = parseFilter(text);
	if (!parsed.ok) {
		throw new InvalidArgumentError(`${parsed.error}. A filter: ${FILTER_SYNTAX}.`);
	}
	return {text, filter: parsed.value};
}

export function filterOption(what: string, more = ''): Option {
	return new Option(
		'--filter <expr>',
		`only ${what} matching the expression, as watch's / key: words (any of name, type, description, status, workflow, label), field:value (status:failed type:Explore name: workflow: label: description: id:), -word excludes, all must match; e.g. "status:failed review"${more}`,
	).argParser(parseExpression);
}
