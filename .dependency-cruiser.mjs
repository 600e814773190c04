// The import rule of src/ (docs/design.md#layout-and-the-import-rule, and each folder in
// docs/development.md#the-folders-of-src), checked by dependency-cruiser in `npm test`
// (npm run depcheck). One way down: cli → app, tui, present, store, core · app → store, present,
// core · tui → present, core (and types from store) · present → core · store → core · core →
// nothing. tui/model is pure (no React, no Ink, nothing of the rest of tui); core does no IO and
// draws nothing. No cycle between files, none between folders.
// Why dependency-cruiser rather than eslint-plugin-boundaries: it finds cycles (between files and,
// with scope "folder", between folders), which boundaries cannot; it runs once over the whole graph
// (about 2 s here) rather than per file inside ESLint; it is maintained (several releases a year).
// Version 17 is the last that runs on Node 20 (package.json: engines node >= 20).
const LAYERS = ['cli', 'app', 'tui', 'present', 'store', 'core'];
const others = allowed => `^src/(${LAYERS.filter(l => !allowed.includes(l)).join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
	forbidden: [
		{
			name: 'core-imports-nothing',
			comment: 'core/ is the pure domain: it imports only core/ (docs/design.md#layout-and-the-import-rule).',
			severity: 'error',
			from: {path: '^src/core/'},
			to: {path: others(['core'])},
		},
		{
			name: 'store-imports-core-only',
			comment: 'store/ (IO) imports only core/ besides itself.',
			severity: 'error',
			from: {path: '^src/store/'},
			to: {path: others(['store', 'core'])},
		},
		{
			name: 'present-imports-core-only',
			comment: 'present/ (words, rows and JSON shapes) imports only core/ besides itself.',
			severity: 'error',
			from: {path: '^src/present/'},
			to: {path: others(['present', 'core'])},
		},
		{
			name: 'app-imports-store-present-core',
			comment: 'app/ (use cases) imports store/, present/ and core/: never cli/ or tui/.',
			severity: 'error',
			from: {path: '^src/app/'},
			to: {path: others(['app', 'store', 'present', 'core'])},
		},
		{
			name: 'tui-imports-present-core',
			comment: 'tui/ imports present/ and core/ (and only types from store/): never cli/ or app/.',
			severity: 'error',
			from: {path: '^src/tui/'},
			to: {path: others(['tui', 'present', 'core', 'store'])},
		},
		{
			name: 'tui-store-types-only',
			comment: 'tui/ may name store/ types (a source it is handed), not call store/.',
			severity: 'error',
			from: {path: '^src/tui/'},
			to: {path: '^src/store/', dependencyTypesNot: ['type-only']},
		},
		{
			name: 'tui-model-pure',
			comment: 'tui/model is the screen as data: no React, no Ink, no components, hooks or Markdown renderer.',
			severity: 'error',
			from: {path: '^src/tui/model/'},
			to: {
				path: [
					'^src/tui/(components|hooks|markdown)/',
					'^src/tui/[^/]+$',
					'(^|/)node_modules/(react|react-dom|ink|ink-[^/]+|marked|marked-terminal|chokidar)/',
				],
			},
		},
		{
			name: 'core-no-io',
			comment: 'core/ does no IO and draws nothing.',
			severity: 'error',
			from: {path: '^src/(core|present)/'},
			to: {
				path: '^(fs|node:fs|fs/promises|node:fs/promises|child_process|node:child_process|net|node:net|http|node:http|https|node:https)$|(^|/)node_modules/(react|ink|chokidar|commander|marked|marked-terminal)/',
			},
		},
		{
			name: 'app-no-ui',
			comment: 'app/ has no commander and no Ink (docs/development.md#the-folders-of-src): the cli parses and prints, the tui draws.',
			severity: 'error',
			from: {path: '^src/app/'},
			to: {path: '(^|/)node_modules/(react|ink|commander)/'},
		},
		{
			name: 'no-file-cycle',
			comment: 'No import cycle between files.',
			severity: 'error',
			from: {path: '^src/'},
			to: {circular: true},
		},
		{
			name: 'no-folder-cycle',
			comment: 'No import cycle between folders (core/record → core/hook → core/record and the like).',
			severity: 'error',
			scope: 'folder',
			from: {path: '^src/'},
			to: {circular: true},
		},
	],
	options: {
		doNotFollow: {path: 'node_modules'},
		includeOnly: {path: ['^src/', 'node_modules']},
		exclude: {path: '^src/types/'},
		tsPreCompilationDeps: true,
		tsConfig: {fileName: 'tsconfig.json'},
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types'],
			extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
		},
		cache: false,
	},
};
