// Where an agent's own transcript is, as far as a hook event says: Claude Code's beside the
// session's (docs/claude-code-hooks.md#subagent-transcripts), Qwen Code's in its own layout,
// Codex's the rollout a SubagentStart names.
import {qwenSubagentTranscriptPath} from './qwen-payload.js';
import type {HookEvent} from './hook-event.js';

/** `<dir>/<session>.jsonl` → `<dir>/<session>/subagents/agent-<id>.jsonl` (docs/claude-code-hooks.md#subagent-transcripts). */
export function subagentTranscriptPath(mainTranscript: string | undefined, agentId: string): string | undefined {
	if (!mainTranscript?.endsWith('.jsonl')) {
		return undefined;
	}
	return `${mainTranscript.slice(0, -'.jsonl'.length)}/subagents/agent-${agentId}.jsonl`;
}

/** The agent's own transcript, as far as a Claude Code event names it: a stop's `agent_transcript_path`, else the one derived from the session's. */
export function agentTranscriptOf(event: HookEvent, agentId: string): string | undefined {
	return event.agentTranscriptPath || sessionChildTranscript(event, agentId);
}

/** The agent's own transcript derived from the session's: Qwen Code's layout, else Claude Code's. */
export function sessionChildTranscript(event: HookEvent, agentId: string): string | undefined {
	return event.provider === 'qwen'
		? qwenSubagentTranscriptPath(event.transcriptPath, event.sessionId, agentId)
		: subagentTranscriptPath(event.transcriptPath, agentId);
}

/** The agent's own transcript on SubagentStart: Claude Code's is derived from the session's; Codex's `transcript_path` is the child's rollout itself. */
export function childTranscript(event: HookEvent, agentId: string): string | undefined {
	return event.provider === 'codex' ? event.transcriptPath : sessionChildTranscript(event, agentId);
}
