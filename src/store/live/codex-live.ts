// `watch` with Codex: the rollouts of the last days polled twice a second (a file is read again
// only from where it stopped), and the Codex session's children put beside what the activity
// watcher and the transcript follower give, by the merge every tool read from its own files shares
// (provider-live.ts). Codex's hook writes records too: those of the shown session are merged into
// the children read from the rollouts (mergeCodexRecords). Following the newest session, a Codex
// session whose rollouts were written after the newest session folder is shown instead.
import path from 'node:path';
import {statSync} from 'node:fs';
import {codexAgentsOf, scanCodexFiles, scanCodexSessions, type CodexScan} from '../codex/codex-sessions.js';
import type {RolloutFile, RolloutRead} from '../codex/rollouts.js';
import {prices} from '../cost/prices.js';
import {ProviderLive, type ProviderScan} from './provider-live.js';

export const CODEX_POLL_MS = 500;
const LIVE_DAYS = 2;

export interface CodexLiveOptions {
	readonly codexHome: string;
	readonly activity: string;
	/** The session asked for; undefined: follow the newest. */
	readonly session: string | undefined;
	/**
	 * The rollouts of the session asked for, when it is older than the live window (found in the
	 * listing's 30 days): read as the live ones are, so an older session shows its agents too.
	 */
	readonly sessionFiles?: readonly RolloutFile[];
	readonly pollMs?: number;
}

/** Codex's sessions as a source of agents: the rollouts scanned at every poll (only new bytes are read), a session folded when shown. */
function codexScan(options: CodexLiveOptions): ProviderScan {
	const memory = new Map<string, RolloutRead>();
	/** What each request read is priced with: the detail pane's cost. */
	const pricer = prices();
	const older = options.session !== undefined && options.sessionFiles !== undefined && options.sessionFiles.length > 0;
	const folder = path.join(options.codexHome, 'sessions');
	let scan: CodexScan = {sessions: [], skipped: 0};
	return {
		key: () => {
			scan = older
				? scanCodexFiles(options.sessionFiles, memory, pricer)
				: scanCodexSessions({codexHome: options.codexHome, sinceMs: Date.now() - LIVE_DAYS * 86_400_000, memory, pricer});
			return scan.sessions.map(s => `${s.sessionId}|${s.threads.map(t => `${t.path}:${t.read.offset}:${t.read.mtimeMs}`).join(',')}`).join('\n');
		},
		read: () =>
			scan.sessions.map(session => ({
				sessionId: session.sessionId,
				lastActivity: session.lastActivity,
				load: hooked => {
					const {agents, transcripts} = codexAgentsOf(session, hooked);
					return {agents, facts: transcripts};
				},
			})),
		folder: () => {
			try {
				return statSync(folder).isDirectory() ? folder : undefined;
			} catch {
				return undefined;
			}
		},
	};
}

export class CodexLive extends ProviderLive {
	constructor(options: CodexLiveOptions) {
		super({
			scan: codexScan(options),
			activity: options.activity,
			session: options.session,
			prefix: 'codex:',
			pollMs: options.pollMs ?? CODEX_POLL_MS,
			withHooked: 'codex',
		});
	}
}
