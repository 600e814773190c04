import {describe, expect, it} from 'vitest';
import {
	bodyHeight,
	bodyLayout,
	CARD_HEIGHT,
	CARD_MIN_WIDTH,
	FOOTER_LINES,
	HEADER_LINES,
	listColumns,
	MIN_COLUMNS,
	MIN_ROWS,
	paneSize,
	visibleCount,
	windowStart,
	type BodyLayout,
} from '../../../src/tui/model/layout.js';

/** Lines the whole frame takes: header, body, footer. */
const frameHeight = (layout: BodyLayout): number => HEADER_LINES + layout.height + FOOTER_LINES;

describe('paneSize', () => {
	it('keeps a real size at or above the floor', () => {
		expect(paneSize(80, 24)).toEqual({columns: 80, rows: 24});
		expect(paneSize(40, 10)).toEqual({columns: 40, rows: 10});
		expect(paneSize(220, 12)).toEqual({columns: 220, rows: 12});
	});

	it('falls back to 80×24 when the size is unknown (a pipe)', () => {
		expect(paneSize(undefined, undefined)).toEqual({columns: 80, rows: 24});
		expect(paneSize(0, 0)).toEqual({columns: 80, rows: 24});
		expect(paneSize(-5, -1)).toEqual({columns: 80, rows: 24});
		expect(paneSize(Number.NaN, Number.NaN)).toEqual({columns: 80, rows: 24});
	});

	it('falls back for each dimension on its own', () => {
		expect(paneSize(100, undefined)).toEqual({columns: 100, rows: 24});
		expect(paneSize(undefined, 30)).toEqual({columns: 80, rows: 30});
	});

	it('lays out for at least 40 columns, and for the real rows down to 4', () => {
		expect(MIN_COLUMNS).toBe(40);
		expect(MIN_ROWS).toBe(4);
		expect(paneSize(20, 5)).toEqual({columns: 40, rows: 5});
		expect(paneSize(39, 50)).toEqual({columns: 40, rows: 50});
		expect(paneSize(120, 3)).toEqual({columns: 120, rows: 4});
		expect(paneSize(1, 1)).toEqual({columns: 40, rows: 4});
	});

	it('never lays out more rows than a short pane has: the header stays and Ink never clears the screen', () => {
		// A frame taller than the pane scrolls its header away, and Ink then clears the whole screen
		// at every frame (once a second in an 8-row tmux split).
		for (const rows of [4, 5, 6, 8, 9]) {
			const size = paneSize(80, rows);
			expect(size.rows).toBe(rows);
			expect(HEADER_LINES + bodyHeight(size) + FOOTER_LINES).toBeLessThanOrEqual(rows - 1);
		}
	});
});

describe('bodyHeight', () => {
	it('leaves rows − 1 for the whole frame', () => {
		expect(bodyHeight({columns: 80, rows: 24})).toBe(24 - 1 - HEADER_LINES - FOOTER_LINES);
		expect(bodyHeight({columns: 40, rows: 10})).toBe(7);
	});

	it('never goes below one line', () => {
		expect(bodyHeight({columns: 80, rows: 1})).toBe(1);
	});
});

describe('bodyLayout', () => {
	const sizes: ReadonlyArray<[number, number]> = [
		[40, 10],
		[80, 24],
		[60, 50],
		[220, 12],
		[120, 12],
	];

	it.each(sizes)('%i×%i: the frame fits in rows − 1 and the width', (columns, rows) => {
		const layout = bodyLayout(paneSize(columns, rows));
		expect(frameHeight(layout)).toBeLessThanOrEqual(rows - 1);
		expect(layout.width).toBeLessThanOrEqual(columns);
		expect(layout.height).toBeGreaterThanOrEqual(1);
		if (layout.mode === 'strip') {
			expect(layout.cardWidth * layout.cards).toBeLessThanOrEqual(columns);
			expect(layout.cardWidth).toBeGreaterThanOrEqual(CARD_MIN_WIDTH);
			expect(layout.height).toBe(CARD_HEIGHT);
		}
	});

	it('gives a narrow pane a vertical list (40×10)', () => {
		expect(bodyLayout(paneSize(40, 10))).toEqual({mode: 'list', height: 7, width: 40});
	});

	it('gives an ordinary pane a list (80×24)', () => {
		expect(bodyLayout(paneSize(80, 24))).toEqual({mode: 'list', height: 21, width: 80});
	});

	it('gives a tall narrow pane a long list (60×50)', () => {
		expect(bodyLayout(paneSize(60, 50))).toEqual({mode: 'list', height: 47, width: 60});
	});

	it('gives a short wide pane a strip of cards (220×12)', () => {
		const layout = bodyLayout(paneSize(220, 12));
		expect(layout).toEqual({mode: 'strip', height: CARD_HEIGHT, width: 220, cardWidth: 31, cards: 7});
	});

	it('gives a short pane wide enough for three cards a strip (120×12)', () => {
		const layout = bodyLayout(paneSize(120, 12));
		expect(layout).toEqual({mode: 'strip', height: CARD_HEIGHT, width: 120, cardWidth: 30, cards: 4});
	});

	it('keeps a list when the short pane is too narrow for three cards', () => {
		expect(bodyLayout(paneSize(3 * CARD_MIN_WIDTH - 1, 12)).mode).toBe('list');
		expect(bodyLayout(paneSize(3 * CARD_MIN_WIDTH, 12)).mode).toBe('strip');
	});

	it('keeps a list once the body is 12 lines or more, however wide', () => {
		// body = rows − 3: 14 rows → 11 lines (strip), 15 rows → 12 lines (list).
		expect(bodyLayout(paneSize(220, 14)).mode).toBe('strip');
		expect(bodyLayout(paneSize(220, 15)).mode).toBe('list');
		expect(bodyLayout(paneSize(220, 60)).mode).toBe('list');
	});

	it('keeps the frame within rows − 1 and the width for every pane from 40×10 to 240×60', () => {
		for (let columns = 40; columns <= 240; columns += 7) {
			for (let rows = 10; rows <= 60; rows += 1) {
				const layout = bodyLayout(paneSize(columns, rows));
				const where = `${columns}×${rows}`;
				expect(frameHeight(layout), where).toBeLessThanOrEqual(rows - 1);
				expect(layout.width, where).toBeLessThanOrEqual(columns);
				if (layout.mode === 'strip') {
					expect(layout.cardWidth * layout.cards, where).toBeLessThanOrEqual(columns);
					expect(layout.cardWidth, where).toBeGreaterThanOrEqual(CARD_MIN_WIDTH);
					expect(layout.cards, where).toBeGreaterThanOrEqual(3);
				}
			}
		}
	});
});

