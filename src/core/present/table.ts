// Plain-text tables for `ls` and `sessions`: padded columns, the last one cut to the width.
import {fit} from '../text/cut.js';

export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, width = Number.POSITIVE_INFINITY): string {
	const all = [headers, ...rows];
	const widths = headers.map((_, c) => Math.max(...all.map(row => [...(row[c] ?? '')].length)));
	const lines = all.map(row => {
		const cells = row.map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)));
		const line = cells.join('  ').trimEnd();
		return Number.isFinite(width) ? fit(line, width) : line;
	});
	return `${lines.join('\n')}\n`;
}
