// agentlog's hook in OpenAI Codex CLI's `$CODEX_HOME/hooks.json` (docs/codex-rollouts.md#hooks): which events, where
// its own copy of the hook lives, and what the user must do before Codex runs it. The file has the
// shape of Claude Code's settings, so settings-merge.ts and settings-edit.ts edit it, given these
// events. Pure.
//
// The events, from what Codex 0.169 fires (test/fixtures/codex/README.md):
// - SubagentStart and SubagentStop: a child's exact start and each finished turn, with its report.
// - SessionEnd: a child whose turn was aborted (close_agent, interrupt_agent, Ctrl-C) fires no
//   SubagentStop (openai/codex#38142); SessionEnd, which follows in every run (after Interrupt on
//   SIGINT), lets the hook mark the session's children still running as interrupted.
// Left out: PreToolUse/PostToolUse and Pre/PostModelRequest fire for every tool call and model
// request of every thread (a Node start each) and the hook records none of them for Codex (its
// PostToolUse is only Claude Code's Agent tool); the rollouts already give that activity live.
// SessionStart comes before any child, when the session has no folder, so the hook writes nothing;
// Stop and Interrupt fire for the root only (Interrupt is always followed by SessionEnd);
// UserPromptSubmit marks a v1 child's second task, but not a v2 child's, and the rollout shows
// both (a second task_started).
import path from 'node:path';
import type {HookEventSet} from './settings-merge.js';
import {hookTarget, type HookTarget} from './shell-command.js';

export const CODEX_HOOK_EVENTS: HookEventSet = ['SubagentStart', 'SubagentStop', 'SessionEnd'];

/** `$CODEX_HOME/hooks.json`. */
export function codexHooksFile(codexHome: string): string {
	return path.join(codexHome, 'hooks.json');
}

/**
 * The hook Codex runs: its own copy, `$CODEX_HOME/hooks/agent-spy.sh` with the bundles beside it
 * (not Claude Code's under `<claude>/hooks/`), so that installing or removing either one never
 * touches the other's files, and a Codex-only user gets nothing under ~/.claude but the activity
 * folder the hook writes. The command is the launcher's absolute path, like Claude Code's.
 */
export function codexHookTarget(codexHome: string, home: string, envCodexHome?: string): HookTarget {
	return {...hookTarget(codexHome, home), codexHome: envCodexHome === undefined || envCodexHome === '' ? undefined : path.resolve(envCodexHome)};
}

/** What the user must do after install: Codex runs a non-managed hook only once approved in /hooks. */
export const CODEX_APPROVAL_NOTE =
	'Codex runs these hooks only after you approve them: start Codex and review them with /hooks (until then it skips them silently, and a changed command needs approval again). agentlog never writes that approval into config.toml.\n';
