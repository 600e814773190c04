// dist/cli/start.cjs, which bin/agentlog.js runs for every command but a plain `status`: it runs
// the CLI's bundle (dist/cli/agentlog.cjs) from V8's code cache. Node 20 compiles an ES module
// anew on every start (and has no compile cache before Node 22), and compiling the CLI and its
// Ink, React and Yoga took about a third of the CPU time to `watch`'s first frame; from a cache
// made after an earlier run, V8 takes the code those functions compiled to, lazily compiled
// functions included, and compiles only what that run did not need (docs/speed.md#the-first-frame).
//
// Two caches, each made by the first run of its kind after a build: the screens' (watch, replay,
// demo), written a few seconds after start, once the first frames are drawn, and the other
// commands', written at exit; and a third for the Markdown renderer, a script of its own
// (dist/cli/markdown.cjs), written at the exit of the first run that drew Markdown. Each is `.agentlog-<kind>-<hash>.v8cache` beside the bundle, <hash>
// being the bundle's content hash, which the build writes in the bundle's first line: the cache
// used is always the one made from the source read (V8 checks its own version and flags, not the
// source). A folder agentlog cannot write to (a global install by another user) only means no
// cache: every run compiles, as before. The bundle is ASCII (the build checks it), so it is read
// as latin1, which is a copy rather than a UTF-8 decode.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {Script} from 'node:vm';
import {codeCacheName, isCodeCacheName} from '../core/install/code-cache.js';
import {readCodeCache, writeCodeCache} from '../store/fs/code-cache-file.js';
import {COMMAND_NAMES} from './shared/command-names.js';

/** The bundle's first line, written by scripts/build.mjs. */
const HEADER = /^\/\/ agentlog bundle ([0-9a-f]{16})\n/u;
/** How long after start a screen writes its cache: after its first frames, before most people quit. */
const SCREEN_CACHE_AFTER_MS = 3000;
const SCREENS = new Set(['watch', 'replay', 'demo']);
/** What the CLI's bundle requires for its Markdown renderer (scripts/build.mjs). */
const MARKDOWN = './markdown.cjs';

/**
 * `screen` for the commands that draw with Ink: bare `agentlog`, its options, and a session id (an
 * argument that names no command is watch's, the default command's); else `command`.
 */
export function runKind(args: readonly string[]): 'screen' | 'command' {
	const first = args[0];
	if (first === undefined || SCREENS.has(first)) {
		return 'screen';
	}
	if (first.startsWith('-')) {
		return ['-h', '--help', '-V', '--version', '-v'].includes(first) ? 'command' : 'screen';
	}
	return COMMAND_NAMES.includes(first) ? 'command' : 'screen';
}

/** Runs the CLI's bundle `file` (the command line `args`) from its code cache; its exports. */
export function runBundle(file: string, args: readonly string[]): unknown {
	return runScript(file, `agentlog-${runKind(args)}`);
}

/**
 * Compiles the script `file` (from the cache `base` names when V8 takes it) and runs it as a
 * CommonJS module; its exports. Its `require('./markdown.cjs')` (the Markdown renderer, a script of
 * its own) is run the same way, from a cache of its own, written at exit.
 */
function runScript(file: string, base: string): unknown {
	const source = readFileSync(file, 'latin1');
	const hash = HEADER.exec(source)?.[1];
	const cacheFile = hash === undefined ? undefined : path.join(path.dirname(file), codeCacheName(hash, base));
	const cachedData = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
	const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {filename: file, cachedData});
	if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
		let written = false;
		const write = (): void => {
			if (!written) {
				written = true;
				writeCodeCache(cacheFile, script.createCachedData(), name => isCodeCacheName(name, base));
			}
		};
		if (base === 'agentlog-screen') {
			setTimeout(write, SCREEN_CACHE_AFTER_MS).unref();
		}
		process.once('exit', write);
	}
	const module = {exports: {}};
	const run = script.runInThisContext() as (...args: unknown[]) => void;
	run(module.exports, scriptRequire(file), module, file, path.dirname(file));
	return module.exports;
}

/** `require` for the script `file`: Node's, but the Markdown renderer beside it runs from its cache (once). */
function scriptRequire(file: string): NodeJS.Require {
	const base = createRequire(file);
	let markdown: unknown;
	const required = ((id: string): unknown => {
		if (id === MARKDOWN) {
			markdown ??= runScript(path.join(path.dirname(file), MARKDOWN), 'agentlog-markdown');
			return markdown;
		}
		return base(id);
	}) as NodeJS.Require;
	return Object.assign(required, {resolve: base.resolve, cache: base.cache, main: base.main, extensions: base.extensions});
}
