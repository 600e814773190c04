// The timeline's time axis: the window of time shown (zoomed, panned) and the tick labels that
// fit it, in local time. Pure.

export interface TimeWindow {
	readonly fromMs: number;
	readonly toMs: number;
}

/** Zoom levels: the share of the full window shown (1 = all of it). `+` halves it, `-` doubles it. */
export const ZOOMS: readonly number[] = [1, 1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32, 1 / 64];

/**
 * The window shown at a zoom level (an index into ZOOMS) and a pan (a share of the shown span,
 * from the end: 0 = the latest part, where now is). Clamped into the full window.
 */
export function zoomedWindow(full: TimeWindow, zoom: number, pan: number): TimeWindow {
	const level = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, zoom))]!;
	const span = full.toMs - full.fromMs;
	const shown = Math.max(1000, span * level);
	const room = Math.max(0, span - shown);
	const back = Math.max(0, Math.min(room, pan * shown));
	const toMs = full.toMs - back;
	return {fromMs: toMs - shown, toMs};
}

/** Tick steps (ms) the axis may use: the smallest whose labels fit. */
const TICKS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21_600, 43_200, 86_400].map(s => Math.round(s * 1000));

function pad2(n: number): string {
	return String(n).padStart(2, '0');
}

/** A tick's label: `HH:MM:SS`, or `HH:MM` when every tick falls on a minute. `utcOffsetMin` shifts to local time. */
function tickLabel(ms: number, step: number, utcOffsetMin: number): string {
	const d = new Date(ms + utcOffsetMin * 60_000);
	const hm = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
	if (step % 60_000 === 0) {
		return hm;
	}
	const hms = `${hm}:${pad2(d.getUTCSeconds())}`;
	return step % 1000 === 0 ? hms : `${hms}.${Math.floor(d.getUTCMilliseconds() / 100)}`;
}

export function axisLine(window: TimeWindow, columns: number, utcOffsetMin: number): string {
	const perColumn = (window.toMs - window.fromMs) / columns;
	const cells = Array.from({length: columns}, () => ' ');
	const labelRoom = 12;
	const step = TICKS.find(s => s / perColumn >= labelRoom) ?? TICKS[TICKS.length - 1]!;
	const offset = utcOffsetMin * 60_000;
	let tick = Math.ceil((window.fromMs + offset) / step) * step - offset;
	for (; tick <= window.toMs; tick += step) {
		const col = Math.floor((tick - window.fromMs) / perColumn);
		const label = `╵${tickLabel(tick, step, utcOffsetMin)}`;
		if (col < 0 || col + label.length > columns) {
			continue;
		}
		for (let i = 0; i < label.length; i++) {
			cells[col + i] = label[i]!;
		}
	}
	return cells.join('');
}

/** How long a column is, in words: `250 ms`, `1.5 s`, `2 min`. */
export function columnSpan(ms: number): string {
	if (ms < 1000) {
		return `${Math.max(1, Math.round(ms))} ms`;
	}
	if (ms < 60_000) {
		return `${Math.round(ms / 100) / 10} s`;
	}
	return `${Math.round(ms / 6000) / 10} min`;
}
