// Transcript followers made by a test and closed after it (register `closeFollowers` in afterEach).
import {TranscriptFollower, type FollowerOptions} from '../../src/store/transcripts/follower.js';

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
