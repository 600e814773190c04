// Doctor's check of Gemini CLI: is Gemini here (its folder), and how many of its sessions with
// subagents were written lately. Gemini is optional and needs no hook (agentlog reads its
// subagents from its own session files): no Gemini folder is a note, not a failure. Pure: the facts come in.
import {ago} from './activity-checks.js';
import {check, type DoctorCheck} from './check.js';

/** Sessions this recent are counted. */
export const GEMINI_RECENT_DAYS = 7;

export type GeminiFolderFacts =
	| {readonly path: string; readonly state: 'missing'}
	| {readonly path: string; readonly state: 'not-folder'}
	| {
			readonly path: string;
			readonly state: 'found';
			/** Sessions with a subagent written in the last GEMINI_RECENT_DAYS days. */
			readonly sessions: number;
			/** Their subagents' files. */
			readonly subagents: number;
			/** The newest one's time (ms). */
			readonly newestMs?: number;
			/** Entries named like session files that are not regular files (FIFOs, folders, links). */
			readonly skipped: number;
	  };

export function geminiCheck(folder: GeminiFolderFacts, now: number): DoctorCheck {
	if (folder.state === 'missing') {
		return check('gemini', 'note', `Gemini CLI not found: no ${folder.path} (set GEMINI_CLI_HOME, or pass --gemini-home, if Gemini keeps its files elsewhere)`);
	}
	if (folder.state === 'not-folder') {
		return check('gemini', 'warn', `${folder.path} is there but is not a folder: agentlog reads no Gemini sessions from it`, {
			fix: "point GEMINI_CLI_HOME at the folder holding Gemini's .gemini (or --gemini-home at .gemini itself)",
		});
	}
	const detail = [
		...(folder.skipped > 0 ? [`${folder.skipped} entr${folder.skipped === 1 ? 'y' : 'ies'} named like a session file but not a regular file, skipped`] : []),
		'no hook needed: subagents are read from their session files (a running one is named only when it ends)',
	];
	const found =
		folder.sessions === 0
			? `no session with a subagent from the last ${GEMINI_RECENT_DAYS} days`
			: `${folder.sessions} session${folder.sessions === 1 ? '' : 's'} with ${folder.subagents} subagent${folder.subagents === 1 ? '' : 's'} from the last ${GEMINI_RECENT_DAYS} days, the newest ${folder.newestMs === undefined ? 'undated' : ago(folder.newestMs, now)}`;
	return check('gemini', 'ok', `Gemini CLI folder ${folder.path}: ${found}`, {detail});
}
