// Builds the shipped artefacts with esbuild:
//  - dist/cli/agentlog.cjs: the whole CLI in one CommonJS file, which bin/agentlog.js runs through
//    dist/cli/start.cjs (src/cli/cached-start.ts) from V8's code cache. Unbundled, Ink resolves
//    thousands of files at start-up (~520 ms to a first frame on a 2-core machine); bundled as
//    an ES module, ~190 ms; from the code cache, with Yoga, Ink's segmenters and the emoji
//    expression made without their start-up costs (below), docs/speed.md has the figures.
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
// temporary name and renamed into place. What earlier builds left (the ES module bundle and its
// chunks, before the CLI was one CommonJS file) is removed once no build has written it for a day.
import {build} from 'esbuild';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile} from 'node:fs/promises';
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
/**
 * Ink awaits, at the top of its reconciler, React DevTools and its own package.json, both only when
 * DEV=true (the devtools are left out of the bundle anyway, see the stub above). Without those
 * awaits nothing in the CLI awaits at the top of a module, and it can be one CommonJS script run
 * from V8's code cache (bin/agentlog.js).
 */
const inkTopLevelAwaitPatches = [
	{
		file: 'reconciler.js',
		find: "await import('./devtools.js');",
		replace: "throw Object.assign(new Error('no React DevTools in this build'), {code: 'ERR_MODULE_NOT_FOUND'});",
	},
	{file: 'reconciler.js', find: 'const packageJson = isDev()\n    ? await loadPackageJson()\n    :', replace: 'const packageJson ='},
];
// With scripts/ink/frame-patches.mjs's, which patch the same files.
const boundedInkCaches = patchInk('bounded-ink-caches', [...inkCachePatches, ...inkTopLevelAwaitPatches, ...inkFramePatches]);

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
function narrowWidthSource(file, source) {
	const find = 'if (/^[\\u0020-\\u007E]*$/.test(string)) {';
	if (!source.includes(find)) {
		throw new Error(`string-width changed: ${file} no longer matches what scripts/build.mjs patches`);
	}
	return source.replace(find, `if (/^[\\u0020-\\u007E]*$/.test(string) || (ambiguousIsNarrow && /^[${NARROW_CLASS}]*$/.test(string))) {`);
}

/**
 * Yoga (Ink's layout engine) is WebAssembly kept as a base64 `data:` URL, which its loader
 * fetches (loading undici, ~25 ms before the first frame) and compiles asynchronously, awaited at
 * the top of its module. Here the bytes are decoded at build time, put back as base64 that Node's
 * Buffer decodes natively, and compiled and instantiated synchronously through the loader's own
 * `instantiateWasm` hook: the module then has no top-level await, which lets the CLI be one
 * CommonJS script run from V8's code cache (see bin/agentlog.js). Synchronous and asynchronous
 * compiles cost the same at start-up (measured). The build fails if yoga-layout changes the lines
 * this relies on, and the module throws at load if the loader did not finish synchronously.
 */
const yogaWithoutFetch = {
	name: 'yoga-without-fetch',
	setup(builder) {
		builder.onLoad({filter: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/}, args => {
			const source = readFileSync(args.path, 'utf8');
			const binaries = readFileSync(path.join(path.dirname(args.path), '..', 'binaries', 'yoga-wasm-base64-esm.js'), 'utf8');
			const wasm = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/.exec(binaries)?.[1];
			const call = 'const Yoga = wrapAssembly(await loadYoga());';
			if (wasm === undefined || !source.includes(call) || !binaries.includes('if(h.instantiateWasm)try{return h.instantiateWasm(d,\na)}')) {
				throw new Error(`yoga-layout changed: ${args.path} no longer matches what scripts/build.mjs patches`);
			}
			const sync = [
				'const yogaModule = {instantiateWasm(imports, done) {',
				`  const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(${JSON.stringify(wasm)}, 'base64')), imports);`,
				'  done(instance);',
				'  return instance.exports;',
				'}};',
				'loadYoga(yogaModule).catch(() => undefined);',
				"if (yogaModule.calledRun !== true) throw new Error('yoga-layout did not start synchronously');",
				'const Yoga = wrapAssembly(yogaModule);',
			].join('\n');
			return {contents: source.replace(call, sync), loader: 'js', resolveDir: path.dirname(args.path)};
		});
	},
};

