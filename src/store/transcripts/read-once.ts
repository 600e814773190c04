// One-shot reading of agents' transcripts, for `ls`, `ls --json` and snapshots: each transcript
// read once, whole, in chunks (never the whole file in memory at once), with its `.meta.json`
// and what its parent transcript says. The result is the TranscriptState the follower reaches
// once it has read everything. Synchronous; cheap for small files (a realpath, an open, a read).
// With a cache (state-cache.ts), what an earlier run read of a file still the same is used
// instead of reading it again; time travel (`until`) never uses one.
import type {ParentFacts} from '../../core/transcript/parent-index.js';
import {ParentScanner} from './parent-scan.js';
import {TranscriptRoots} from './transcript-paths.js';
import {TranscriptReader, type FollowTarget, type TranscriptState} from './reader.js';
import {sameStamp, stampOf, type FileStamp, type KeptState, type TranscriptStateCache} from './state-cache.js';

export interface ReadActivityOptions {
	/** `<claude>`: transcripts are opened only under `<claude>/projects/` (default: $CLAUDE_CONFIG_DIR or ~/.claude). */
	readonly claudeDir?: string;
	/** More folders transcripts may be read from. */
	readonly roots?: readonly string[];
	/** Bytes per read (default 1 MiB). */
	readonly chunkBytes?: number;
	/** The transcripts as they were at this moment (ms): later lines are not read (time travel). */
	readonly until?: number;
	/** What earlier runs read (made for the same roots): unchanged files are not read again. Not used with `until`. */
	readonly cache?: TranscriptStateCache;
}

/** One agent's transcript state, read whole. */
export function readAgentActivity(target: FollowTarget, options: ReadActivityOptions = {}): TranscriptState {
	return readAgentActivities([target], options).get(target.agentId) as TranscriptState;
}

/** The parent's facts for an agent kept from a scan of `file` as it is now (`stamps`: each parent's, taken once), asked with the same tool_use id. */
function keptParent(
	kept: KeptState | undefined,
	file: string,
	toolUseId: string | undefined,
	stamps: Map<string, FileStamp | undefined>,
): ParentFacts | undefined {
	const parent = kept?.parent;
	if (parent === undefined || parent.file.path !== file || parent.toolUseId !== toolUseId) {
		return undefined;
	}
	if (!stamps.has(file)) {
		stamps.set(file, stampOf(file));
	}
	return sameStamp(stamps.get(file), parent.file) ? parent.facts : undefined;
}

/**
 * The transcript states of many agents (by agent id). Agents that share a parent transcript
 * (the agents of one session) have it scanned once for all of them.
 */
export function readAgentActivities(targets: readonly FollowTarget[], options: ReadActivityOptions = {}): Map<string, TranscriptState> {
	const roots = new TranscriptRoots(options.claudeDir, options.roots, true);
	const cache = options.until === undefined ? options.cache : undefined;
	const kept = new Map<string, KeptState | undefined>(targets.map(t => [t.agentId, cache?.get(t.agentId)]));
	const readers = targets.map(target => {
		const r = new TranscriptReader(target, 0, roots);
		if (cache === undefined) {
			r.readAll(options.chunkBytes, options.until);
		} else {
			r.readAllOrKept(kept.get(target.agentId), options.chunkBytes);
		}
		r.readMeta(kept.get(target.agentId)?.meta);
		return r;
	});
	// Each agent's parent facts: kept ones when its parent transcript is unchanged, else scanned.
	const facts = new Map<TranscriptReader, {readonly file: string; readonly facts: ParentFacts | undefined}>();
	const byParent = new Map<string, TranscriptReader[]>();
	const stamps = new Map<string, FileStamp | undefined>();
	for (const r of readers) {
		const parent = r.parentPath();
		if (parent === undefined) {
			continue;
		}
		const reused = cache === undefined ? undefined : keptParent(kept.get(r.target.agentId), parent, r.toolUseId(), stamps);
		if (reused !== undefined) {
			facts.set(r, {file: parent, facts: reused});
		} else {
			byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
		}
	}
	const scanners = new Map<string, ParentScanner>();
	for (const [file, group] of byParent) {
		const wanted = new Set(group.map(r => r.target.agentId));
		const scanner = new ParentScanner(file, id => wanted.has(id), options.until);
		scanner.scan();
		scanners.set(file, scanner);
		for (const r of group) {
			facts.set(r, {file, facts: scanner.lookup(r.target.agentId, r.toolUseId())});
		}
	}
	const states = new Map<string, TranscriptState>();
	for (const r of readers) {
		states.set(r.target.agentId, r.state(facts.get(r)?.facts));
	}
	if (cache !== undefined) {
		saveStates(cache, readers, kept, facts, scanners);
	}
	return states;
}

/** Keeps what was read whole of each agent, when anything differs from what was kept. */
function saveStates(
	cache: TranscriptStateCache,
	readers: readonly TranscriptReader[],
	kept: ReadonlyMap<string, KeptState | undefined>,
	facts: ReadonlyMap<TranscriptReader, {readonly file: string; readonly facts: ParentFacts | undefined}>,
	scanners: ReadonlyMap<string, ParentScanner>,
): void {
	const next = new Map<string, KeptState>();
	let changed = false;
	for (const r of readers) {
		const before = kept.get(r.target.agentId);
		const transcript = r.wholeStamp;
		if (transcript === undefined) {
			changed ||= before !== undefined;
			continue;
		}
		const meta = r.metaStamp === undefined ? undefined : {file: r.metaStamp, meta: r.metaRead()};
		const parentFacts = facts.get(r);
		const scanner = parentFacts === undefined ? undefined : scanners.get(parentFacts.file);
		// Facts from a scan that did not reach the end of the file are not kept.
		const parentStamp = parentFacts === undefined ? undefined : scanner === undefined ? before?.parent?.file : scanner.scanned;
		const parent =
			parentFacts?.facts === undefined || parentStamp === undefined ? undefined : {file: parentStamp, toolUseId: r.toolUseId(), facts: parentFacts.facts};
		const state: KeptState = {
			named: r.target.transcriptPath,
			cwd: r.target.cwd,
			transcript,
			summary: r.summary(),
			...(meta === undefined ? {} : {meta}),
			...(parent === undefined ? {} : {parent}),
		};
		changed ||=
			before === undefined ||
			before.summary !== state.summary ||
			!sameStamp(before.transcript, transcript) ||
			!sameStamp(before.meta?.file, meta?.file) ||
			(before.meta === undefined) !== (meta === undefined) ||
			!sameStamp(before.parent?.file, parent?.file) ||
			(before.parent === undefined) !== (parent === undefined);
		next.set(r.target.agentId, state);
	}
	if (changed || next.size !== [...kept.values()].filter(k => k !== undefined).length) {
		cache.save(next);
	}
}
