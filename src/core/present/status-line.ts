// `agentlog status`: a session's counts as one short line for a status bar (tmux `status-right`,
// other bars). Pure: the counts come from the one monitor model's rules (session-counts.ts).
import type {StatusCounts} from '../monitor/view.js';
import {COLOR, GLYPH, type Shown} from './present.js';

export const STATUS_FORMATS = ['plain', 'tmux', 'json'] as const;
export type StatusFormat = (typeof STATUS_FORMATS)[number];

/**
 * What the line shows, in order: waiting first (it needs the user), then active and idle. Stopped
 * agents are left out (a bar shows what runs). Stale agents (active records silent for longer than
 * --stale, counted as stopped) are shown after them, and only beside something that runs: a
 * session whose agents all went silent is nothing running, and a bar that kept saying `◌ 1` until
 * the next session would be noise.
 */
const RUNNING: readonly Shown[] = ['waiting', 'active', 'idle'];

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
	readonly count: number;
}

/** The non-zero counts the line shows, in its order; empty when nothing runs. */
export function statusSegments(counts: StatusCounts): StatusSegment[] {
	const running = RUNNING.map(status => ({status, count: counts[status]})).filter(s => s.count > 0);
	if (running.length === 0) {
		return [];
	}
	return counts.stale > 0 ? [...running, {status: 'stale', count: counts.stale}] : running;
}

export type LineStyle = 'none' | 'ansi' | 'tmux';

function paint(text: string, status: Shown, style: LineStyle): string {
	const code = COLOR_CODES[COLOR[status]];
	if (style === 'none' || code === undefined) {
		return text;
	}
	return style === 'tmux' ? `#[fg=${code.tmux}]${text}#[default]` : `\u001B[${code.ansi}m${text}\u001B[39m`;
}

/** `◆ 1 ● 3 ◐ 1` (coloured for tmux or a terminal), or '' when nothing runs. */
export function statusLine(counts: StatusCounts, style: LineStyle): string {
	return statusSegments(counts)
		.map(s => paint(`${GLYPH[s.status]} ${s.count}`, s.status, style))
		.join(' ');
}

/** `--format json`: the session (null when there is none) and its counts by display status. */
export interface StatusJson {
	readonly sessionId: string | null;
	readonly counts: StatusCounts;
}

export function statusJson(sessionId: string | undefined, counts: StatusCounts): StatusJson {
	const {waiting, active, idle, stopped, stale} = counts;
	return {sessionId: sessionId ?? null, counts: {waiting, active, idle, stopped, stale}};
}

export const NO_COUNTS: StatusCounts = {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0};
