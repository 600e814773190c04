import {describe, expect, it} from 'vitest';
import {opencodeChecks, type OpencodeFacts} from '../../../src/core/doctor/opencode-checks.js';

const base: OpencodeFacts = {dataDir: '/h/.local/share/opencode', databases: [], sessions: 0, agents: 0, problems: [], listedDays: 30};
const now = Date.parse('2026-11-29T03:00:00Z');

describe('opencodeChecks', () => {
	it('no database: a note, not a failure, saying where it looked', () => {
		const [c] = opencodeChecks(base, now);
		expect(c).toMatchObject({id: 'opencode', level: 'note', ok: true});
		expect(c!.summary).toContain('/h/.local/share/opencode/opencode.db');
	});
	it('read: how many sessions and subagents, and when the newest moved', () => {
		const [c] = opencodeChecks({...base, databases: ['/d/opencode.db'], sessions: 2, agents: 5, newestMs: now - 120_000}, now);
		expect(c).toMatchObject({level: 'ok'});
		expect(c!.summary).toMatch(/2 sessions with 5 subagents from the last 30 days, the newest 2m/u);
	});
	it('a database that could not be read: a warning with why and what to do', () => {
		const [c] = opencodeChecks({...base, databases: ['/d/opencode.db'], problems: ['/d/opencode.db: not a SQLite 3 database']}, now);
		expect(c).toMatchObject({level: 'warn', detail: ['/d/opencode.db: not a SQLite 3 database']});
		expect(c!.fix).toBeDefined();
	});
});
