// What `ls` prints of a session's monitor model: its table under a heading (with `--filter`'s
// count and the ghosts left out), or `--json`; and `ls --host --json`. The same for the live
// files, a moment of the past and another machine. Pure.
import type {Filter} from '../core/monitor/filter.js';
import {monitorFigures} from '../core/monitor/figures.js';
import type {MonitorItem, MonitorModel} from '../core/monitor/model.js';
import type {Waiting} from '../core/monitor/waiting.js';
import type {AgentRecord} from '../core/record/agent-record.js';
import {formatLocalTime} from '../core/text/format.js';
import {safeJsonStringify, safeLine} from '../core/text/safe-text.js';
import {costColumn} from './cost-text.js';
import {filterCountText, filterView} from './filter-fields.js';
import {lsJsonAgent} from './json-shapes.js';
import {agentName, durationText, GLYPH, mainWaitingText, messagePreview, sessionMark, shownStatus, statusLabel} from './present.js';
import {formatColumns, type Column} from './table.js';
import {treePrefixes} from './tree.js';

/** How `ls` was asked to print. */
export interface LsShow {
	readonly json?: boolean;
	/** `--all`: the ghosts are in the model; without it, how many were left out is said. */
	readonly all?: boolean;
	/** `--filter`, as typed and parsed. */
	readonly filter?: {readonly text: string; readonly filter: Filter};
	/** The terminal's columns; undefined when piped. */
	readonly width?: number;
}

/** Which session a heading names: its label, the moment looked at, the host it was read on. */
export interface LsHeading {
	/** The session's label; undefined: `the newest session` (a host that did not say). */
	readonly session: string | undefined;
	/** `ls --at`: the moment (ms), written with the clock `wall`. */
	readonly at?: {readonly ms: number; readonly wall: number};
	readonly host?: string;
	readonly mainWaiting?: Waiting;
	readonly now: number;
}

/** `session <label>`, `… at <time>`, `… on <host>`, with the tool's mark and the main session's wait. */
export function lsHeading(items: readonly MonitorItem[], h: LsHeading): string {
	const session = h.session === undefined ? 'the newest session' : `session ${h.session}`;
	const at = h.at === undefined ? '' : ` at ${formatLocalTime(new Date(h.at.ms).toISOString(), h.at.wall)}`;
	const host = h.host === undefined ? '' : ` on ${h.host}`;
	const waiting = h.mainWaiting === undefined ? '' : `\n${mainWaitingText(h.mainWaiting, h.now)}`;
	return `${sessionMark(items)}${session}${at}${host}${waiting}`;
}

/** The columns of `ls`, declared once; the cost column only when a transcript was priced. */
function lsColumns(items: readonly MonitorItem[], now: number): ReadonlyArray<Column<MonitorItem>> {
	const tree = treePrefixes(items.map(item => item.depth));
	return [
		{header: 'STATUS', cell: item => `${GLYPH[shownStatus(item)]} ${statusLabel(item, now)}`},
		{header: 'TYPE', cell: (item, i) => `${tree[i] ?? ''}${agentName(item)}`},
		{header: 'DURATION', cell: item => durationText(item)},
		costColumn<MonitorItem>(item => monitorFigures(item).figures.cost, true),
		{header: 'STARTED', cell: item => formatLocalTime(item.agent.startedAt, now)},
		{header: 'ID', cell: item => item.agent.agentId},
		{header: 'SUMMARY', cell: item => (item.waiting ? item.waiting.waitingFor : item.summary === undefined ? '' : messagePreview(item))},
	];
}

/**
 * What `ls` prints of a model: the table under `heading` (or `--json`: each record as on disk,
 * `raw`, then the model's fields, C1 and bidi characters written as \u escapes).
 */
export function lsOutput(whole: MonitorModel, raw: ReadonlyMap<AgentRecord, AgentRecord>, now: number, heading: string, show: LsShow): string {
	const filtered = show.filter === undefined ? undefined : filterView(whole, show.filter.filter);
	const view = filtered?.view ?? whole;
	if (show.json) {
		return `${safeJsonStringify(
			view.items.map(item => lsJsonAgent(raw.get(item.agent) ?? item.agent, item)),
			2,
		)}\n`;
	}
	const title = filtered === undefined ? heading : `${heading}\n${filterCountText(filtered)} agents match ${safeLine(show.filter!.text)}`;
	const hidden =
		view.ghostCount > 0 && !show.all
			? `\n${view.ghostCount === 1 ? '1 ghost hidden; --all shows it' : `${view.ghostCount} ghosts hidden; --all shows them`}\n`
			: '';
	const body =
		view.items.length === 0
			? `${filtered === undefined ? 'no agents' : 'no agents match'}\n`
			: formatColumns(lsColumns(view.items, now), view.items, show.width);
	return `${title}\n${body}${hidden}`;
}

/** `ls --host --json`: the agents as the host gave them, checked, each naming its host; `--filter` keeps those the model's filter keeps. */
export function remoteLsJson<T extends {readonly agentId: string}>(
	host: string,
	agents: readonly T[],
	model: MonitorModel,
	filter: Filter | undefined,
): string {
	const kept = filter === undefined ? undefined : new Set(filterView(model, filter).view.items.map(item => item.agent.agentId));
	const shown = kept === undefined ? agents : agents.filter(agent => kept.has(agent.agentId));
	return `${safeJsonStringify(
		shown.map(agent => ({host, ...agent})),
		2,
	)}\n`;
}
