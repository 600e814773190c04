// `agentlog doctor`'s checks as data: each says what it found (one line), what else it saw
// (detail lines) and, when it is not fine, what to do. The report's text and JSON are made here.
// Pure: the facts are gathered in src/store/doctor.
import {safeLine} from '../text/safe-text.js';

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

export const LEVEL_GLYPH: Readonly<Record<CheckLevel, string>> = {ok: '✓', note: '-', warn: '!', fail: '✗'};

/**
 * The report as text: `✓`/`-`/`!`/`✗` and the summary, the detail lines indented, then `→ ` and the
 * fix; a last line with the verdict. Every string goes through safeLine here (they quote paths,
 * settings and log lines from disk).
 */
export function formatDoctorText(report: DoctorReport): string {
	const lines: string[] = [];
	for (const c of report.checks) {
		lines.push(`${LEVEL_GLYPH[c.level]} ${safeLine(c.summary)}`);
		for (const d of c.detail ?? []) {
			lines.push(`    ${safeLine(d)}`);
		}
		if (c.fix !== undefined) {
			lines.push(`  → ${safeLine(c.fix)}`);
		}
	}
	const failed = report.checks.filter(c => c.level === 'fail').length;
	const warned = report.checks.filter(c => c.level === 'warn').length;
	const warnings = warned === 0 ? '' : ` (${warned} warning${warned === 1 ? '' : 's'})`;
	lines.push('', failed === 0 ? `All checks passed${warnings}.` : `${failed} of ${report.checks.length} checks failed${warnings}.`);
	return `${lines.join('\n')}\n`;
}
