// Builds dist/ once before the tests: integration and end-to-end tests run the built CLI and hook.
// Then makes the run's folder for the test files' sandboxes (global-sandbox.ts), removed at the end.
import {execFileSync} from 'node:child_process';
import sandboxRoot from './global-sandbox.js';

export default function setup(): () => void {
	execFileSync(process.execPath, ['scripts/build.mjs'], {stdio: 'inherit'});
	return sandboxRoot();
}
