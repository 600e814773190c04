// A bundle run from V8's code cache: the installed agent-spy.cjs (the hook, hooks/agent-spy.ts) and
// dist/cli/status.cjs (`agentlog status`, which a status bar runs every few seconds) are this file
// with the bundle put in as a string by scripts/build.mjs. Compiling the hook's ~55 KB on every event costs
// about 1 ms of the ~20 ms a run takes; with the code V8 compiled on an earlier run it is not
// compiled again. Measured in the same run: 1.18× `node -e 0` with the cache, 1.24× without.
//
// The cache is `.<base>-<hash>.v8cache` beside this file, <hash> being the bundle's content hash
// (V8 checks its own version and flags, but not the source's content, so a new hook never reads
// an old cache). It is written on a run that found none (or one V8 refused, e.g. after a Node
// upgrade), at exit, through a new temp file renamed into place; caches of other hooks are then
// removed. It is read only when it is a regular file (never through a symlink, never a FIFO) of
// sane size. Anything wrong with it costs only the compile: the hook runs the same. The run that
// writes it compiles every function first (see compile()): ~129 KB of cache instead of ~62 KB made
// by a session's first SessionStart, whose later runs compiled what it had not run every time.
import {join} from 'node:path';
import {Script} from 'node:vm';
import type {setFlagsFromString} from 'node:v8';
import {codeCacheName, isCodeCacheName} from '../src/core/install/code-cache.js';
import {readCodeCache, writeCodeCache} from '../src/store/fs/code-cache-file.js';

declare const __AGENTLOG_HOOK_SOURCE__: string;
declare const __AGENTLOG_HOOK_HASH__: string;
declare const __AGENTLOG_CACHE_BASE__: string;

/** Put in once: the define would copy its ~90 KB into every place it is named. */
const SOURCE: string = __AGENTLOG_HOOK_SOURCE__;
const cacheFile = join(__dirname, codeCacheName(__AGENTLOG_HOOK_HASH__, __AGENTLOG_CACHE_BASE__));

function readCache(): Buffer | undefined {
	return readCodeCache(cacheFile);
}

function writeCache(data: Buffer): void {
	writeCodeCache(cacheFile, data, name => isCodeCacheName(name, __AGENTLOG_CACHE_BASE__));
}

/** V8's `--lazy` (on by default): functions are compiled when first called, not with their script. */
function setLazy(lazy: boolean): void {
	try {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		(require('node:v8') as {setFlagsFromString: typeof setFlagsFromString}).setFlagsFromString(lazy ? '--lazy' : '--no-lazy');
	} catch {
		// Then the cache holds what this run compiles, as before.
	}
}

/**
 * The script, from the code cache when V8 takes it; otherwise compiled for a new cache, every
 * function at once: the cache then holds them all, not only those of the event that happened to
 * make it (a session's first SessionStart runs few, and every later run compiled the rest again).
 * The flag is set back before anything runs, so V8's check of the cache sees the usual flags.
 */
function compile(cachedData: Buffer | undefined): {readonly script: Script; readonly fresh: boolean} {
	if (cachedData !== undefined) {
		const script = new Script(SOURCE, {filename: __filename, cachedData});
		if (script.cachedDataRejected !== true) {
			return {script, fresh: false};
		}
	}
	setLazy(false);
	try {
		return {script: new Script(SOURCE, {filename: __filename}), fresh: true};
	} finally {
		setLazy(true);
	}
}

let run: ((...args: unknown[]) => unknown) | undefined;
try {
	const {script, fresh} = compile(readCache());
	if (fresh) {
		// At exit, after the run: nothing is left to compile by then.
		process.once('exit', () => writeCache(script.createCachedData()));
	}
	run = script.runInThisContext() as (...args: unknown[]) => unknown;
} catch {
	// The hook must never break Claude Code: with no hook to run, exit 0 quietly.
	process.exitCode = 0;
}
run?.(exports, require, module, __filename, __dirname);
