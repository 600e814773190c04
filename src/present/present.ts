// What the screen says about an agent and a session, as plain strings. Components only lay
// these out and colour them; the plain snapshot and `ls` print the same words.
import {providerOf} from '../core/codex/codex-agent.js';
import type {AgentStatus} from '../core/record/agent-record.js';
import {formatDuration, formatSilence, shortId} from '../core/text/format.js';
import type {AgentView, StatusCounts, ViewItem} from '../core/monitor/view.js';
import type {MonitorItem} from '../core/monitor/model.js';
import {INFERRED_STOP_LABEL} from '../core/monitor/inferred-stop.js';
import type {Waiting} from '../core/monitor/waiting.js';
import {fit} from '../core/text/cut.js';
import {PROVIDER_MARK, providerPrefix} from '../core/record/provider.js';
import {isFailure, isUserStop} from '../core/record/limits.js';

export {plainText} from '../core/monitor/report-line.js';

/** Shown status: the three statuses, waiting (for the user), and stale (shown stopped). */
export type Shown = AgentStatus | 'waiting' | 'stale';

/** A distinct glyph per status, so the screen reads without colour (NO_COLOR). `⚠` is taken: it counts unreadable files. */
export const GLYPH: Readonly<Record<Shown, string>> = {
	waiting: '◆',
	active: '●',
	idle: '◐',
	stopped: '○',
	stale: '◌',
};

export {PROVIDER_MARK};

/** The header's mark for a session followed as the newest, in a pane too narrow for the words. */
export const FOLLOWING_MARK = '⟳';
/** The header's mark before the count of agent files that could not be read. */
export const WARNING_MARK = '⚠';

/** The marks before a workflow run's name in watch: unfolded (its agents under it) and folded. */
export const RUN_MARK = {open: '⊟', folded: '⊞'} as const;

/** What each mark on the screen means, for the help screen: every glyph above, explained once. */
export const SYMBOLS: ReadonlyArray<readonly [mark: string, meaning: string]> = [
	[GLYPH.waiting, 'waiting for you: a permission prompt or a question'],
	[GLYPH.active, 'active'],
	[GLYPH.idle, 'idle: a teammate between tasks'],
	[GLYPH.stopped, 'stopped'],
	[GLYPH.stale, 'stale: no sign of life for the --stale time (shown stopped)'],
	['●2 ◐1 ○5', 'the header counts agents by status'],
	[FOLLOWING_MARK, 'following the newest session (switches when a newer one starts)'],
	[`${WARNING_MARK}1`, 'agent files that could not be read'],
	['└ ├', 'started by the agent above it (│ joins its siblings)'],
	['3└', 'started 3 levels down (a narrow pane writes the depth)'],
	[`${RUN_MARK.open} ${RUN_MARK.folded}`, 'a workflow run, its agents under it / folded (w)'],
	[PROVIDER_MARK.codex, 'a Codex CLI agent or session'],
	[PROVIDER_MARK.gemini, 'a Gemini CLI agent or session'],
];

export const COLOR: Readonly<Record<Shown, string>> = {
	waiting: 'magenta',
	active: 'green',
	idle: 'yellow',
	stopped: 'gray',
	stale: 'gray',
};

export function shownStatus(item: ViewItem): Shown {
	return item.stale ? 'stale' : item.displayStatus;
}

/** `resumed`, `resumed ×2`: an agent started again after a stop or an interruption (its record's `resumeCount`). */
export function resumedLabel(resumeCount: number | undefined): string | undefined {
	if (resumeCount === undefined || !(resumeCount > 0)) {
		return undefined;
	}
	return resumeCount === 1 ? 'resumed' : `resumed ×${resumeCount}`;
}

/** What every view says of an agent the user stopped from agentlog (`agentlog stop`, `x` in watch). */
export const USER_STOPPED_WORDS = 'stopped by you';

/**
 * The status word of a record's lifecycle, the one place it is decided: `interrupted`
 * for a stopped agent its record says was cut off (its session ended, or its parent's call came
 * back interrupted), `resumed` (`resumed ×2`) for an agent running again after a stop; else the
 * display status. The glyph stays the display status's, so the set of glyphs is unchanged.
 */
