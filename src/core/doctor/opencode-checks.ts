// Doctor's check of opencode: is its database there, can agentlog read it (its own reader of
// SQLite's format: no SQLite, no lock, nothing written), and how many sessions with subagents it
// holds. opencode is optional: no database is a note, not a failure. Pure: the facts come in.
import {ago} from './activity-checks.js';
import {check, type DoctorCheck} from './check.js';

export interface OpencodeFacts {
	/** Where opencode keeps its data ($XDG_DATA_HOME/opencode). */
	readonly dataDir: string;
	/** Its databases (`opencode.db`, a channel's `opencode-<channel>.db`). */
	readonly databases: readonly string[];
	/** Sessions with subagents of the listed days, and their subagents. */
	readonly sessions: number;
	readonly agents: number;
	readonly newestMs?: number;
	/** Why a database could not be read. */
	readonly problems: readonly string[];
	readonly listedDays: number;
}

export function opencodeChecks(facts: OpencodeFacts, now: number): DoctorCheck[] {
	if (facts.databases.length === 0) {
		return [check('opencode', 'note', `opencode not found: no ${facts.dataDir}/opencode.db (set XDG_DATA_HOME if opencode keeps its data elsewhere)`)];
	}
	if (facts.problems.length > 0) {
		return [
			check('opencode', 'warn', `opencode's database could not be read whole: its sessions may be missing`, {
				detail: facts.problems,
				fix: 'run `agentlog doctor` again once opencode is idle; if it persists, the database may be of a newer format: report it',
			}),
		];
	}
	const found =
		facts.sessions === 0
			? `no session with subagents from the last ${facts.listedDays} days`
			: `${facts.sessions} session${facts.sessions === 1 ? '' : 's'} with ${facts.agents} subagent${facts.agents === 1 ? '' : 's'} from the last ${facts.listedDays} days, the newest ${facts.newestMs === undefined ? 'undated' : ago(facts.newestMs, now)}`;
	return [check('opencode', 'ok', `opencode ${facts.databases.join(', ')}: ${found}`)];
}
