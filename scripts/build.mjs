// Builds the two shipped artefacts with esbuild:
//  - dist/cli/agentlog.js: the whole CLI in one ESM file (plus lazily imported chunks, such as
//    the Markdown renderer). Unbundled, Ink resolves thousands of files at start-up (~520 ms to
//    a first frame on a 2-core machine); bundled, ~190 ms. Yoga is loaded without `fetch` (below).
//  - hooks/agent-spy.cjs: the hook Claude Code runs on every subagent event. Only node:
//    built-ins, no npm packages, run from V8's code cache, so it starts about as fast as
//    `node -e 0`. Beside it, hooks/agent-prune.cjs: the daily retention pass it loads once a day.
//    Both are committed, beside the launcher (hooks/agent-spy.sh): the repository is also a
//    Claude Code plugin (hooks/hooks.json), installed from a plain clone with no build step, and
//    install-hook copies the same files. test/build/committed-hook.test.ts fails when the
//    committed files differ from what this build makes.
//  - dist/cli/status.cjs: `agentlog status` alone (a status bar runs it every few seconds), no npm
//    package in it; bin/agentlog.js runs it before loading the main bundle.
//
// dist/ is never deleted or half written: a global install linked to this clone (`npm install
// -g .`) keeps working while a build runs (the tests build too). Each output file is written to a
// temporary name and renamed into place; chunks are named by content hash, so a running agentlog
// that lazily imports an older chunk still finds it. Chunks no build has written for a day are
// removed.
import {build} from 'esbuild';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {mkdir, readdir, readFile, rename, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {NARROW_CLASS} from './narrow-chars.mjs';
import {inkFramePatches, patchInk, sharedStyles} from './ink/frame-patches.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const dist = path.join(root, 'dist');
const STALE_CHUNK_MS = 24 * 60 * 60 * 1000;

// Ink imports react-devtools-core only when DEV=true; a stub keeps it out of the bundle. Its path
// is part of the chunks' content hashes, so it stays at one place for every build.
const stubDir = path.join(root, 'node_modules', '.cache', 'agentlog-build');
const stub = path.join(stubDir, 'react-devtools-core.js');
await writeAtomic(stub, 'export default {initialize() {}, connectToDevTools() {}};\n');

async function writeAtomic(file, contents) {
	await mkdir(path.dirname(file), {recursive: true});
	const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
	await writeFile(tmp, contents);
	await rename(tmp, file);
}

/**
 * Ink keeps every text it ever measured (ink/build/measure-text.js, a Map) and every text it
 * ever cut to a width (wrap-text.js, an object) in caches that are never emptied, and a monitor's
 * texts change every second (durations): with 8 active agents the heap grew by about 2 KB a
 * second, without bound. Here each cache is emptied when it holds 500 texts (a screen shows a
 * few dozen). The build fails if Ink changes those lines.
 */
const INK_CACHE_MAX = 500;
/**
 * Ink's Output keeps, for one frame, each written line cut into styled characters and each text's
 * width: every frame tokenized every line of the screen again, also those that did not change
 * (a key moving the selection changes two rows of sixty). One set of those caches serves every
 * frame here, emptied when it holds OUTPUT_CACHE_LINES lines (four full 250x60 screens; the
 * styled characters of a line are only read, never changed).
 */
const OUTPUT_CACHE_LINES = 300;
const inkCachePatches = [
	{
		file: 'output.js',
		find: 'caches = new OutputCaches();',
		replace: 'caches = sharedOutputCaches();',
		suffix: `\nlet sharedCaches;\nfunction sharedOutputCaches() { if (sharedCaches === undefined || sharedCaches.styledChars.size >= ${OUTPUT_CACHE_LINES}) sharedCaches = new OutputCaches(); return sharedCaches; }\n`,
	},
	{file: 'measure-text.js', find: 'cache.set(text, dimensions);', replace: `if (cache.size >= ${INK_CACHE_MAX}) cache.clear(); cache.set(text, dimensions);`},
	{
		file: 'wrap-text.js',
		find: 'cache[cacheKey] = wrappedText;',
		replace: `if (++cacheSize > ${INK_CACHE_MAX}) { for (const key in cache) delete cache[key]; cacheSize = 1; } cache[cacheKey] = wrappedText;`,
		prefix: 'let cacheSize = 0;\n',
	},
];
// With scripts/ink/frame-patches.mjs's, which patch the same files.
const boundedInkCaches = patchInk('bounded-ink-caches', [...inkCachePatches, ...inkFramePatches]);

/**
 * string-width measures every text Ink lays out, wraps or writes, and only printable ASCII skips
 * its grapheme segmenter and per-cluster regular expressions. The timeline's bars and the list's
 * tree are box-drawing and block characters, so a full screen of them was measured cluster by
 * cluster, several times a frame. Each character of NARROW_CLASS is one cluster of width 1 (no
 * emoji, mark, joiner or ignorable among them, East Asian Width neutral or ambiguous, measured as
 * narrow unless asked otherwise): a text of only those (escapes removed) is as wide as it is long,
 * the answer string-width gives (test/build/narrow-width.test.ts checks every one of them). The
 * build fails if string-width changes the line this extends.
 */
const narrowWidth = {
	name: 'narrow-width',
	setup(builder) {
		builder.onLoad({filter: /[\\/]string-width[\\/]index\.js$/}, args => {
			// Only the copy Ink measures with (the top one); older copies nested in other packages are left as they are.
			if (args.path.split(/[\\/]node_modules[\\/]/u).length !== 2) {
				return undefined;
			}
			const source = readFileSync(args.path, 'utf8');
			const find = 'if (/^[\\u0020-\\u007E]*$/.test(string)) {';
			if (!source.includes(find)) {
				throw new Error(`string-width changed: ${args.path} no longer matches what scripts/build.mjs patches`);
			}
			return {
				contents: source.replace(find, `if (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && /^[${NARROW_CLASS}]*$/.test(string))) {`),
				loader: 'js',
				resolveDir: path.dirname(args.path),
			};
		});
	},
};

/**
 * Yoga (Ink's layout engine) is WebAssembly kept as a base64 `data:` URL. Its loader fetches that
 * URL with `fetch` whenever `fetch` exists, and in Node that loads undici (~25 ms before the first
 * frame, about a fifth of it). Given the bytes (`wasmBinary`), it neither fetches nor decodes
 * base64 in JavaScript; the bytes are decoded here, at build time, and put back as base64 that
 * Node's Buffer decodes natively. An async compile (what the loader does with the bytes) and a
 * sync one cost the same at start-up (measured); the async one is kept. The build fails if
 * yoga-layout changes the lines this relies on.
 */
const yogaWithoutFetch = {
	name: 'yoga-without-fetch',
	setup(builder) {
		builder.onLoad({filter: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/}, args => {
			const source = readFileSync(args.path, 'utf8');
			const binaries = readFileSync(path.join(path.dirname(args.path), '..', 'binaries', 'yoga-wasm-base64-esm.js'), 'utf8');
			const wasm = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/.exec(binaries)?.[1];
			const call = 'await loadYoga()';
			if (wasm === undefined || !source.includes(call) || !binaries.includes('h.wasmBinary&&(w=h.wasmBinary)')) {
				throw new Error(`yoga-layout changed: ${args.path} no longer matches what scripts/build.mjs patches`);
			}
			return {
				contents: source.replace(call, `await loadYoga({wasmBinary: Buffer.from(${JSON.stringify(wasm)}, 'base64')})`),
				loader: 'js',
				resolveDir: path.dirname(args.path),
			};
		});
	},
};

const common = {
	bundle: true,
	platform: 'node',
	target: 'node20',
	format: 'esm',
	logLevel: 'warning',
	legalComments: 'none',
	absWorkingDir: root,
	write: false,
};

/**
 * The hook: hooks/agent-spy.ts bundled as CommonJS (Node 20 starts a .cjs file ~5 ms faster than
 * an ES module, measured), wrapped as a CommonJS module function and put as a string into
 * hooks/cached-entry.ts, which runs it from V8's code cache; that is the installed
 * agent-spy.cjs. Beside it, agent-prune.cjs: the history's retention pass, which the hook loads
 * only on the day it runs (bundled into the hook it would cost every event ~0.8 ms of start-up).
 */
/** `inner` bundled, wrapped as a CommonJS module function, and put as a string into hooks/cached-entry.ts, which runs it from V8's code cache (`.<base>-<hash>.v8cache` beside it). */
async function cached(options, name, base) {
	const inner = await build(options);
	const main = inner.outputFiles.find(file => path.basename(file.path) === `${name}.cjs`);
	const others = inner.outputFiles.filter(file => file !== main);
	const source = `(function (exports, require, module, __filename, __dirname) {${main.text}\n})`;
	const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
	const outer = await build({
		...options,
		entryPoints: {[name]: 'hooks/cached-entry.ts'},
		define: {__AGENTLOG_HOOK_SOURCE__: JSON.stringify(source), __AGENTLOG_HOOK_HASH__: JSON.stringify(hash), __AGENTLOG_CACHE_BASE__: JSON.stringify(base)},
	});
	return {outputFiles: [...others, ...outer.outputFiles]};
}

async function hookBuild() {
	const hook = {...common, format: 'cjs', outdir: path.join(root, 'hooks'), outExtension: {'.js': '.cjs'}};
	return cached({...hook, entryPoints: {'agent-spy': 'hooks/agent-spy.ts', 'agent-prune': 'hooks/agent-prune.ts'}}, 'agent-spy', 'agent-spy');
}

const results = await Promise.all([
	build({
		...common,
		entryPoints: {agentlog: 'src/cli/main.ts'},
		outdir: path.join(dist, 'cli'),
		splitting: true,
		chunkNames: 'chunks/[name]-[hash]',
		alias: {'react-devtools-core': stub},
		plugins: [yogaWithoutFetch, boundedInkCaches, narrowWidth, sharedStyles],
		define: {'process.env.NODE_ENV': '"production"', __AGENTLOG_VERSION__: JSON.stringify(pkg.version)},
		// Which packages went into the bundle: their license notices ship beside it (below).
		metafile: true,
		// CommonJS packages inside an ESM bundle call require(); give them one.
		banner: {js: "import {createRequire as __agentlogCreateRequire} from 'node:module'; const require = __agentlogCreateRequire(import.meta.url);"},
	}),
	hookBuild(),
	// `agentlog status` (run by tmux every few seconds): node built-ins and our own code only, as
	// CommonJS (faster to start than an ES module), loaded by bin/agentlog.js before the main bundle.
	cached(
		{...common, format: 'cjs', entryPoints: {status: 'src/cli/status-main.ts'}, outdir: path.join(dist, 'cli'), outExtension: {'.js': '.cjs'}},
		'status',
		'status',
	),
]);

/**
 * The licenses of the npm packages bundled into the CLI (MIT, ISC, BSD and Apache all ask that
 * their notice travel with copies): each package esbuild took a file from, with its version,
 * license and license file, in dist/cli/THIRD-PARTY-NOTICES.txt, which the tarball ships.
 */
async function thirdPartyNotices(metafile) {
	const dirs = new Set();
	for (const input of Object.keys(metafile.inputs)) {
		// The last node_modules/<package>/ in the path (a package nested in another's is its own); a
		// dot folder (the build's own stub in node_modules/.cache) is no package.
		const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/.][^/]*)\//.exec(input.replaceAll('\\', '/'));
		if (match) {
			dirs.add(match[1]);
		}
	}
	const entries = [];
	for (const dir of dirs) {
		const meta = JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8'));
		const names = await readdir(path.join(root, dir));
		const licenseName = names.filter(name => /^(licen[sc]e|copying|notice)(\.|$)/i.test(name)).sort()[0];
		const author = typeof meta.author === 'string' ? meta.author : meta.author?.name;
		const text = licenseName
			? (await readFile(path.join(root, dir, licenseName), 'utf8')).trim()
			: `No license file is shipped with this package; its package.json says: license ${meta.license ?? 'none given'}${author ? `, author ${author}` : ''}.`;
		if (!entries.some(e => e.name === meta.name && e.version === meta.version)) {
			entries.push({name: meta.name, version: meta.version, license: typeof meta.license === 'string' ? meta.license : 'see below', text});
		}
	}
	entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	const rule = '-'.repeat(72);
	return [
		`agentlog ${pkg.version} bundles the following packages into dist/cli. Their license notices follow.`,
		'',
		...entries.flatMap(e => [rule, `${e.name} ${e.version} (${e.license})`, rule, '', e.text, '']),
	].join('\n');
}