export function lifecycleWord(item: ViewItem): string {
	const {agent, displayStatus} = item;
	if (displayStatus === 'waiting') {
		const resumed = resumedLabel(agent.resumeCount);
		return resumed === undefined ? 'waiting' : `waiting · ${resumed}`;
	}
	if (displayStatus === 'stopped') {
		return agent.interrupted ? 'interrupted' : isFailure(agent.stopReason) ? 'failed' : isUserStop(agent.stopReason) ? USER_STOPPED_WORDS : 'stopped';
	}
	const resumed = resumedLabel(agent.resumeCount);
	if (resumed === undefined) {
		return displayStatus;
	}
	return displayStatus === 'active' ? resumed : `${displayStatus} · ${resumed}`;
}

/** True when the status says more than the glyph does, so a one-line row shows it in words too. */
export function statusNeedsWords(item: ViewItem): boolean {
	return item.waiting !== undefined || item.stale || item.ghost || item.inferredStop || lifecycleWord(item) !== item.displayStatus;
}

/** The words after the duration: what state the agent is in, and what is uncertain. */
export function statusLabel(item: ViewItem, now: number): string {
	const parts: string[] = [];
	if (item.waiting) {
		// For how long: what it waits for is its message (doingOf), shown first.
		parts.push(`${lifecycleWord(item)} ${formatDuration(now - item.waiting.since)}`);
	} else if (item.stale) {
		parts.push(`stale · silent ${formatSilence(now - item.lastLife)}`);
	} else if (item.inferredStop) {
		parts.push(INFERRED_STOP_LABEL);
	} else {
		parts.push(lifecycleWord(item));
	}
	if (item.ghost) {
		parts.push('ghost');
	}
	return parts.join(' · ');
}

/**
 * Duration text: live for active agents, `?` when the start was never seen. A stale agent's runs
 * to its last sign of life, so it is said as `ran 41s`: beside its `silent 5m` it reads as the rule
 * it is, not as a clock that jumped back.
 */
export function durationText(item: ViewItem): string {
	if (item.durationMs === undefined) {
		return '?';
	}
	return item.stale ? `ran ${formatDuration(item.durationMs)}` : formatDuration(item.durationMs);
}

export const MESSAGE_PREVIEW = 60;

/** The card's one-line message: the report's summary line (report.ts), cut to 60 characters + `…`. */
export function messagePreview(item: MonitorItem, room = MESSAGE_PREVIEW): string {
	if (item.summary !== undefined) {
		return fit(item.summary, Math.max(MESSAGE_PREVIEW, room) + 1);
	}
	if (item.displayStatus === 'active') {
		return 'working…';
	}
	return item.displayStatus === 'idle' ? 'waiting for messages' : 'no message';
}

/** A name column narrower than this leaves the tool's mark out (the header marks the session): the name is what tells agents apart. */
export const MARKED_NAME_MIN = 16;

/**
 * How an agent is named on a card, in the list and in `ls`: its name or type, and its tool's mark
 * (a Codex subagent's nickname beside its role). The mark first, so a column cuts the end of a
 * name, not the tool; in a column narrower than MARKED_NAME_MIN (`room`) it is left out.
 */
export function agentName(item: ViewItem & {readonly name?: string | undefined}, room = Number.POSITIVE_INFINITY): string {
	const {type} = item.agent;
	// A teammate's name, else the name it was launched with (`.meta.json`): `alpha (general-purpose)`.
	const called = item.agent.teammateName || item.name;
	const name = called && called !== type ? (type ? `${called} (${type})` : called) : type || shortId(item.agent.agentId);
	const mark = PROVIDER_MARK[providerOf(item.agent)];
	const named = mark === '' || room < MARKED_NAME_MIN ? name : `${mark} ${name}`;
	return item.agent.host === undefined ? named : `${item.agent.host}: ${named}`;
}

/** A session of another tool (every agent shown is that tool's) says so before its id: `[codex] `, else nothing. */
export function sessionMark(items: readonly ViewItem[]): string {
	const provider = items.length > 0 ? providerOf(items[0]!.agent) : 'claude';
	return items.every(item => providerOf(item.agent) === provider) ? providerPrefix(provider) : '';
}

/** agentName under its parent: indented, with a `└`, by its depth (the timeline's lanes; watch and `ls` draw the tree, tree.ts). */
export function nestedName(item: ViewItem & {readonly name?: string | undefined}, room = Number.POSITIVE_INFINITY): string {
	return `${item.depth > 0 ? `${'  '.repeat(item.depth - 1)}└ ` : ''}${agentName(item, room)}`;
}

