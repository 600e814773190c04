// Team configs: <claude>/teams/<name>/config.json → leadSessionId (docs/claude-code-hooks.md#teams).
// Only regular files are opened (a FIFO named config.json would block `open`), at most
// MAX_TEAM_CONFIG_BYTES of them. Team names are folder names: they are used for matching a
// session argument and made safe (`safeLine`) here, where they enter.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {TeamInfo} from '../../core/monitor/sessions.js';
import {safeLine} from '../../core/text/safe-text.js';
import {readRegularText} from '../fs/safe-file.js';

const MAX_TEAM_CONFIG_BYTES = 1024 * 1024;

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
		const read = readRegularText(path.join(dir, name, 'config.json'), {maxBytes: MAX_TEAM_CONFIG_BYTES, followSymlinks: true});
		if (!read.ok) {
			// Not a team folder, or not a regular file.
			continue;
		}
		try {
			const json = JSON.parse(read.text) as {leadSessionId?: unknown} | null;
			teams.set(safeLine(name), typeof json?.leadSessionId === 'string' ? {leadSessionId: json.leadSessionId} : {});
		} catch {
			// A config being rewritten.
		}
	}
	return teams;
}
