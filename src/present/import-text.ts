// What `agentlog import` prints as text at its end: how many agents it imported (or would), from
// how many transcripts, what was up to date, kept as the hook recorded it, or skipped and why.
import {formatBytes} from '../core/history/retention.js';
import {safeLine} from '../core/text/safe-text.js';

/** What an import did, as the text needs it (store/history/import.ts's ImportSummary). */
export interface ImportShown {
	readonly dryRun: boolean;
	readonly imported: number;
	readonly transcripts: number;
	readonly bytes: number;
	readonly upToDate: number;
	readonly hooked: number;
	readonly skipped: {readonly internal: number; readonly unreadable: number; readonly empty: number; readonly badName: number};
	readonly durationMs: number;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The summary of an import (or of a dry run) as text, ending in a newline. */
export function importSummaryText(s: ImportShown): string {
	const verb = s.dryRun ? 'would import' : 'imported';
	const seconds = (s.durationMs / 1000).toFixed(1);
	const head = `${verb} ${plural(s.imported, 'agent')} from ${plural(s.transcripts, 'transcript')} (${formatBytes(s.bytes)}) in ${seconds} s`;
	const parts = [head, `${s.upToDate} already up to date`];
	if (s.hooked > 0) {
		parts.push(`${plural(s.hooked, 'agent')} recorded by the hook (kept as recorded)`);
	}
	const skipped: string[] = [];
	if (s.skipped.internal > 0) {
		skipped.push(`${s.skipped.internal} internal (compaction)`);
	}
	if (s.skipped.empty > 0) {
		skipped.push(`${s.skipped.empty} without a timestamped line`);
	}
	if (s.skipped.unreadable > 0) {
		skipped.push(`${s.skipped.unreadable} not regular files or unreadable`);
	}
	if (s.skipped.badName > 0) {
		skipped.push(`${s.skipped.badName} with an unexpected name`);
	}
	parts.push(`skipped: ${skipped.length === 0 ? 'none' : skipped.join(', ')}`);
	const lines = [`${parts.join('; ')}.`];
	if (s.dryRun) {
		lines.push('Dry run: nothing was written.');
	}
	return `${lines.map(line => safeLine(line)).join('\n')}\n`;
}
