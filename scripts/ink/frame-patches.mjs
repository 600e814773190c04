// What the build changes in Ink's drawing of a frame (scripts/build.mjs applies these beside its
// other Ink patches). Each keeps the frame byte for byte (test/build/ink-frame.test.ts draws
// frames with Ink's own code and with the patched one and compares them); the build fails if the
// code a patch relies on changes.
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Ink's Output.get as of ink 6.8.0 (from `get() {` to the class's end), which
 * scripts/ink/output-rows.mjs follows. If Ink changes it, check that module against the new code
 * (and the test), then put the new hash here.
 */
const OUTPUT_GET_SHA256 = '836b512fbfbec5dc288acf2974859e22878d5e802be598a060a34e98aeb99987';

function outputGetUnchanged(source) {
	const from = source.indexOf('    get() {');
	const to = source.indexOf('//# sourceMappingURL');
	return from >= 0 && to > from && createHash('sha256').update(source.slice(from, to)).digest('hex') === OUTPUT_GET_SHA256;
}

/**
 * Patches of ink/build/<file>: `find` replaced by `replace`, `prefix` and `suffix` added, `check`
 * (the source) true when the code the patch relies on is as it expects.
 */
export const inkFramePatches = [
	{
		// Ink measures each text it draws (its widest line) though layout measured the same text just
		// before, into measure-text.js's cache: two thirds of drawing a frame went to measuring again
		// (string-width strips the escape codes of every styled row first). The cache's answer is the
		// same number (measureText's width is widestLine's).
		file: 'render-node-to-output.js',
		find: 'const currentWidth = widestLine(text);',
		replace: 'const currentWidth = measureText(text).width;',
		prefix: "import measureText from './measure-text.js';\n",
	},
	{
		// Ink sanitizes every text it squashes (to measure it, and again to draw it, every frame, the
		// texts that did not change too) by tokenizing it whole: a screen of styled rows is tokenized
		// twice a frame. A text whose every escape is an SGR sequence (ESC [, digits, colons,
		// semicolons, m) and that holds no C1 control is made of text and SGR tokens only, which
		// sanitizing keeps as they are: it is its own answer.
		file: 'sanitize-ansi.js',
		find: 'const sanitizeAnsi = (text) => {',
		replace: 'const sanitizeAnsi = (text) => {\n    if (!/\\u001B(?!\\[[\\d:;]*m)|[\\u0080-\\u009F]/.test(text)) {\n        return text;\n    }',
	},
	{
		// A text whose value changes is marked for layout again (Yoga measures it and lays out the
		// whole tree again): a zoom changes every row of the timeline, and each is measured and the
		// screen laid out though no row changed size. Not when the text measures as the one laid out
		// last did and that one fitted every width Yoga measured it at: the measure function would
		// give Yoga the same size (it gives the text's own size when it fits), so the layout it has
		// is the one it would make. Each text node keeps what it last measured to (agentlogFit: its
		// size, 'fresh' when marked again and not measured yet, 'no' when it did not fit or changed
		// size between two measures).
		file: 'dom.js',
		find: 'const measureTextNode = function (node, width) {',
		replace: `const measureTextNode = function (node, width) {
    const measured = inkMeasureTextNode(node, width);
    const dimensions = measureText(squashTextNodes(node));
    const before = node.agentlogFit;
    const same = before === undefined || before === 'fresh' || (before !== 'no' && before.width === dimensions.width && before.height === dimensions.height);
    node.agentlogFit = same && dimensions.width <= width ? dimensions : 'no';
    return measured;
};
const inkMeasureTextNode = function (node, width) {`,
	},
	{
		file: 'dom.js',
		find: '    node.nodeValue = text;\n    markNodeAsDirty(node);\n};',
		replace: `    node.nodeValue = text;
    const yogaNode = findClosestYogaNode(node);
    if (yogaNode === undefined) {
        return;
    }
    let owner = node;
    while (owner.yogaNode !== yogaNode) {
        owner = owner.parentNode;
    }
    const fit = owner.agentlogFit;
    if (owner.nodeName === 'ink-text' && fit !== undefined && fit !== 'fresh' && fit !== 'no') {
        const dimensions = measureText(squashTextNodes(owner));
        if (dimensions.width === fit.width && dimensions.height === fit.height) {
            return;
        }
    }
    owner.agentlogFit = 'fresh';
    yogaNode.markDirty();
};`,
	},
	{
		// Rows drawn before are kept across frames (scripts/ink/output-rows.mjs).
		file: 'output.js',
		check: outputGetUnchanged,
		suffix: `\nimport {outputRows as agentlogOutputRows} from ${JSON.stringify(path.join(here, 'output-rows.mjs'))};\nOutput.prototype.get = function get() { return agentlogOutputRows(this); };\n`,
	},
];

