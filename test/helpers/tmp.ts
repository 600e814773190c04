import {mkdtempSync} from 'node:fs';
import path from 'node:path';

/** A fresh folder inside this test file's sandbox (see test/setup.ts). */
export function tempDir(prefix = 'case-'): string {
	const sandbox = process.env.AGENTLOG_TEST_SANDBOX;
	if (!sandbox) {
		throw new Error('test/setup.ts did not run');
	}
	return mkdtempSync(path.join(sandbox, prefix));
}
