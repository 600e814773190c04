// `npm run test:unit`: the pure tests alone (core/, present/, tui/model/): no build, no child
// processes, no terminal. `npm test` runs them too, with everything else.
import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/core/**/*.test.{ts,tsx}', 'test/present/**/*.test.{ts,tsx}', 'test/tui/model/**/*.test.{ts,tsx}'],
		setupFiles: ['test/setup.ts'],
		globalSetup: ['test/global-sandbox.ts'],
		testTimeout: 20_000,
		pool: 'forks',
		// Pure tests need no fresh process per file: two workers run them all (28 s → 13 s here).
		// test/setup.ts still gives each file its own sandbox and environment.
		isolate: false,
		poolOptions: {forks: {maxForks: 2, minForks: 1}},
	},
});