export function countsText(counts: StatusCounts, compact = false): string {
	const shown: Array<[keyof StatusCounts, number]> = [
		...(counts.waiting > 0 ? [['waiting', counts.waiting] as [keyof StatusCounts, number]] : []),
		['active', counts.active],
		['idle', counts.idle],
		['stopped', counts.stopped],
	];
	if (counts.stale > 0) {
		shown.push(['stale', counts.stale]);
	}
	return shown.map(([status, n]) => (compact ? `${GLYPH[status]}${n}` : `${GLYPH[status]} ${n} ${status}`)).join(compact ? ' ' : '  ');
}

/** The header's words for a main session that waits: `◆ main session waits 12s · Bash: npm publish`. */
export function mainWaitingText(waiting: Waiting, now: number): string {
	return `${GLYPH.waiting} main session waits ${formatDuration(now - waiting.since)} · ${waiting.waitingFor}`;
}

export interface HeaderInfo {
	/** The main session waits for the user (mainWaitingText). */
	readonly mainWaiting?: string;
	readonly sessionId: string | undefined;
	readonly following: boolean;
	/** The machine(s) shown (`watch --host`): `on devbox`. */
	readonly host?: string;
	readonly view: AgentView;
	readonly showGhosts: boolean;
	readonly warnings: number;
}

/**
 * The header line: session, counts with glyphs, ghosts, warnings. In a narrow pane the compact
 * form keeps every figure visible (`3f2c9a10 · ●2 ◐1 ○5 · 2 ghosts · ⚠1`).
 */
export function headerText(info: HeaderInfo, width: number): string {
	const ghosts = info.view.ghostCount;
	const mark = sessionMark(info.view.items);
	const full = [
		info.sessionId ? `${mark}session ${shortId(info.sessionId)}${info.following ? ' (following)' : ''}` : 'no session yet',
		info.host === undefined ? '' : `on ${info.host}`,
		info.mainWaiting ?? '',
		countsText(info.view.counts),
		ghosts > 0 ? `${ghosts} ghost${ghosts === 1 ? '' : 's'} ${info.showGhosts ? 'shown' : 'hidden'}` : '',
		info.warnings > 0 ? `${WARNING_MARK} ${info.warnings} unreadable file${info.warnings === 1 ? '' : 's'}` : '',
	];
	const plain = full.filter(Boolean).join(' · ');
	for (const text of [`agentlog · ${plain}`, plain]) {
		if ([...text].length <= width) {
			return text;
		}
	}
	const compact = [
		info.sessionId ? `${mark}${shortId(info.sessionId)}${info.following ? ` ${FOLLOWING_MARK}` : ''}` : 'no session',
		info.host === undefined ? '' : `@${info.host}`,
		countsText(info.view.counts, true),
		// Last, so that a narrow pane cuts it rather than the counts.
		info.mainWaiting ?? '',
		ghosts > 0 ? `${ghosts} ghost${ghosts === 1 ? '' : 's'}` : '',
		info.warnings > 0 ? `${WARNING_MARK}${info.warnings}` : '',
	];
	return fit(compact.filter(Boolean).join(' · '), width);
}

/** The task, when something says more than the type (the model's description). */
export function taskOf(item: MonitorItem): string | undefined {
	return item.descriptionSource !== 'type' && item.description !== item.agent.type ? item.description : undefined;
}

/** What the agent does now (active) or its report's summary line (otherwise), one line. */
export function doingOf(item: MonitorItem, room = MESSAGE_PREVIEW): string {
	if (item.displayStatus === 'active' && item.activity?.summary.activity) {
		return item.activity.summary.activity;
	}
	if (item.waiting) {
		// What it asks the user: the first thing to act on.
		return item.waiting.waitingFor;
	}
	return messagePreview(item, room);
}

/** A card's message: the task and what it does or said (`Find API routes · Grep router`). */
export function cardMessage(item: MonitorItem, room = MESSAGE_PREVIEW): string {
	const task = taskOf(item);
	const doing = doingOf(item, room);
	// A waiting agent's ask comes before its task: it is what the user has to answer.
	return (item.waiting ? [doing, task] : [task, doing]).filter(Boolean).join(' · ');
}