/**
 * Ink's text packages each make an Intl.Segmenter when they load, and string-width a regular
 * expression of every emoji sequence: together ~25 ms of CPU before the first frame (the first
 * segmenter of a process loads ICU's break rules). Here the segmenters come from
 * scripts/ink/segmenter.mjs, made only when a text needs one, and the emoji expression is made on
 * its first use. The build fails if a package no longer has the line this replaces.
 */
const SEGMENTER_FILES = /[\\/](string-width[\\/]index|slice-ansi[\\/]tokenize-ansi|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize)\.js$/;
const textPackages = {
	name: 'text-packages',
	setup(builder) {
		builder.onLoad({filter: SEGMENTER_FILES}, args => {
			let source = readFileSync(args.path, 'utf8');
			// The top copies are the ones Ink draws with; copies nested in other packages (an older
			// string-width without a segmenter) are only given a segmenter where they make one.
			const top = args.path.split(/[\\/]node_modules[\\/]/u).length === 2;
			if (top && /[\\/]string-width[\\/]index\.js$/u.test(args.path)) {
				source = narrowWidthSource(args.path, source);
			}
			if (!source.includes('new Intl.Segmenter(')) {
				if (top) {
					throw new Error(`${args.path} no longer makes an Intl.Segmenter where scripts/build.mjs expects one`);
				}
				return {contents: source, loader: 'js', resolveDir: path.dirname(args.path)};
			}
			source = source.replaceAll('new Intl.Segmenter(', 'agentlogSegmenter(');
			const emoji = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
			if (source.includes(emoji)) {
				source = source.replace(emoji, 'let rgiEmojiRegexMade;\nconst rgiEmojiRegex = {test: text => (rgiEmojiRegexMade ??= /^\\p{RGI_Emoji}$/v).test(text)};');
			}
			const helper = JSON.stringify(path.join(root, 'scripts', 'ink', 'segmenter.mjs'));
			return {contents: `import {agentlogSegmenter} from ${helper};\n${source}`, loader: 'js', resolveDir: path.dirname(args.path)};
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
/**
 * `inner` bundled (with `innerOptions` too), wrapped as a CommonJS module function, and put as a
 * string into hooks/cached-entry.ts, which runs it from V8's code cache (`.<base>-<hash>.v8cache`
 * beside it). The hook's bundle is minified: Node reads, decodes and V8 scans the whole string at
 * every run, code cache or not (132 KB unminified, 68 KB minified).
 */
async function cached(options, name, base, innerOptions = {}) {
	const inner = await build({...options, ...innerOptions});
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
	return cached({...hook, entryPoints: {'agent-spy': 'hooks/agent-spy.ts', 'agent-prune': 'hooks/agent-prune.ts'}}, 'agent-spy', 'agent-spy', {minify: true});
}

/**
 * The CLI as one CommonJS script, which bin/agentlog.js runs through dist/cli/start.cjs from V8's
 * code cache (src/cli/cached-start.ts), and its Markdown renderer as another (markdownApart). Each
 * one's first line names its content hash, which names its cache. esbuild writes ASCII outside comments (non-ASCII in strings and regular expressions is
 * escaped); the few comments with other characters get '?' for them, so the bundle is ASCII and is
 * read as latin1. The build fails if a line with such a character is not a comment.
 */
async function cliBuild() {
	const main = await cjsScript({
		entryPoints: {agentlog: 'src/cli/main.ts'},
		plugins: [yogaWithoutFetch, boundedInkCaches, textPackages, sharedStyles, markdownApart],
		define: {'process.env.NODE_ENV': '"production"', __AGENTLOG_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__agentlogModuleUrl'},
		inject: [path.join(root, 'scripts', 'import-meta-url.js')],
	});
	const markdown = await cjsScript({entryPoints: {markdown: 'src/tui/markdown/terminal-renderer.ts'}});
	return {metafiles: [main.metafile, markdown.metafile], outputFiles: [...markdown.outputFiles, ...main.outputFiles]};
}

/** One CommonJS script of dist/cli, ASCII, its content hash in its first line (above). */
async function cjsScript(options) {
	const result = await build({
		...common,
		format: 'cjs',
		outdir: path.join(dist, 'cli'),
		outExtension: {'.js': '.cjs'},
		alias: {'react-devtools-core': stub},
		// Which packages went into the bundle: their license notices ship beside it (below).
		metafile: true,
		...options,
	});
	const [file] = result.outputFiles;
	const lines = file.text.split('\n').map((line, i) => {
		if (!/[\u0080-\u{10FFFF}]/u.test(line)) {
			return line;
		}
		if (!/^\s*(\/\/|\/\*|\*)/u.test(line)) {
			throw new Error(`${path.relative(root, file.path)} line ${i + 1} has a non-ASCII character outside a comment: ${line.slice(0, 120)}`);
		}
		return line.replace(/[\u0080-\u{10FFFF}]/gu, '?');
	});
	const body = lines.join('\n');
	const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
	const contents = `// agentlog bundle ${hash}\n${body}`;
	return {metafile: result.metafile, outputFiles: [{path: file.path, contents: Buffer.from(contents, 'latin1')}]};
}

/**
 * marked-terminal and what it loads are half the CLI's code and no frame needs them until the first
 * Markdown: src/tui/markdown/terminal-renderer.ts is its own script, dist/cli/markdown.cjs, which
 * the CLI's lazy import of it requires (through src/cli/cached-start.ts, from its own code cache).
 */
const markdownApart = {
	name: 'markdown-apart',
	setup(builder) {
		// The lazy import becomes a require of the script beside the bundle (an import() would need a
		// module loader the code cache's vm.Script does not have).
		builder.onResolve({filter: /[\\/]terminal-renderer\.js$/}, () => ({path: 'markdown', namespace: 'markdown-apart'}));
		builder.onLoad({filter: /.*/, namespace: 'markdown-apart'}, () => ({contents: "module.exports = require('./markdown.cjs');", loader: 'js'}));
		builder.onResolve({filter: /^\.\/markdown\.cjs$/}, () => ({path: './markdown.cjs', external: true}));
	},
};

const results = await Promise.all([
	cliBuild(),
	hookBuild(),
	// What bin/agentlog.js runs the CLI's bundle with (above).
	build({...common, format: 'cjs', entryPoints: {start: 'src/cli/cached-start.ts'}, outdir: path.join(dist, 'cli'), outExtension: {'.js': '.cjs'}}),
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
async function thirdPartyNotices(metafiles) {
	const dirs = new Set();
	for (const input of metafiles.flatMap(metafile => Object.keys(metafile.inputs))) {
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

const notices = await thirdPartyNotices(results[0].metafiles);
await writeAtomic(path.join(dist, 'cli', 'THIRD-PARTY-NOTICES.txt'), notices);

const written = new Set();
for (const result of results) {
	// Each bundle before what runs it: agentlog.cjs (the first build) before start.cjs, and `cached`
	// lists the hook's wrapper after what it wraps.
	const files = result.outputFiles;
	for (const file of files) {
		await writeAtomic(file.path, file.contents);
		written.add(file.path);
	}
}

// What earlier builds left (the ES module bundle, its chunks): kept a day for a running agentlog
// that may still import it, then removed. `--pack` (npm's prepack: the tarball takes dist/cli
// whole) removes it at once, and the V8 code caches a run left beside the bundles: a cache belongs
// to the machine that wrote it.
const forPack = process.argv.includes('--pack');
const leftovers = [
	path.join(dist, 'cli', 'agentlog.js'),
	...(await readdir(path.join(dist, 'cli', 'chunks')).catch(() => [])).map(name => path.join(dist, 'cli', 'chunks', name)),
];
for (const file of leftovers) {
	if (written.has(file)) {
		continue;
	}
	const info = await stat(file).catch(() => undefined);
	if (info && (forPack || Date.now() - info.mtimeMs > STALE_CHUNK_MS)) {
		await rm(file, {force: true});
	}
}
// The folder goes once empty.
await rmdir(path.join(dist, 'cli', 'chunks')).catch(() => undefined);
if (forPack) {
	for (const name of await readdir(path.join(dist, 'cli')).catch(() => [])) {
		if (name.endsWith('.v8cache')) {
			await rm(path.join(dist, 'cli', name), {force: true});
		}
	}
}
