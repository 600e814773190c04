// Transcript followers made by a test and closed after it (register `closeFollowers` in afterEach),
// and the folders Claude Code keeps transcripts in, laid out under the test's <claude>/projects.
import {mkdirSync, mkdtempSync} from 'node:fs';
import path from 'node:path';
import {TranscriptFollower, type FollowerOptions, type TranscriptState} from '../../src/store/transcripts/follower.js';
import {SESSION_ID} from './transcript-lines.js';

let open: TranscriptFollower[] = [];

export function follower(options?: FollowerOptions): TranscriptFollower {
	const f = new TranscriptFollower(options);
	open.push(f);
	return f;
}

export async function closeFollowers(): Promise<void> {
	await Promise.all(open.map(f => f.close()));
	open = [];
}

/** An agent's state in a follower's snapshot; throws when it is not there. */
export function stateOf(f: TranscriptFollower, agentId: string): TranscriptState {
	const state = f.getSnapshot().get(agentId);
	if (!state) {
		throw new Error(`${agentId} is not in the snapshot`);
	}
	return state;
}

export interface TranscriptLayout {
	/** `<projects>/<project>`: the parent session's transcript is `<root>/<session>.jsonl`. */
	readonly root: string;
	readonly parent: string;
	readonly subagents: string;
	transcript(agentId: string): string;
}

/**
 * Claude Code's layout under `<claude>/projects/` (test/setup.ts points CLAUDE_CONFIG_DIR into the
 * sandbox): `<root>/<session>.jsonl` and `<root>/<session>/subagents/agent-<id>.jsonl`.
 */
export function transcriptLayout(): TranscriptLayout {
	const projects = path.join(process.env.CLAUDE_CONFIG_DIR ?? '', 'projects');
	mkdirSync(projects, {recursive: true});
	const root = mkdtempSync(path.join(projects, '-home-user-projects-shop-'));
	const subagents = path.join(root, SESSION_ID, 'subagents');
	mkdirSync(subagents, {recursive: true});
	return {root, parent: path.join(root, `${SESSION_ID}.jsonl`), subagents, transcript: agentId => path.join(subagents, `agent-${agentId}.jsonl`)};
}
