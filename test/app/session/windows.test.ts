// How far back the reading commands look into other tools' files: the live window inside the
// listed one, and the listed one as long as agentlog keeps its own history.
import {describe, expect, it} from 'vitest';
import {DEFAULT_RETENTION_MS} from '../../../src/core/history/retention.js';
import {LISTED_DAYS, LIVE_DAYS} from '../../../src/app/session/windows.js';

describe('windows', () => {
	it('the listed window is the history’s default retention', () => {
		expect(LISTED_DAYS * 86_400_000).toBe(DEFAULT_RETENTION_MS);
	});

	it('the live window covers a child started the day before, and is inside the listed one', () => {
		expect(LIVE_DAYS).toBeGreaterThanOrEqual(2);
		expect(LIVE_DAYS).toBeLessThan(LISTED_DAYS);
	});
});
