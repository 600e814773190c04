// Plain-text tables for `ls`, `sessions`, `history` and `stats`: padded columns, each line cut to
// the width with its spacing kept (folding it would undo the padding). Pure.
import {clip} from '../core/text/cut.js';

/**
 * The rows under their headers, columns two spaces apart. `width`: the terminal's columns; a
 * width below 1 is a terminal that did not say (`script`, some ssh, emacs and docker terminals
 * report 0): nothing is cut then, as when piped.
 */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, width = Number.POSITIVE_INFINITY): string {
	const all = [headers, ...rows];
	const points = (cell: string): number => [...cell].length;
	const widths = headers.map((_, c) => Math.max(...all.map(row => points(row[c] ?? ''))));
	const cut = Number.isFinite(width) && width >= 1;
	const lines = all.map(row => {
		const cells = row.map((cell, c) => (c === row.length - 1 ? cell : cell + ' '.repeat(Math.max(0, (widths[c] ?? 0) - points(cell)))));
		const line = cells.join('  ').trimEnd();
		return cut ? clip(line, width) : line;
	});
	return `${lines.join('\n')}\n`;
}

/** One column of a table, declared once: its header and the cell of each row. */
export interface Column<T> {
	readonly header: string;
	readonly cell: (row: T, index: number) => string;
	/** Left out when every row's cell is empty (the `ls` cost column: only when a transcript was priced). */
	readonly optional?: boolean;
}

/** The rows under the columns (formatTable), an optional column only when one of its cells has something. */
export function formatColumns<T>(columns: ReadonlyArray<Column<T> | undefined>, rows: readonly T[], width?: number): string {
	const cells = columns.flatMap(column => (column === undefined ? [] : [{column, cells: rows.map((row, i) => column.cell(row, i))}]));
	const shown = cells.filter(({column, cells: texts}) => !column.optional || texts.some(text => text !== ''));
	return formatTable(
		shown.map(({column}) => column.header),
		rows.map((_, i) => shown.map(({cells: texts}) => texts[i] ?? '')),
		width,
	);
}
