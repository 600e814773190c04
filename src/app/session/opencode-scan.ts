// Where the reading commands meet opencode: its databases under $XDG_DATA_HOME/opencode, read once
// per change of their files (a run that asks twice reads once), as sessions beside Claude Code's and
// Codex's. Nothing is read, and nothing is watched, where opencode has no folder.
import {statSync} from 'node:fs';
import {agentCountFacts, countSession, type RuleOptions} from '../../core/monitor/session-counts.js';
import type {StatusCounts} from '../../core/monitor/view.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import type {SessionListing} from '../../store/activity/session-listing.js';
import type {Pricer} from '../../core/cost/cost.js';
import type {ProviderScan, ProviderSession} from '../../store/live/provider-live.js';
import {newestOpencodeTree, opencodeDatabases, opencodeDataDir, readOpencodeDatabase, type OpencodeTree} from '../../store/opencode/opencode-db.js';
import {opencodeHeld} from '../../store/opencode/opencode-process.js';
import {clockNow, env} from '../env.js';
import {LISTED_DAYS} from './windows.js';

/** While a child runs, whether opencode still holds its databases is looked at this often (a /proc walk). */
const HELD_EVERY_MS = 2000;
let held: {readonly at: number; readonly key: string} | undefined;

/** Whether each database is held open by a process, when the last read has a child still running (else ''). */
function heldKey(files: readonly string[]): string {
	if (memo?.trees.some(t => t.agents.some(a => a.record.status === 'active')) !== true) {
		return '';
	}
	const now = Date.now();
	if (held === undefined || now - held.at >= HELD_EVERY_MS) {
		held = {at: now, key: files.map(f => String(opencodeHeld(f))).join(',')};
	}
	return `|held:${held.key}`;
}

let memo: {readonly key: string; readonly priced: boolean; readonly trees: readonly OpencodeTree[]; readonly problems: readonly string[]} | undefined;

/** The databases and a key that changes whenever one of them (or its log) changed. */
function filesKey(): {readonly files: readonly string[]; readonly key: string} {
	const files = opencodeDatabases(opencodeDataDir(env().vars, env().home));
	const parts = files.map(file => {
		const stamp = (f: string): string => {
			const st = statSync(f, {throwIfNoEntry: false});
			return st === undefined ? '-' : `${st.size}:${st.mtimeMs}:${st.ino}`;
		};
		return `${file}|${stamp(file)}|${stamp(`${file}-wal`)}`;
	});
	return {files, key: parts.join('\n') + heldKey(files)};
}

/**
 * opencode's session trees with subagents of the last LISTED_DAYS, newest first; [] without
 * opencode. `pricer` prices the responses opencode did not price itself (not given: those are
 * unpriced; the status bar's small bundle carries no price table).
 */
export function opencodeTrees(pricer?: Pricer): readonly OpencodeTree[] {
	const {files, key} = filesKey();
	if (memo?.key !== key || (pricer !== undefined && !memo.priced)) {
		const sinceMs = clockNow() - LISTED_DAYS * 86_400_000;
		const reads = files.map(file => readOpencodeDatabase(file, {sinceMs, ...(pricer === undefined ? {} : {pricer}), gone: () => opencodeHeld(file) === false}));
		memo = {
			key,
			priced: pricer !== undefined,
			trees: reads.flatMap(r => r.trees).sort((a, b) => b.updatedMs - a.updatedMs),
			problems: reads.flatMap(r => (r.problem === undefined ? [] : [r.problem])),
		};
	}
	return memo.trees;
}

/** Why a database could not be read, as the last read found (doctor says it). */
export function opencodeProblems(): readonly string[] {
	opencodeTrees();
	return memo?.problems ?? [];
}

/** The opencode session whose subagents moved last, read from its `session` table alone; undefined without opencode. */
export function newestOpencodeSession(): {readonly rootId: string; readonly updatedMs: number} | undefined {
	if (memo !== undefined) {
		return memo.trees[0];
	}
	const sinceMs = clockNow() - LISTED_DAYS * 86_400_000;
	let newest: {readonly rootId: string; readonly updatedMs: number} | undefined;
	for (const file of filesKey().files) {
		const found = newestOpencodeTree(file);
		if (found !== undefined && found.updatedMs >= sinceMs && (newest === undefined || found.updatedMs > newest.updatedMs)) {
			newest = found;
		}
	}
	return newest;
}

export function opencodeTreeOf(sessionId: string, pricer?: Pricer): OpencodeTree | undefined {
	return opencodeTrees(pricer).find(t => t.rootId === sessionId);
}

/** A tree's counts by display status, by the rules every session is counted with. */
export function opencodeCounts(tree: OpencodeTree, options: RuleOptions): StatusCounts {
	return countSession(
		tree.agents.map(a => agentCountFacts(a.record)),
		{...options, transcripts: new Map(tree.agents.map(a => [a.record.agentId, a.facts]))},
	);
}

/** opencode's sessions as listings (`sessions`, the session argument); counts only when `options` are given. */
export function opencodeListings(options?: RuleOptions, pricer?: Pricer): (SessionListing & {readonly provider: 'opencode'})[] {
	return opencodeTrees(pricer).map(tree => ({
		id: tree.rootId,
		label: tree.title === '' ? sessionLabel(tree.rootId) : tree.title,
		lastActivity: tree.updatedMs,
		counts: options === undefined ? {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0} : opencodeCounts(tree, options),
		warnings: 0,
		mainWaiting: false,
		provider: 'opencode' as const,
	}));
}

/** opencode's sessions for `watch`, polled: read again only when a database changed. */
export const opencodeLiveScan = (pricer: Pricer): ProviderScan => ({
	key: () => filesKey().key,
	read: (): readonly ProviderSession[] =>
		opencodeTrees(pricer).map(tree => ({
			sessionId: tree.rootId,
			lastActivity: tree.updatedMs,
			load: () => ({agents: tree.agents.map(a => a.record), facts: new Map(tree.agents.map(a => [a.record.agentId, a.facts]))}),
		})),
	// Its databases and their logs are written in this folder: a commit is read at once.
	watchFolders: () => [opencodeDataDir(env().vars, env().home)],
});
