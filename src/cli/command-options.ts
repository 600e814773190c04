// The options of the commands whose work is loaded lazily (watch, demo): the command file and the
// file that runs it both need them, so they live here, and neither imports the other's types.
import type {ReadOptions} from './common.js';

export interface WatchOptions extends ReadOptions {
	readonly max: number;
}

export interface DemoOptions {
	readonly dir?: string;
	readonly ui: boolean;
	readonly loop?: boolean;
	readonly speed: number;
}
