// What `agentlog doctor` prints: the checks (core/doctor/check.ts) as lines, or `--json`. Pure.
import type {CheckLevel, DoctorReport} from '../core/doctor/check.js';
import {safeJsonStringify, safeLine} from '../core/text/safe-text.js';

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

/** What `doctor` prints: the text, or `--json` (the report as it is). */
export function doctorOutput(report: DoctorReport, json: boolean): string {
	return json ? `${safeJsonStringify(report, 2)}\n` : formatDoctorText(report);
}
