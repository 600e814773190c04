// Team configs: <claude>/teams/<name>/config.json → leadSessionId (CLAUDE-CODE-HOOKS.md §3).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

export interface TeamInfo {
	readonly leadSessionId?: string;
}

/** Every readable team config; a missing folder or a broken config is skipped, not fatal. */
export function readTeams(claude: string): Map<string, TeamInfo> {
	const teams = new Map<string, TeamInfo>();
	const dir = path.join(claude, 'teams');
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return teams;
	}
	for (const name of names) {
		try {
			const json = JSON.parse(readFileSync(path.join(dir, name, 'config.json'), 'utf8')) as {leadSessionId?: unknown};
			teams.set(name, typeof json.leadSessionId === 'string' ? {leadSessionId: json.leadSessionId} : {});
		} catch {
			// Not a team folder, or a config being rewritten.
		}
	}
	return teams;
}
