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
// sane size. Anything wrong with it costs only the compile: the hook runs the same.
import {closeSync, constants, fstatSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Script} from 'node:vm';
import {codeCacheName, isCodeCacheName} from '../src/core/install/code-cache.js';

declare const __AGENTLOG_HOOK_SOURCE__: string;
declare const __AGENTLOG_HOOK_HASH__: string;
declare const __AGENTLOG_CACHE_BASE__: string;

const MAX_CACHE_BYTES = 16 * 1024 * 1024;
const cacheFile = join(__dirname, codeCacheName(__AGENTLOG_HOOK_HASH__, __AGENTLOG_CACHE_BASE__));

function readCache(): Buffer | undefined {
	let fd: number;
	try {
		fd = openSync(cacheFile, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
	} catch {
		return undefined;
	}
	try {
		const st = fstatSync(fd);
		if (!st.isFile() || st.size === 0 || st.size > MAX_CACHE_BYTES) {
			return undefined;
		}
		const data = Buffer.allocUnsafe(st.size);
		let offset = 0;
		while (offset < st.size) {
			const n = readSync(fd, data, offset, st.size - offset, offset);
			if (n <= 0) {
				return undefined;
			}
			offset += n;
		}
		return data;
	} catch {
		return undefined;
	} finally {
		closeSync(fd);
	}
}

function writeCache(data: Buffer): void {
	const tmp = `${cacheFile}.${process.pid}.${Date.now().toString(36)}.tmp`;
	try {
		// wx: a link planted at the temp name makes this fail instead of writing through it.
		writeFileSync(tmp, data, {flag: 'wx', mode: 0o644});
		renameSync(tmp, cacheFile);
		for (const name of readdirSync(__dirname)) {
			if (isCodeCacheName(name, __AGENTLOG_CACHE_BASE__) && join(__dirname, name) !== cacheFile) {
				unlinkSync(join(__dirname, name));
			}
		}
	} catch {
		try {
			unlinkSync(tmp);
		} catch {
			// Never made.
		}
	}
}

let run: ((...args: unknown[]) => unknown) | undefined;
try {
	const cachedData = readCache();
	const script = new Script(__AGENTLOG_HOOK_SOURCE__, {filename: __filename, ...(cachedData ? {cachedData} : {})});
	if (cachedData === undefined || script.cachedDataRejected === true) {
		// At exit: the code cache then holds the functions this run compiled, too.
		process.once('exit', () => writeCache(script.createCachedData()));
	}
	run = script.runInThisContext() as (...args: unknown[]) => unknown;
} catch {
	// The hook must never break Claude Code: with no hook to run, exit 0 quietly.
	process.exitCode = 0;
}
run?.(exports, require, module, __filename, __dirname);
