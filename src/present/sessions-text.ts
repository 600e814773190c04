// What `sessions` prints: the table of sessions (local or another machine's), its `--json`, and
// the notes about files it skipped. Pure.
import type {AgentCost} from '../core/cost/cost.js';
import type {StatusCounts} from '../core/monitor/view.js';
import {providerPrefix, type Provider} from '../core/record/provider.js';
import {formatLocalTime} from '../core/text/format.js';
import {safeJsonStringify} from '../core/text/safe-text.js';
import {costColumn} from './cost-text.js';
import {sessionsJsonEntry} from './json-shapes.js';
import {GLYPH} from './present.js';
import {formatColumns, type Column} from './table.js';

/** A line of the table. */
export interface SessionsRow {
	readonly provider: Provider;
	readonly label: string;
	readonly counts: StatusCounts;
	readonly lastActivity: number;
}

/** The table of sessions; `costs` (`--cost`): a COST column, one cost per session. */
export function sessionsTable(sessions: readonly SessionsRow[], now: number, costs?: readonly (AgentCost | undefined)[]): string {
	const columns: ReadonlyArray<Column<SessionsRow> | undefined> = [
		{header: 'SESSION', cell: s => `${providerPrefix(s.provider)}${s.label}`},
		{header: 'ACTIVE', cell: s => `${GLYPH.active} ${s.counts.active}`},
		{header: 'IDLE', cell: s => `${GLYPH.idle} ${s.counts.idle}`},
		{header: 'STOPPED', cell: s => `${GLYPH.stopped} ${s.counts.stopped}`},
		costs === undefined ? undefined : costColumn<SessionsRow>((_, i) => costs[i], false),
		{header: 'LAST ACTIVITY', cell: s => formatLocalTime(new Date(s.lastActivity).toISOString(), now)},
	];
	return formatColumns(columns, sessions);
}

/** `sessions --json`: `id` is the folder's name exactly; C1 and bidi characters are written as \u escapes. */
export function sessionsJson(sessions: ReadonlyArray<Parameters<typeof sessionsJsonEntry>[0]>, costs: readonly (AgentCost | undefined)[] | undefined): string {
	return `${safeJsonStringify(
		sessions.map((s, i) => sessionsJsonEntry(s, costs === undefined ? undefined : (costs[i] ?? null))),
		2,
	)}\n`;
}

/** `sessions --host --json`: the host's sessions, checked, each naming its host. */
export function remoteSessionsJson(host: string, sessions: ReadonlyArray<{readonly lastActivity: number}>): string {
	return `${safeJsonStringify(
		sessions.map(s => ({host, ...s, lastActivity: new Date(s.lastActivity).toISOString()})),
		2,
	)}\n`;
}

/** The Codex rollouts `sessions` skipped: FIFOs, folders or links named like rollouts, unreadable files, files without a thread id. */
export function skippedRolloutsText(skipped: number): string {
	return skipped > 0
		? `agentlog: ${skipped} Codex rollout file${skipped === 1 ? '' : 's'} skipped (not a regular file, unreadable, or no thread on its first line)\n`
		: '';
}

/** Each session's agent files that could not be read, said under the table. */
export function unreadableFilesText(sessions: ReadonlyArray<{readonly label: string; readonly warnings: number}>): string {
	return sessions
		.filter(s => s.warnings > 0)
		.map(
			s =>
				`agentlog: session ${s.label}: ${s.warnings === 1 ? '1 unreadable file' : `${s.warnings} unreadable files`} skipped (agentlog ls ${s.label} names them)\n`,
		)
		.join('');
}
