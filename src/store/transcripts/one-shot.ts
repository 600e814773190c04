// One-shot reading of agents' transcripts, for `ls`, `ls --json` and snapshots: each transcript
// read once, whole, in chunks (never the whole file in memory at once), with its `.meta.json`
// and what its parent transcript says. The result is the TranscriptState the follower reaches
// once it has read everything. Synchronous; cheap for small files (a realpath, an open, a read).
import {ParentScanner} from './parent-scan.js';
import {TranscriptRoots} from './transcript-paths.js';
import {TranscriptReader, type FollowTarget, type TranscriptState} from './reader.js';

export interface ReadActivityOptions {
	/** `<claude>`: transcripts are opened only under `<claude>/projects/` (default: $CLAUDE_CONFIG_DIR or ~/.claude). */
	readonly claudeDir?: string;
	/** More folders transcripts may be read from. */
	readonly roots?: readonly string[];
	/** Bytes per read (default 1 MiB). */
	readonly chunkBytes?: number;
	/** The transcripts as they were at this moment (ms): later lines are not read (time travel). */
	readonly until?: number;
}

function reader(target: FollowTarget, roots: TranscriptRoots, chunkBytes: number | undefined, until: number | undefined): TranscriptReader {
	const r = new TranscriptReader(target, 0, roots);
	r.readAll(chunkBytes, until);
	r.readMeta();
	return r;
}

/** One agent's transcript state, read whole. */
export function readAgentActivity(target: FollowTarget, options: ReadActivityOptions = {}): TranscriptState {
	return readAgentActivities([target], options).get(target.agentId) as TranscriptState;
}

/**
 * The transcript states of many agents (by agent id). Agents that share a parent transcript
 * (the agents of one session) have it scanned once for all of them.
 */
export function readAgentActivities(targets: readonly FollowTarget[], options: ReadActivityOptions = {}): Map<string, TranscriptState> {
	const roots = new TranscriptRoots(options.claudeDir, options.roots);
	const readers = targets.map(target => reader(target, roots, options.chunkBytes, options.until));
	const byParent = new Map<string, TranscriptReader[]>();
	for (const r of readers) {
		const parent = r.parentPath();
		if (parent !== undefined) {
			byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
		}
	}
	const scanners = new Map<string, ParentScanner>();
	for (const [file, group] of byParent) {
		const wanted = new Set(group.map(r => r.target.agentId));
		const scanner = new ParentScanner(file, id => wanted.has(id), options.until);
		scanner.scan();
		scanners.set(file, scanner);
	}
	const states = new Map<string, TranscriptState>();
	for (const r of readers) {
		const parent = r.parentPath();
		const scanner = parent === undefined ? undefined : scanners.get(parent);
		states.set(r.target.agentId, r.state(scanner?.lookup(r.target.agentId, r.toolUseId())));
	}
	return states;
}
