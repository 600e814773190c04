// The CLI as built (test/global-setup.ts builds dist/ first): `agentlog status` (run by a status bar
// every few seconds) and the hook fold rollouts and transcripts but print no cost, so their bundles
// carry no price table (~70 KB of JSON to parse at every start). The price module is reachable from
// what they import (the Codex reader prices the rollouts `ls` reads): it must stay droppable.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const cliDir = process.env.AGENTLOG_TEST_DIST ?? path.join(root, 'dist', 'cli');
/** A model only the bundled price table names. */
const PRICED_MODEL = '"gpt-5.5-pro"';

describe('the bundles that price nothing', () => {
	it('status and the hook carry no price table', () => {
		expect(readFileSync(path.join(cliDir, 'status.cjs'), 'utf8')).not.toContain(PRICED_MODEL);
		expect(readFileSync(path.join(root, 'hooks', 'agent-spy.cjs'), 'utf8')).not.toContain(PRICED_MODEL);
		// The model looked for is one the table names.
		expect(readFileSync(path.join(root, 'src', 'core', 'cost', 'price-data.json'), 'utf8')).toContain(PRICED_MODEL);
	});
});