describe('visibleCount', () => {
	it('is the number of cards in a strip and the height of a list', () => {
		expect(visibleCount(bodyLayout(paneSize(220, 12)))).toBe(7);
		expect(visibleCount(bodyLayout(paneSize(120, 12)))).toBe(4);
		expect(visibleCount(bodyLayout(paneSize(80, 24)))).toBe(21);
		expect(visibleCount(bodyLayout(paneSize(40, 10)))).toBe(7);
	});
});

describe('windowStart', () => {
	it('starts at 0 when everything fits', () => {
		expect(windowStart(0, 5, 7)).toBe(0);
		expect(windowStart(4, 5, 7)).toBe(0);
		expect(windowStart(6, 7, 7)).toBe(0);
	});

	it('starts at 0 with nothing selected', () => {
		expect(windowStart(-1, 20, 5)).toBe(0);
	});

	it('keeps the selection near the middle', () => {
		expect(windowStart(10, 30, 7)).toBe(7);
		expect(windowStart(10, 30, 6)).toBe(7);
	});

	it('does not scroll before the start or past the end', () => {
		expect(windowStart(0, 30, 7)).toBe(0);
		expect(windowStart(2, 30, 7)).toBe(0);
		expect(windowStart(29, 30, 7)).toBe(23);
		expect(windowStart(27, 30, 7)).toBe(23);
	});

	it('always shows the selection and never runs past the end', () => {
		for (let count = 0; count <= 25; count += 1) {
			for (let visible = 1; visible <= 12; visible += 1) {
				for (let selected = 0; selected < count; selected += 1) {
					const first = windowStart(selected, count, visible);
					const where = `selected ${selected} of ${count}, ${visible} visible`;
					expect(first, where).toBeGreaterThanOrEqual(0);
					expect(selected, where).toBeGreaterThanOrEqual(first);
					expect(selected, where).toBeLessThan(first + visible);
					expect(first + Math.min(visible, count), where).toBeLessThanOrEqual(count);
					if (count >= visible) {
						// A full window: no empty rows at the end while items are hidden.
						expect(first + visible, where).toBeLessThanOrEqual(count);
					}
				}
			}
		}
	});

	it('is stateless: the same inputs give the same window, whatever came before', () => {
		const a = windowStart(15, 40, 9);
		windowStart(39, 40, 9);
		windowStart(0, 40, 9);
		expect(windowStart(15, 40, 9)).toBe(a);
		// Moving away and back lands on the same window.
		const path = [15, 16, 17, 16, 15].map(s => windowStart(s, 40, 9));
		expect(path[0]).toBe(path[4]);
		expect(path[1]).toBe(path[3]);
	});
});

describe('listColumns', () => {
	it('sums to at most the width for every pane width from 40 up', () => {
		for (let width = 40; width <= 300; width += 1) {
			const c = listColumns(width);
			// "▸ ● " prefix (4) + type + space + duration + space + message.
			expect(4 + c.type + 1 + c.duration + 1 + c.message, `width ${width}`).toBeLessThanOrEqual(width);
			expect(c.message, `width ${width}`).toBeGreaterThan(0);
		}
	});

	it('gives the message the rest of the line', () => {
		const c = listColumns(80);
		expect(4 + c.type + 1 + c.duration + 1 + c.message).toBe(80);
	});

	it('widens the type column with the pane', () => {
		expect(listColumns(40).type).toBeLessThan(listColumns(60).type);
		expect(listColumns(60).type).toBeLessThan(listColumns(100).type);
	});

	it('never gives a negative message width', () => {
		expect(listColumns(10).message).toBe(0);
	});

	it('gives a long name the room it needs in a wide pane, up to a third of it; never in a narrow one', () => {
		expect(listColumns(200, 0, 45).type).toBe(45);
		expect(listColumns(200, 0, 120).type).toBe(66);
		expect(listColumns(200, 0, 10).type).toBe(28);
		expect(listColumns(80, 0, 45).type).toBe(listColumns(80).type);
		for (let width = 40; width <= 300; width += 7) {
			const c = listColumns(width, 0, 500);
			expect(4 + c.type + 1 + c.duration + 1 + c.message, `width ${width}`).toBeLessThanOrEqual(width);
		}
	});
});
