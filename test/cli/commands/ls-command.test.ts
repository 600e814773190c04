// `agentlog ls --filter`: the agents of a session kept to what watch's `/` expression matches.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {agent} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {runMain} from '../../helpers/run-main.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

function activity(): string {
	const dir = path.join(process.env.AGENTLOG_DIR!, SESSION);
	writeRecord(dir, agent('r1', {type: 'code-reviewer', start: 0, stop: 40, extra: {description: 'Review the parser'}}));
	writeRecord(dir, agent('e1', {type: 'Explore', start: 10, stop: 50, extra: {description: 'Find the routes', stopReason: 'stop-failure:overloaded'}}));
	writeRecord(dir, agent('e2', {type: 'Explore', start: 20, stop: 60, extra: {description: 'Map the tests', parentAgentId: 'e1'}}));
	return process.env.AGENTLOG_DIR!;
}

const ids = async (expr: string): Promise<string[]> => {
	const run = await runMain('ls', '--json', '--filter', expr, '--dir', activity());
	expect(run.code).toBe(0);
	return (JSON.parse(run.stdout) as Array<{agentId: string}>).map(a => a.agentId);
};

describe('agentlog ls --filter', () => {
	it('keeps the matching agents, and the parent of a nested one', async () => {
		expect(await ids('parser')).toEqual(['r1']);
		expect(await ids('type:explore status:failed')).toEqual(['e1']);
		// e2 runs under e1: e1 stays above it.
		expect(await ids('tests')).toEqual(['e1', 'e2']);
		expect(await ids('-type:explore')).toEqual(['r1']);
	});

	it('says how many matched in the table', async () => {
		const run = await runMain('ls', '--filter', 'explore', '--dir', activity());
		expect(run.stdout).toContain('2 of 3 agents match explore');
		expect(run.stdout).not.toContain('code-reviewer');
	});

	it('a bad expression is a usage error that says what is wrong', async () => {
		const run = await runMain('ls', '--filter', 'status:', '--dir', activity());
		expect(run.code).toBe(2);
		expect(run.stderr).toContain("'status:' needs a value");
	});

	it('a refused 130 KB expression is quoted cut, not echoed whole', async () => {
		const run = await runMain('ls', '--filter', 'x'.repeat(130_000), '--dir', activity());
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('the filter is longer than 1000 characters');
		expect(run.stderr.length).toBeLessThan(2000);
	});
});
