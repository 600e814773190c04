// agentlog's hook in Qwen Code's `$QWEN_HOME/settings.json` (docs/qwen.md). The file has the
// shape of Claude Code's settings and its hooks the same events and payloads, so
// settings-merge.ts and settings-edit.ts edit it, given these events. Pure.
//
// The events, from what Qwen Code 0.24 fires (test/fixtures/qwen/README.md): Claude Code's set
// but TeammateIdle, which Qwen does not have. PostToolUse keeps the matcher `Agent|Task`: Qwen
// matches a tool by its name (`agent`) and also by its display name (`Agent`) and legacy name
// (`task`), so the hook runs for the `agent` tool only.
import path from 'node:path';
import {AGENTLOG_HOOK_EVENTS, type HookEventSet} from './settings-merge.js';
import {hookTarget, type HookTarget} from './shell-command.js';

export const QWEN_HOOK_EVENTS: HookEventSet = AGENTLOG_HOOK_EVENTS.filter(event => event !== 'TeammateIdle');

/** `$QWEN_HOME/settings.json`. */
export function qwenSettingsFile(qwenHome: string): string {
	return path.join(qwenHome, 'settings.json');
}

/**
 * The hook Qwen Code runs: its own copy, `$QWEN_HOME/hooks/agent-spy.sh` with the bundles beside
 * it, so that installing or removing it never touches Claude Code's (as for Codex).
 */
export function qwenHookTarget(qwenHome: string, home: string): HookTarget {
	return hookTarget(qwenHome, home);
}
