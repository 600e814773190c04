// The history's retention, at most once a day (one lstat on other days), after the event is
// recorded: the run that claims the day loads the pass (agent-prune.cjs beside the bundle).
import {claimDailyPrune} from '../../store/history/daily-prune.js';

/** What agent-prune.cjs exports. */
export interface DailyPrunePass {
	readonly runDailyPrune?: (activity: string, now: number, log: (message: string) => void) => unknown;
}

export function dailyPrune(dir: string, now: number, loadPrune: () => DailyPrunePass | undefined, log: (message: string) => void): void {
	let claimed = false;
	try {
		claimed = claimDailyPrune(dir, now);
	} catch (error) {
		log(`daily prune: ${error instanceof Error ? error.message : String(error)}`);
	}
	if (!claimed) {
		return;
	}
	try {
		loadPrune()?.runDailyPrune?.(dir, now, log);
	} catch (error) {
		log(`daily prune: cannot load agent-prune.cjs: ${error instanceof Error ? error.message : String(error)}`);
	}
}
