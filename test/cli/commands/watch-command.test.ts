// `agentlog watch --filter` when stdout is not a terminal: the snapshot shows only what it keeps.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {agent} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {runMain} from '../../helpers/run-main.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

describe('agentlog watch --filter (a snapshot)', () => {
	it('keeps the matching agents, past --max, and says n of m in the header', async () => {
		const dir = path.join(process.env.AGENTLOG_DIR!, SESSION);
		for (let i = 0; i < 10; i++) {
			writeRecord(dir, agent(`a${i}`, {type: i === 0 ? 'Explore' : `Plan${i}`, start: i * 10, stop: i * 10 + 5}));
		}
		const run = await runMain('watch', '--filter', 'type:explore', '--max', '3');
		expect(run.code).toBe(0);
		const [header, ...rows] = run.stdout.trimEnd().split('\n');
		expect(header).toContain('1 of 10');
		expect(rows).toHaveLength(1);
		expect(rows[0]).toContain('Explore');
		const bad = await runMain('watch', '--filter', 'name:"open');
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('quote is not closed');
	});
});
