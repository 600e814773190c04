// `watch` with Gemini CLI: its session files of the last days polled twice a second (a file is read
// again only from where it stopped; a missing Gemini folder costs one failed directory read per
// poll), and the Gemini session's subagents put beside what the other sources give, by the merge
// every tool read from its own files shares (provider-live.ts).
import path from 'node:path';
import {geminiAgentsOf, scanGeminiSessions, type GeminiScan} from '../gemini/gemini-sessions.js';
import type {GeminiRead} from '../gemini/gemini-files.js';
import {geminiRunning} from '../gemini/gemini-process.js';
import {prices} from '../cost/prices.js';
import {ProviderLive, type ProviderScan} from './provider-live.js';

export const GEMINI_POLL_MS = 500;
const LIVE_DAYS = 2;

export interface GeminiLiveOptions {
	readonly geminiHome: string;
	readonly activity: string;
	/** The session asked for; undefined: follow the newest. */
	readonly session: string | undefined;
	readonly pollMs?: number;
	/** How far back a session's files may have been written (ms); default two days (a session asked for by id: any time). */
	readonly sinceMs?: number;
	/** Whether Gemini CLI still runs in a folder (tests give their own); default: /proc looked at (gemini-process.ts). */
	readonly running?: (root: string, childStartMs: number) => boolean | undefined;
}

/** Gemini's sessions as a source of agents: the scan is made at every poll (only new bytes are read), a session folded when shown. */
function geminiScan(options: GeminiLiveOptions): ProviderScan {
	const memory = new Map<string, GeminiRead>();
	const pricer = prices();
	let scan: GeminiScan = {sessions: [], skipped: 0};
	return {
		key: () => {
			const sinceMs = options.sinceMs ?? (options.session === undefined ? Date.now() - LIVE_DAYS * 86_400_000 : undefined);
			scan = scanGeminiSessions({
				geminiHome: options.geminiHome,
				...(sinceMs === undefined ? {} : {sinceMs}),
				memory,
				running: options.running ?? geminiRunning,
			});
			return scan.sessions
				.map(
					s =>
						`${s.sessionId}${s.gone === true ? '|gone' : ''}|${[s.main, ...s.children].map(f => (f === undefined ? '-' : `${f.path}:${f.read.offset}:${f.read.mtimeMs}`)).join(',')}`,
				)
				.join('\n');
		},
		read: () =>
			scan.sessions.map(session => ({
				sessionId: session.sessionId,
				lastActivity: session.lastActivity,
				load: () => {
					const {agents, transcripts} = geminiAgentsOf(session, pricer);
					return {agents, facts: transcripts};
				},
			})),
		// Each session's chats folder (a new main file, a child's folder made) and its children's folder (a child's file written).
		watchFolders: () => [
			...new Set(
				scan.sessions.flatMap(s => [
					...(s.main === undefined ? [] : [path.dirname(s.main.path)]),
					...(s.children[0] === undefined ? [] : [path.dirname(s.children[0].path)]),
				]),
			),
		],
	};
}

export class GeminiLive extends ProviderLive {
	constructor(options: GeminiLiveOptions) {
		super({scan: geminiScan(options), activity: options.activity, session: options.session, prefix: 'gemini:', pollMs: options.pollMs ?? GEMINI_POLL_MS});
	}
}
