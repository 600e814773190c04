// Builds dist/ once before the tests: integration and end-to-end tests run the built CLI and hook.
import {execFileSync} from 'node:child_process';

export default function setup(): void {
	execFileSync(process.execPath, ['scripts/build.mjs'], {stdio: 'inherit'});
}
