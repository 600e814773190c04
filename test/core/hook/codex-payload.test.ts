// Codex CLI's hook payloads told apart from Claude Code's by their rollout paths, and the thread
// id a rollout file is named for.
import {describe, expect, it} from 'vitest';
import {isCodexPayload, isRolloutPath, rolloutThreadId} from '../../../src/core/hook/codex-payload.js';

const ID = '019a8b2c-0000-7000-8000-00000000000a';
const ROLLOUT = `/home/u/.codex/sessions/2026/11/20/rollout-2026-11-20T10-00-00-${ID}.jsonl`;

describe('isRolloutPath', () => {
	it('is a rollout file under sessions/YYYY/MM/DD, either slash', () => {
		expect(isRolloutPath(ROLLOUT)).toBe(true);
		expect(isRolloutPath(`C:\\Users\\u\\.codex\\sessions\\2026\\11\\20\\rollout-x-${ID.toUpperCase()}.JSONL`)).toBe(true);
	});

	it('is not a Claude transcript, a near miss, or a non-string', () => {
		for (const file of [
			`/home/u/.claude/projects/p/${ID}.jsonl`,
			`/home/u/.codex/sessions/2026/11/rollout-${ID}.jsonl`,
			`/home/u/.codex/sessions/2026/11/20/rollout-${ID}.json`,
			`/home/u/.codex/sessions/2026/11/20/rollout-${ID}.jsonl/x`,
			`/home/u/.codex/sessions/2026/11/20/log-${ID}.jsonl`,
			`/home/u/.codex/sessions/2026/11/20/rollout-0000.jsonl`,
			'',
		]) {
			expect(isRolloutPath(file), file).toBe(false);
		}
		expect(isRolloutPath(undefined)).toBe(false);
		expect(isRolloutPath({toLowerCase: () => 'rollout-'})).toBe(false);
	});
});

describe('rolloutThreadId', () => {
	it('is the uuid at the end of the name, lower case', () => {
		expect(rolloutThreadId(ROLLOUT)).toBe(ID);
		expect(rolloutThreadId(ROLLOUT.replace(ID, ID.toUpperCase()))).toBe(ID);
		// The uuid closest to the end wins over one earlier in the name.
		expect(rolloutThreadId(ROLLOUT.replace('rollout-', `rollout-${ID.replace('a', 'b')}-`))).toBe(ID);
	});

	it('is undefined for no path or another file', () => {
		expect(rolloutThreadId(undefined)).toBeUndefined();
		expect(rolloutThreadId('/tmp/other.jsonl')).toBeUndefined();
	});
});

describe('isCodexPayload', () => {
	it('is Codex’s when either transcript path is a rollout', () => {
		expect(isCodexPayload({transcript_path: ROLLOUT})).toBe(true);
		expect(isCodexPayload({transcript_path: '/home/u/.claude/projects/p/s.jsonl', agent_transcript_path: ROLLOUT})).toBe(true);
		expect(isCodexPayload({transcript_path: '/home/u/.claude/projects/p/s.jsonl'})).toBe(false);
		expect(isCodexPayload({})).toBe(false);
	});
});
