// Whether doctor checks Claude Code's side at all. A Codex CLI user who never installed Claude
// Code has no Claude folder: every Claude check would fail (no settings, no hook, no event) and
// doctor would exit 1 for a tool they do not use. Then those checks become one note; with neither
// tool here they stay (agentlog was installed for one of them). Pure.
import {check, type DoctorCheck} from './check.js';

export interface ToolPresence {
	/** `<claude>`: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
	readonly claudePath: string;
	readonly claudeFound: boolean;
	/** Codex's folder is there (doctor's `codex` check found it). */
	readonly codexFound: boolean;
}

/** True when Claude Code's checks are left out: no Claude folder, and Codex's is here. */
export function codexOnly(presence: ToolPresence): boolean {
	return !presence.claudeFound && presence.codexFound;
}

/** The note that stands for Claude Code's checks when only Codex CLI is here. */
export function claudeAbsentCheck(presence: ToolPresence): DoctorCheck {
	return check('claude', 'note', `Claude Code's folder ${presence.claudePath} is not there: its checks are left out (only Codex CLI is here)`, {
		fix: 'when you use Claude Code, run agentlog install-hook, then agentlog doctor again',
	});
}
