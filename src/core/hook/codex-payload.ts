// Codex CLI's hook payloads (docs/codex-rollouts.md#hooks): the same event names and most of the fields of Claude
// Code's, told apart by where the transcripts are — Codex's are rollout files,
// `…/sessions/YYYY/MM/DD/rollout-<time>-<threadId>.jsonl`. On SubagentStart `transcript_path` is
// the child's rollout; on SubagentStop `agent_transcript_path` is, and `transcript_path` is its
// immediate parent's (the root's for a child of depth 1). Pure.

const ROLLOUT = /[\\/]sessions[\\/]\d{4}[\\/]\d{2}[\\/]\d{2}[\\/]rollout-[^\\/]*?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

/**
 * Whether a path is a Codex rollout file's. The plain search first: a Claude Code transcript's
 * path never gets to the pattern, whose first runs in a new process take ~0.1 ms each.
 */
export function isRolloutPath(file: unknown): file is string {
	return typeof file === 'string' && file.toLowerCase().includes('rollout-') && ROLLOUT.test(file);
}

/** The thread id a rollout file is named for. */
export function rolloutThreadId(file: string | undefined): string | undefined {
	return file === undefined ? undefined : ROLLOUT.exec(file)?.[1]?.toLowerCase();
}

/** A payload Codex sent: one of its transcript paths is a rollout file. */
export function isCodexPayload(o: Readonly<Record<string, unknown>>): boolean {
	return isRolloutPath(o.transcript_path) || isRolloutPath(o.agent_transcript_path);
}
