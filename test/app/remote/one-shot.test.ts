// `ls`, `sessions`, `stats` with --host: the remote answer decoded, a wrong or failed one an error
// for the user (exit 1), and the remote agents as a monitor model with this machine's rules.
import {describe, expect, it} from 'vitest';
import {remoteAgents, remoteModel, remoteStats, remoteStatus} from '../../../src/app/remote/one-shot.js';
import {CliError} from '../../../src/core/user-error.js';
import {streamAgentFixture} from '../../helpers/stream-agents.js';

/** argv that prints `value` as JSON: node stands in for ssh. */
const printing = (value: unknown): string[] => [process.execPath, '-e', `process.stdout.write(${JSON.stringify(JSON.stringify(value))})`];

async function rejection(p: Promise<unknown>): Promise<CliError> {
	try {
		await p;
	} catch (error) {
		if (error instanceof CliError) return error;
		throw error;
	}
	throw new Error('did not reject');
}

describe('one-shot answers', () => {
	it('stats: the figures decoded', async () => {
		const stats = await remoteStats('box', printing({agents: 2, events: 5, sessions: 1, byStatus: {completed: 2}, byType: {Explore: {agents: 2}}}));
		expect(stats).toMatchObject({agents: 2, events: 5, sessions: 1, byType: {Explore: {agents: 2, p50Ms: null}}});
		expect(stats.byStatus.completed).toBe(2);
	});

	it('ls: the agents decoded', async () => {
		const {items} = await remoteAgents('box', printing([streamAgentFixture('a1'), streamAgentFixture('a2', {status: 'stopped', displayStatus: 'stopped'})]));
		expect(items.map(a => a.agentId)).toEqual(['a1', 'a2']);
	});

	it('an answer of another shape: exit 1, naming what was expected', async () => {
		const e = await rejection(remoteStats('box', printing({hello: 'world'})));
		expect(e.exitCode).toBe(1);
		expect(e.message).toBe("box did not answer with stats --json's figures: is its agentlog this one (npm i -g agentlog there)?");
		expect((await rejection(remoteStatus('box', printing([1, 2])))).message).toMatch(/^box did not answer with status's JSON/);
	});

	it('a command that failed: its error, exit 1', async () => {
		const e = await rejection(remoteStats('box', [process.execPath, '-e', 'process.exit(127)']));
		expect(e.exitCode).toBe(1);
		expect(e.message).toMatch(/^agentlog is not installed on box/);
	});
});

describe('remoteModel', () => {
	it('the remote agents under this machine’s rules and clock: a silent running one is stale here', () => {
		const agents = [
			streamAgentFixture('run', {startedAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', lastSignOfLifeAt: '2026-11-20T10:00:00.000Z'}),
			streamAgentFixture('done', {status: 'stopped', displayStatus: 'stopped', startedAt: '2026-11-20T09:59:00.000Z', stoppedAt: '2026-11-20T10:00:30.000Z'}),
		];
		const options = {staleMs: 60_000, dedup: true, showGhosts: false, showAll: true};
		const fresh = remoteModel(agents, options, Date.parse('2026-11-20T10:00:40.000Z')).model;
		expect(fresh.items.map(i => [i.agent.agentId, i.displayStatus, i.stale])).toEqual([
			['run', 'active', false],
			['done', 'stopped', false],
		]);
		const later = remoteModel(agents, options, Date.parse('2026-11-20T10:30:00.000Z')).model;
		expect(later.items.find(i => i.agent.agentId === 'run')?.stale).toBe(true);
	});
});
