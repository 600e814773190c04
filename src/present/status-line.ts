// `agentlog status`: a session's counts as one short line for a status bar (tmux `status-right`,
// other bars). Pure: the counts come from the one monitor model's rules (session-counts.ts).
import type {StatusCounts} from '../core/monitor/view.js';
import {COLOR, GLYPH, type Shown} from './present.js';
import type {Provider} from '../core/record/provider.js';

export const STATUS_FORMATS = ['plain', 'tmux', 'json'] as const;
export type StatusFormat = (typeof STATUS_FORMATS)[number];

/**
 * What the line shows, in order: `◆ main` when the main session waits, then the agents waiting
 * (they need the user), active and idle. Stopped agents are left out (a bar shows what runs).
 * Stale agents (active records silent for longer than --stale, counted as stopped) are shown after
 * them, and only beside something shown: a session whose agents all went silent is nothing
 * running, and a bar that kept saying `◌ 1` until the next session would be noise.
 */
const RUNNING = ['waiting', 'active', 'idle'] as const;

/** How a colour of present.ts COLOR (chalk's names) is written: tmux's name and the ANSI SGR code. */
const COLOR_CODES: Readonly<Record<string, {readonly tmux: string; readonly ansi: number}>> = {
	magenta: {tmux: 'magenta', ansi: 35},
	green: {tmux: 'green', ansi: 32},
	yellow: {tmux: 'yellow', ansi: 33},
	// chalk's gray is bright black.
	gray: {tmux: 'brightblack', ansi: 90},
};

export interface StatusSegment {
	readonly status: Shown;
	readonly text: string;
}

/** The main session's own segment: it waits for the user (a permission prompt outside any subagent). */
export const MAIN_WAITING_TEXT = `${GLYPH.waiting} main`;

/** What the line shows, in its order: `◆ main` when the main session waits, then the non-zero counts; empty when nothing runs or waits. */
export function statusSegments(counts: StatusCounts, mainWaiting = false): StatusSegment[] {
	const shown: StatusSegment[] = RUNNING.filter(status => counts[status] > 0).map(status => ({status, text: `${GLYPH[status]} ${counts[status]}`}));
	if (mainWaiting) {
		shown.unshift({status: 'waiting', text: MAIN_WAITING_TEXT});
	}
	if (shown.length > 0 && counts.stale > 0) {
		shown.push({status: 'stale', text: `${GLYPH.stale} ${counts.stale}`});
	}
	return shown;
}

export type LineStyle = 'none' | 'ansi' | 'tmux';

function paint(text: string, status: Shown, style: LineStyle): string {
	const code = COLOR_CODES[COLOR[status]];
	if (style === 'none' || code === undefined) {
		return text;
	}
	return style === 'tmux' ? `#[fg=${code.tmux}]${text}#[default]` : `\u001B[${code.ansi}m${text}\u001B[39m`;
}

/** `◆ 1 ● 3 ◐ 1` (coloured for tmux or a terminal), `◆ main ● 2` when the main session waits too, or '' when nothing runs. */
export function statusLine(counts: StatusCounts, style: LineStyle, mainWaiting = false): string {
	return statusSegments(counts, mainWaiting)
		.map(s => paint(s.text, s.status, style))
		.join(' ');
}

/**
 * `--format json`: the session (null when there is none), its counts by display status, whether
 * its main session waits, and whose session it is (as sessions --json; null when there is none).
 */
export interface StatusJson {
	readonly sessionId: string | null;
	readonly counts: StatusCounts;
	readonly mainWaiting: boolean;
	readonly provider: Provider | null;
}

export function statusJson(sessionId: string | undefined, counts: StatusCounts, mainWaiting = false, provider: Provider = 'claude'): StatusJson {
	const {waiting, active, idle, stopped, stale} = counts;
	return {sessionId: sessionId ?? null, counts: {waiting, active, idle, stopped, stale}, mainWaiting, provider: sessionId === undefined ? null : provider};
}

export const NO_COUNTS: StatusCounts = {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0};
