// The facts `agentlog doctor` checks about Gemini CLI (core/doctor/gemini-checks.ts): its folder
// and how many sessions with subagents it wrote lately. Read-only: the session files are listed, never read.
import {statSync} from 'node:fs';
import {GEMINI_RECENT_DAYS, type GeminiFolderFacts} from '../../core/doctor/gemini-checks.js';
import {codeOf} from '../fs/errors.js';
import {listGeminiSessions} from '../gemini/gemini-files.js';

export function readGeminiFacts(geminiHome: string, now: number): GeminiFolderFacts {
	let isFolder: boolean;
	try {
		isFolder = statSync(geminiHome).isDirectory();
	} catch (error) {
		return codeOf(error) === 'ENOENT' ? {path: geminiHome, state: 'missing'} : {path: geminiHome, state: 'not-folder'};
	}
	if (!isFolder) {
		return {path: geminiHome, state: 'not-folder'};
	}
	const listing = listGeminiSessions(geminiHome, {sinceMs: now - GEMINI_RECENT_DAYS * 24 * 3_600_000});
	return {
		path: geminiHome,
		state: 'found',
		sessions: listing.sessions.length,
		subagents: listing.sessions.reduce((n, s) => n + s.children.length, 0),
		...(listing.sessions[0] === undefined ? {} : {newestMs: listing.sessions[0].lastActivity}),
		skipped: listing.skipped,
	};
}
