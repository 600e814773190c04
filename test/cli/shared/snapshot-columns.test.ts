import {describe, expect, it} from 'vitest';
import {PIPED_COLUMNS, snapshotColumns} from '../../../src/cli/shared/snapshot-columns.js';

describe('snapshotColumns', () => {
	it("is the terminal's width; piped, $COLUMNS when it says a usable width, else wide enough to cut nothing", () => {
		expect(snapshotColumns({columns: 80}, {COLUMNS: '200'})).toBe(80);
		expect(snapshotColumns({}, {COLUMNS: '132'})).toBe(132);
		expect(snapshotColumns({}, {COLUMNS: 'wide'})).toBe(PIPED_COLUMNS);
		expect(snapshotColumns({}, {COLUMNS: '12'})).toBe(PIPED_COLUMNS);
		expect(snapshotColumns({columns: 0}, {})).toBe(PIPED_COLUMNS);
		expect(PIPED_COLUMNS).toBeGreaterThan(200);
	});
});
