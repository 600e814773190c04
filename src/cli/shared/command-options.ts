// The options of the commands whose work is loaded lazily (watch, demo): the command file and the
// file that runs it both need them, so they live here, and neither imports the other's types.
import {ruleOptions, type ReadOptions} from './read-options.js';
import type {FilterExpression} from './filter-option.js';
import type {MonitorOptions} from '../../core/monitor/model.js';

export interface WatchOptions extends ReadOptions {
	readonly max: number;
	/** `watch --at <when>`: the session as it was then, frozen (replay's keys move in time). */
	readonly at?: string;
	/** Ring the bell when an agent starts waiting or finishes (also the `b` key, remembered). */
	readonly bell?: boolean;
	/** `watch --filter <expr>`: the `/` filter to start with (and the snapshot's). */
	readonly filter?: FilterExpression;
	/** `--host`: the machines to show over ssh (`local` for this one). */
	readonly host?: readonly string[];
	readonly sshCommand?: string;
	/** How long a host has to answer (ms). */
	readonly hostTimeout?: number;
}

/**
 * What the monitor's screen starts with (watch, watch --at, replay, watch --host): the rules, no
 * ghosts shown, the newest --max, every agent when filtered (a filter looks at every agent).
 */
export function screenOptions(options: WatchOptions): MonitorOptions {
	return {...ruleOptions(options), showGhosts: false, showAll: options.filter !== undefined, max: options.max};
}

export interface ReplayOptions extends WatchOptions {
	/** Times the recorded pace (gaps over 5 s are shortened to 5 s either way). */
	readonly speed?: number;
}

export interface DemoOptions {
	readonly dir?: string;
	readonly ui: boolean;
	readonly loop?: boolean;
	readonly speed: number;
}
