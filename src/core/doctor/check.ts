// `agentlog doctor`'s checks as data: each says what it found (one line), what else it saw
// (detail lines) and, when it is not fine, what to do. Pure: the facts are gathered in
// src/store/doctor; the report's text is src/present/doctor-text.ts.

/**
 * `ok`: fine; `note`: only information, nothing is wrong (Codex not found); `warn`: worth
 * knowing, does not fail the run; `fail`: agentlog cannot work like this.
 */
export type CheckLevel = 'ok' | 'note' | 'warn' | 'fail';

export interface DoctorCheck {
	/** Stable name for scripts: `hooks-disabled`, `hook-registered`, `hook-duplicates`, `hook-script`, `hook-node`, `hook-version`, `activity-folder`, `heartbeat`, `hook-log`, `codex`, `codex-hooks`, `codex-hook-node`, `codex-heartbeat`, `gemini`; `claude` in their place when only Codex CLI is here. */
	readonly id: string;
	/** False only for `fail`. */
	readonly ok: boolean;
	readonly level: CheckLevel;
	/** One line: what was found. */
	readonly summary: string;
	/** More lines of what was found (files, events, log lines). */
	readonly detail?: readonly string[];
	/** One line of what to do; only when the level is not `ok`. */
	readonly fix?: string;
}

export interface DoctorReport {
	/** True when no check failed (warnings allowed). */
	readonly ok: boolean;
	readonly checks: readonly DoctorCheck[];
}

export function check(id: string, level: CheckLevel, summary: string, more: {detail?: readonly string[]; fix?: string} = {}): DoctorCheck {
	return {
		id,
		ok: level !== 'fail',
		level,
		summary,
		...(more.detail !== undefined && more.detail.length > 0 ? {detail: more.detail} : {}),
		...(more.fix !== undefined && level !== 'ok' ? {fix: more.fix} : {}),
	};
}

export function doctorReport(checks: readonly DoctorCheck[]): DoctorReport {
	return {ok: checks.every(c => c.ok), checks};
}
