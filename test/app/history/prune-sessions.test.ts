// prune's use case: the retention from the option, else AGENTLOG_RETENTION (a bad one refused, as
// a usage error), and an activity folder that cannot be read said as a user error.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {pruneHistory} from '../../../src/app/history/prune-sessions.js';
import {DEFAULT_STALE_MS} from '../../../src/core/monitor/stale.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const request = (activity: string, olderThan?: number) => ({activity, olderThan, now: NOW, dryRun: true, staleMs: DEFAULT_STALE_MS});

afterEach(() => {
	delete process.env.AGENTLOG_RETENTION;
});

describe('pruneHistory', () => {
	it('takes --older-than, else AGENTLOG_RETENTION, and refuses a bad variable with a usage error', () => {
		const activity = tempDir('activity-');
		expect(pruneHistory(request(activity, 60_000)).olderThanMs).toBe(60_000);
		process.env.AGENTLOG_RETENTION = '12h';
		expect(pruneHistory(request(activity)).olderThanMs).toBe(12 * 3_600_000);
		expect(pruneHistory(request(activity)).result).toMatchObject({removed: [], kept: [], errors: []});
		process.env.AGENTLOG_RETENTION = 'soon';
		expect(() => pruneHistory(request(activity))).toThrow(
			expect.objectContaining({exitCode: 2, message: expect.stringMatching(/^AGENTLOG_RETENTION is not a retention: /) as string}) as Error,
		);
		// --older-than wins: the variable is then not read.
		expect(pruneHistory(request(activity, 60_000)).olderThanMs).toBe(60_000);
	});

	it('says an activity folder that is a file cannot be read', () => {
		const file = path.join(tempDir('home-'), 'agent-activity');
		writeFileSync(file, '');
		expect(() => pruneHistory(request(file, 60_000))).toThrow(`the activity folder ${file} cannot be read: ENOTDIR (not a folder)`);
	});
});
