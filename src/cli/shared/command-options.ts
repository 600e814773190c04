// The options of the commands whose work is loaded lazily (watch, demo): the command file and the
// file that runs it both need them, so they live here, and neither imports the other's types.
import type {ReadOptions} from './read-options.js';
import type {FilterExpression} from './filter-option.js';

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
