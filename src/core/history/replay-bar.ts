// The position bar of `replay` and `watch --at`, shown under the header: playing or paused, the
// speed, where the moment is in the session, its time, the event count, and the keys. Pure.
import {fit} from '../text/cut.js';

export interface ReplayPosition {
	/** The moment shown (ms). */
	readonly at: number;
	/** The session's first and last event (ms). */
	readonly first: number;
	readonly last: number;
	/** Events at or before the moment, of all. */
	readonly index: number;
	readonly total: number;
	readonly playing: boolean;
	readonly speed: number;
	/** How far through the session as played (0–1: long gaps count as shortened); default: by time. */
	readonly fraction?: number;
}

function speedText(speed: number): string {
	return `${speed < 1 ? speed.toString().replace(/^0/u, '') : speed}×`;
}

/** The bar, fitted to `width` columns; `time(ms)` formats the moment (local time). */
export function replayBar(p: ReplayPosition, width: number, time: (ms: number) => string): string {
	const state = p.playing ? `▶ ${speedText(p.speed)}` : `⏸ ${speedText(p.speed)}`;
	const where = `${time(p.at)} · ${p.index}/${p.total}`;
	const keys = p.playing ? 'Space pause · ←→ step · [ ] speed' : 'Space play · ←→ step · [ ] speed';
	const fixed = `${state}  ${where}`;
	const barWidth = Math.max(0, Math.min(40, width - fixed.length - keys.length - 6));
	if (barWidth < 8) {
		return fit(`${fixed} · ${keys}`, width);
	}
	const span = p.last - p.first;
	const fraction = Math.min(1, Math.max(0, p.fraction ?? (span <= 0 ? 1 : (p.at - p.first) / span)));
	const head = Math.round(fraction * (barWidth - 1));
	const bar = `${'━'.repeat(head)}●${'─'.repeat(barWidth - 1 - head)}`;
	return fit(`${state} ${bar} ${where} · ${keys}`, width);
}
