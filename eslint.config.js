// ESLint (flat config): typescript-eslint's type-checked rules for the TypeScript, React's hooks
// rules for the components, and the project's own few rules (docs/development.md#code-style): no console in the pure
// core or the components, no promise left floating, type-only imports marked as such. The Claude
// Code fixtures are not ours to lint (a captured workflow script has a top-level return).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		ignores: ['dist/**', 'node_modules/**', '.bench-tmp/**', 'coverage/**', 'hooks/*.cjs', 'test/fixtures/claude/**'],
	},
	js.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		extends: [tseslint.configs.recommendedTypeChecked],
		languageOptions: {
			parserOptions: {projectService: {allowDefaultProject: ['vitest.config.ts', 'vitest.unit.config.ts']}, tsconfigRootDir: import.meta.dirname},
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/consistent-type-imports': ['error', {fixStyle: 'inline-type-imports'}],
		},
	},
	{
		files: ['**/*.tsx', 'src/tui/**/*.ts'],
		extends: [reactHooks.configs.flat['recommended-latest']],
		rules: {
			'react-hooks/exhaustive-deps': 'error',
		},
	},
	{
		files: ['src/core/**', 'src/present/**', 'src/tui/**', 'src/app/**', 'src/store/**'],
		rules: {
			'no-console': 'error',
		},
	},
	{
		// Plain JavaScript (bench, scripts, bin, this file): Node globals, no type information.
		files: ['**/*.{js,mjs,cjs}'],
		languageOptions: {
			sourceType: 'module',
			globals: Object.fromEntries(
				['process', 'console', 'Buffer', 'URL', 'TextDecoder', 'TextEncoder', 'performance', 'structuredClone', 'fetch']
					.concat(['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'])
					.map(name => [name, 'readonly']),
			),
		},
	},
);
