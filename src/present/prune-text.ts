// What `agentlog prune` prints as text: the sessions removed (or that would be), those kept or
// skipped and why, how many recent ones stayed. Pure: the clock is a parameter.
import {describeForeign} from '../core/history/ownership.js';
import {formatBytes, formatRetention} from '../core/history/retention.js';
import {formatLocalTime} from '../core/text/format.js';
import {safeLine} from '../core/text/safe-text.js';

/** What prune did, as the text needs it (store/history/prune.ts's PruneResult). */
export interface PruneShown {
	readonly removed: readonly {readonly id: string; readonly bytes: number; readonly lastEventAt: string}[];
	readonly kept: readonly PruneKept[];
}

export interface PruneKept {
	readonly id: string;
	readonly reason: 'live-agent' | 'changed' | 'symlink' | 'unknown-age' | 'foreign' | 'recent';
	readonly agentId?: string;
	/** The entries agentlog did not write. */
	readonly foreign?: readonly string[];
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function keptLine(k: PruneKept): string | undefined {
	switch (k.reason) {
		case 'live-agent':
			return `  ${k.id}  kept: agent ${k.agentId ?? '?'} still runs`;
		case 'changed':
			return `  ${k.id}  kept: written to while it was being pruned`;
		case 'symlink':
			return `  ${k.id}  skipped: a symbolic link, not followed`;
		case 'unknown-age':
			return `  ${k.id}  kept: its last event cannot be told`;
		case 'foreign':
			return `  ${k.id}  left alone: holds files agentlog did not write: ${describeForeign(k.foreign ?? [])}`;
		case 'recent':
			return undefined;
	}
}

/** The text of a prune (`dryRun`: what would go), one line a session removed or kept, ending in a newline. */
export function pruneText(result: PruneShown, olderThanMs: number, dryRun: boolean, now: number): string {
	const age = formatRetention(olderThanMs);
	const out: string[] = [];
	const total = result.removed.reduce((sum, r) => sum + r.bytes, 0);
	if (result.removed.length === 0) {
		out.push(`Nothing to prune: no session's last event is ${age} old or more${result.kept.length > 0 ? ` without an agent that still runs` : ''}.`);
	} else {
		out.push(
			`${dryRun ? 'Would remove' : 'Removed'} ${plural(result.removed.length, 'session')} whose last event is ${age} old or more (${formatBytes(total)}):`,
		);
		const width = Math.max(...result.removed.map(r => r.id.length));
		for (const r of result.removed) {
			out.push(`  ${r.id.padEnd(width)}  last event ${formatLocalTime(r.lastEventAt, now)}  ${formatBytes(r.bytes)}`);
		}
	}
	const notes = result.kept.map(keptLine).filter((line): line is string => line !== undefined);
	if (notes.length > 0) {
		out.push(`${plural(notes.length, 'old session')} kept or skipped:`, ...notes);
	}
	const recent = result.kept.filter(k => k.reason === 'recent').length;
	if (recent > 0) {
		out.push(`${plural(recent, 'recent session')} kept.`);
	}
	if (dryRun && result.removed.length > 0) {
		out.push('Dry run: nothing was removed.');
	}
	// Session ids are safe ids (only those are pruned), but what is printed is made safe anyway.
	return `${out.map(line => safeLine(line)).join('\n')}\n`;
}