const notices = await thirdPartyNotices(results[0].metafile);
await writeAtomic(path.join(dist, 'cli', 'THIRD-PARTY-NOTICES.txt'), notices);

const written = new Set();
for (const result of results) {
	// Chunks first, entry points last: a new entry point never names a chunk not yet on disk.
	const isChunk = file => file.path.includes(`${path.sep}chunks${path.sep}`);
	const files = [...result.outputFiles.filter(isChunk), ...result.outputFiles.filter(f => !isChunk(f))];
	for (const file of files) {
		await writeAtomic(file.path, file.contents);
		written.add(file.path);
	}
}

// Old chunks: keep what a running agentlog may still import, drop what no build wrote for a day.
// `--pack` (npm's prepack: the tarball takes dist/cli whole) drops every chunk this build did not
// write, and the V8 code caches a run left beside the bundles: a day of builds leaves hundreds of
// chunks (the tests build too), and a cache belongs to the machine that wrote it.
const forPack = process.argv.includes('--pack');
const chunks = path.join(dist, 'cli', 'chunks');
for (const name of await readdir(chunks).catch(() => [])) {
	const file = path.join(chunks, name);
	if (written.has(file)) {
		continue;
	}
	const info = await stat(file).catch(() => undefined);
	if (info && (forPack || Date.now() - info.mtimeMs > STALE_CHUNK_MS)) {
		await rm(file, {force: true});
	}
}
if (forPack) {
	for (const name of await readdir(path.join(dist, 'cli')).catch(() => [])) {
		if (name.endsWith('.v8cache')) {
			await rm(path.join(dist, 'cli', name), {force: true});
		}
	}
}
