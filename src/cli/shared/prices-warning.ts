// The commands that show a cost say, on stderr and in one line, when the user's prices file
// (`$XDG_CONFIG_HOME/agentlog/prices.json`) was left out and why; the others never read it.
import type {Command} from 'commander';
import {loadPrices} from '../../store/cost/prices.js';

/** The commands whose output has a cost in it. */
const SHOW_COST: ReadonlySet<string> = new Set(['watch', 'replay', 'ls', 'history', 'stats', 'export', 'report', 'timeline', 'demo']);

/** Before such a command runs: the user's prices read (once per process), a wrong file said. */
export function warnAboutPrices(program: Command): void {
	program.hook('preAction', (_program, action) => {
		if (!SHOW_COST.has(action.name())) {
			return;
		}
		const {warning} = loadPrices();
		if (warning !== undefined) {
			process.stderr.write(`${warning}\n`);
		}
	});
}