/**
 * @alcalzone/ansi-tokenize turns a row of styled cells back into a string by working out, between
 * each two cells, the escape codes that go from one's styles to the next's (three Sets and four
 * arrays a cell): three quarters of a frame's drawing for a full screen. Cells of one run of text
 * are given one styles array here (styles are only read, never changed), and between two cells with
 * the same array, or both without styles (the blanks), there is nothing to write: the answer the
 * diff gives for equal styles. The build fails if the package changes the lines this replaces.
 */
const styledCharsPatches = [
	['let codes = [];', 'let codes = [];\n    let shared;'],
	['codes = reduceAnsiCodesIncremental(codes, [token]);', 'codes = reduceAnsiCodesIncremental(codes, [token]);\n            shared = undefined;'],
	['styles: [...codes],', 'styles: (shared ??= [...codes]),'],
	[
		'ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
		'const before = chars[i - 1].styles;\n            if (before !== char.styles && (before.length > 0 || char.styles.length > 0)) ret += ansiCodesToString(diffAnsiCodes(before, char.styles));',
	],
	['ret += ansiCodesToString(diffAnsiCodes(char.styles, []));', 'if (char.styles.length > 0) ret += ansiCodesToString(diffAnsiCodes(char.styles, []));'],
];

/**
 * An esbuild plugin that applies `patches` (each `{file, find?, replace?, prefix?, suffix?, check?}`)
 * to ink/build/<file>, several to a file in their order; the build fails when a patch's `find` is
 * missing or its `check` fails.
 */
export function patchInk(name, patches) {
	const files = [...new Set(patches.map(p => p.file.replace('.js', '')))];
	return {
		name,
		setup(builder) {
			builder.onLoad({filter: new RegExp(`[\\\\/]ink[\\\\/]build[\\\\/](${files.join('|')})\\.js$`)}, args => {
				const mine = patches.filter(p => path.basename(args.path) === p.file);
				const source = readFileSync(args.path, 'utf8');
				if (mine.some(p => (p.find !== undefined && !source.includes(p.find)) || (p.check !== undefined && !p.check(source)))) {
					throw new Error(`ink changed: ${args.path} no longer matches what scripts/build.mjs and scripts/ink/frame-patches.mjs patch`);
				}
				let contents = source;
				for (const patch of mine) {
					contents = (patch.prefix ?? '') + (patch.find === undefined ? contents : contents.replace(patch.find, patch.replace)) + (patch.suffix ?? '');
				}
				return {contents, loader: 'js', resolveDir: path.dirname(args.path)};
			});
		},
	};
}

export const sharedStyles = {
	name: 'shared-styles',
	setup(builder) {
		builder.onLoad({filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/}, args => {
			let source = readFileSync(args.path, 'utf8');
			for (const [find, replace] of styledCharsPatches) {
				if (!source.includes(find)) {
					throw new Error(`@alcalzone/ansi-tokenize changed: ${args.path} no longer matches what scripts/ink/frame-patches.mjs patches`);
				}
				source = source.replace(find, replace);
			}
			return {contents: source, loader: 'js', resolveDir: path.dirname(args.path)};
		});
	},
};
