// The prices every cost is made with: the bundled list prices (core/cost/price.ts), with the
// user's own prices file over them (core/cost/user-prices.ts says its shape). The file is read
// once per process (again only when the path changes: tests run many commands in one process),
// bounded, through a symlink if it is one (a dotfiles checkout), only when it is a regular file.
// A file that is wrong is left out whole, and `warning` says why in one line for the command to
// print; a missing file is no file.
import {createHash} from 'node:crypto';
import os from 'node:os';
import {userPricesFile} from '../../core/paths.js';
import type {Pricer} from '../../core/cost/cost.js';
import {LIST_PRICES} from '../../core/cost/price.js';
import {MAX_USER_PRICES_BYTES, parseUserPrices, withUserPrices} from '../../core/cost/user-prices.js';
import {safeLine} from '../../core/text/safe-text.js';
import {readRegularText} from '../fs/safe-file.js';

export interface LoadedPrices {
	readonly pricer: Pricer;
	/** The user's file that was read (or looked for). */
	readonly file: string;
	/** Why the user's file was left out, in one line; undefined when it was used or is not there. */
	readonly warning?: string;
}

/** Reads the user's prices file at `file` (no memory: `loadPrices` keeps the answer). */
export function readPrices(file: string, base: Pricer = LIST_PRICES): LoadedPrices {
	const read = readRegularText(file, {maxBytes: MAX_USER_PRICES_BYTES, followSymlinks: true});
	if (!read.ok) {
		return read.reason === 'missing' ? {pricer: base, file} : {pricer: base, file, warning: warningOf(file, read.message)};
	}
	const parsed = parseUserPrices(read.text);
	if (!parsed.ok) {
		return {pricer: base, file, warning: warningOf(file, parsed.error)};
	}
	const key = createHash('sha256').update(read.text).digest('hex').slice(0, 16);
	return {pricer: withUserPrices(base, parsed.value, key), file};
}

function warningOf(file: string, why: string): string {
	return `agentlog: ${safeLine(file)} left out (list prices used): ${safeLine(why)}`;
}

let loaded: {readonly config: string | undefined; readonly home: string | undefined; readonly prices: LoadedPrices} | undefined;

/** The prices of this process: the user's file is read the first time (again only if its path changed). */
export function loadPrices(vars: NodeJS.ProcessEnv = process.env): LoadedPrices {
	// Asked for by every transcript reader: the variables compared, not the path made again.
	if (loaded !== undefined && loaded.config === vars.XDG_CONFIG_HOME && loaded.home === vars.HOME) {
		return loaded.prices;
	}
	const file = userPricesFile(vars, vars.HOME || os.homedir());
	loaded = {config: vars.XDG_CONFIG_HOME, home: vars.HOME, prices: loaded?.prices.file === file ? loaded.prices : readPrices(file)};
	return loaded.prices;
}

/** The pricer of this process (see loadPrices). */
export function prices(): Pricer {
	return loadPrices().pricer;
}
