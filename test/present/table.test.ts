import {describe, expect, it} from 'vitest';
import {formatColumns, formatTable} from '../../src/present/table.js';

const headers = ['STATUS', 'TYPE', 'SUMMARY'];
const rows = [
	['● active', 'Explore', 'Mapping the routes of the shop'],
	['○ stopped', 'general-purpose', 'Done'],
];

describe('formatTable', () => {
	it('pads every column but the last, two spaces apart', () => {
		expect(formatTable(headers, rows)).toBe(
			['STATUS     TYPE             SUMMARY', '● active   Explore          Mapping the routes of the shop', '○ stopped  general-purpose  Done', ''].join('\n'),
		);
	});

	it('keeps the padding when a terminal width cuts the lines', () => {
		const lines = formatTable(headers, rows, 40).split('\n');
		expect(lines[0]).toBe('STATUS     TYPE             SUMMARY');
		expect(lines[1]).toBe('● active   Explore          Mapping the…');
		expect(lines[2]).toBe('○ stopped  general-purpose  Done');
	});

	it('cuts nothing for a terminal that reports no size (0 columns)', () => {
		expect(formatTable(headers, rows, 0)).toBe(formatTable(headers, rows));
	});

	it('pads by characters, not UTF-16 units: an emoji does not shift the next column', () => {
		const lines = formatTable(
			['A', 'B'],
			[
				['🙂x', '1'],
				['abc', '2'],
			],
		).split('\n');
		expect([...lines[1]!].indexOf('1')).toBe([...lines[2]!].indexOf('2'));
	});
});

describe('formatColumns', () => {
	const columns = [
		{header: 'A', cell: (row: {a: string; b: string}) => row.a},
		undefined,
		{header: 'B', cell: (row: {a: string; b: string}) => row.b, optional: true},
		{header: 'I', cell: (_row: {a: string; b: string}, i: number) => String(i)},
	];

	it('is formatTable of the declared columns, a column given as undefined left out', () => {
		expect(formatColumns(columns, [{a: 'x', b: 'y'}])).toBe(formatTable(['A', 'B', 'I'], [['x', 'y', '0']]));
	});

	it('leaves out an optional column whose cells are all empty', () => {
		expect(formatColumns(columns, [{a: 'x', b: ''}])).toBe(formatTable(['A', 'I'], [['x', '0']]));
	});
});
