import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.{ts,tsx}'],
		setupFiles: ['test/setup.ts'],
		globalSetup: ['test/global-setup.ts'],
		testTimeout: 20_000,
		hookTimeout: 20_000,
		// The machines are small (2 cores); real child processes and pseudo-terminals run in tests.
		pool: 'forks',
		poolOptions: {forks: {maxForks: 2, minForks: 1}},
	},
});
