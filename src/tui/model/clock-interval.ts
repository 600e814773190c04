// How often the monitor's clock ticks, from what it shows. Pure.
import type {AgentView} from '../../core/monitor/view.js';

const MINUTE = 60_000;

/**
 * Once a second while an agent runs (durations, the stale rule) or a stale agent's silence is
 * still counted in seconds (under a minute: `--stale` below 1m); every 30 s while only stale
 * agents silent for minutes are left (their silence is shown to the minute); never otherwise: an
 * idle monitor uses no CPU.
 */
export function clockInterval(view: Pick<AgentView, 'counts' | 'items'>, now: number): number | undefined {
	if (view.counts.active > 0) {
		return 1000;
	}
	if (view.counts.stale === 0) {
		return undefined;
	}
	return view.items.some(item => item.stale && now - item.lastLife < MINUTE) ? 1000 : 30_000;
}
