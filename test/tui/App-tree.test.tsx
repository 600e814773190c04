// The tree of nested agents on the screen: the real depth-3 run of Claude Code 2.1.328
// (test/fixtures/claude/depth3), its parents told live by the agents' `.meta.json`, drawn one
// level further in at every depth; and a deep tree in a 40-column pane, whose indent is capped
// so that every name can still be read.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {App} from '../../src/tui/App.js';
import {placeClaudeFixture} from '../helpers/claude-fixture-copy.js';
import {FakeSource} from '../helpers/fake-source.js';
import {closeFollowers, follower as newFollower} from '../helpers/followers.js';

afterEach(async () => {
	cleanup();
	await closeFollowers();
});

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

/** Where the name of the agent with this text on its line starts. */
function nameColumn(frame: string, text: string): number {
	const line = frame.split('\n').find(l => l.includes(text));
	expect(line, text).toBeDefined();
	return line!.indexOf('general-purpose');
}

describe('the tree of nested agents', () => {
	it('draws the real depth-3 run one level further in at every depth, from the agents’ .meta.json, while they run', async () => {
		const fx = placeClaudeFixture('depth3');
		const folder = path.join(fx.source, 'activity', fx.sessionId);
		// The agent files as the hook wrote them, but running and with no parent recorded: only
		// the transcripts' `.meta.json` tell the tree.
		const records = readdirSync(folder)
			.filter(name => name.endsWith('.json'))
			.map(name => JSON.parse(fx.rewrite(readFileSync(path.join(folder, name), 'utf8'))) as AgentRecord & Record<string, unknown>)
			.map((record, i) => {
				const running: Record<string, unknown> = {...record, status: 'active', startedAt: iso(30_000 - i * 1000), updatedAt: iso(1000)};
				for (const key of ['parentAgentId', 'spawnDepth', 'stoppedAt', 'stopReason', 'lastMessage']) {
					delete running[key];
				}
				return running as unknown as AgentRecord;
			});
		const follower = newFollower({roots: [path.join(fx.claude, 'projects')]});
		const app = render(
			<App source={new FakeSource(records)} transcripts={follower} staleMs={300_000} max={8} dedup keyboard size={{columns: 120, rows: 20}} />,
		);
		const description = (script: string) => fx.agents.find(a => a.script === script)!.description!;
		await vi.waitFor(() => expect(app.lastFrame()).toContain(`└ general-purpose`), {timeout: 5000});
		await vi.waitFor(
			() => {
				const frame = app.lastFrame() ?? '';
				expect(nameColumn(frame, description('middle'))).toBeGreaterThan(nameColumn(frame, description('outer')));
				expect(nameColumn(frame, description('inner'))).toBeGreaterThan(nameColumn(frame, description('middle')));
			},
			{timeout: 5000},
		);
		const lines = (app.lastFrame() ?? '').split('\n');
		const at = (script: string) => lines.findIndex(l => l.includes(description(script)));
		// Each under its parent, in order.
		expect(at('middle')).toBe(at('outer') + 1);
		expect(at('inner')).toBe(at('middle') + 1);
	});

	it('keeps deep names readable in a 40-column pane: each depth reads apart, the indent is capped', async () => {
		const chain = ['d0', 'd1', 'd2', 'd3', 'd4'];
		const records: AgentRecord[] = [
			...chain.map((id, i) => ({
				agentId: id,
				type: `level${i}-worker`,
				status: 'active' as const,
				startedAt: iso(50_000 - i * 1000),
				updatedAt: iso(1000),
				...(i === 0 ? {} : {parentAgentId: chain[i - 1], spawnDepth: i + 1}),
			})),
			// A second child of d1, started first: d2's line goes on down to it.
			{agentId: 'd2b', type: 'sibling', status: 'active', startedAt: iso(49_500), updatedAt: iso(1000), parentAgentId: 'd1'},
		];
		const app = render(<App source={new FakeSource(records)} staleMs={300_000} max={8} dedup keyboard size={{columns: 40, rows: 14}} />);
		await vi.waitFor(() => expect(app.lastFrame()).toContain('sibling'), {timeout: 5000});
		const frame = app.lastFrame() ?? '';
		const lines = frame.split('\n');
		for (const line of lines) {
			expect([...line].length, line).toBeLessThanOrEqual(40);
		}
		const lineOf = (text: string) => lines.find(l => l.includes(text)) ?? '';
		// Depth 1 and 2 drawn whole; d2 has a sibling below, so its line is ├ and d3's goes down beside it.
		expect(lineOf('level1')).toContain('└ level1');
		expect(lineOf('level2')).toContain('├ level2');
		// Deeper than the cap: the depth is written, so each level still reads apart from its parent's.
		expect(lineOf('level3')).toContain(' 3└ level3');
		expect(lineOf('level4')).toContain(' 4└ level4');
		// Names keep the room of a top-level name: the column grew by the indent, the message gave it up.
		expect(lineOf('level4')).toContain(' 4└ level4-wo… ');
		expect(lineOf('sibling')).toContain('└ sibling');
	});
});
