import {describe, expect, it} from 'vitest';
import {importSummaryText} from '../../src/present/import-text.js';

const summary = {
	dryRun: false,
	imported: 1,
	transcripts: 3,
	bytes: 2048,
	upToDate: 2,
	hooked: 0,
	skipped: {internal: 1, unreadable: 0, empty: 2, badName: 0},
	durationMs: 1234,
};

describe('importSummaryText', () => {
	it('says what was imported, up to date, kept as the hook recorded it, and skipped', () => {
		expect(importSummaryText(summary)).toMatch(
			/^imported 1 agent from 3 transcripts \(.+\) in 1\.2 s; 2 already up to date; skipped: 1 internal \(compaction\), 2 without a timestamped line\.\n$/,
		);
		const dry = importSummaryText({...summary, dryRun: true, imported: 2, hooked: 1, skipped: {internal: 0, unreadable: 0, empty: 0, badName: 0}});
		expect(dry).toMatch(/^would import 2 agents .*; 1 agent recorded by the hook \(kept as recorded\); skipped: none\.\nDry run: nothing was written\.\n$/);
	});
});
