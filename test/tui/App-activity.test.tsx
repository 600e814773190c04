// The monitor with a real transcript follower on real files: activity on the cards, the detail
// pane's tools and tokens, liveness for the stale rule, and nested agents.
import {appendFileSync, mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {App} from '../../src/tui/App.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';
import {closeFollowers, follower as newFollower} from '../helpers/followers.js';
import {tempDir} from '../helpers/tmp.js';

afterEach(async () => {
	cleanup();
	await closeFollowers();
});

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

function record(agentId: string, transcriptPath: string, extra: Partial<AgentRecord> = {}): AgentRecord {
	return {agentId, type: 'Explore', status: 'active', startedAt: iso(20_000), updatedAt: iso(20_000), transcriptPath, cwd: '/home/dev/acme', ...extra};
}

const toolUse = (id: string, name: string, input: Record<string, unknown>) =>
	`${JSON.stringify({type: 'assistant', version: '2.1.240', cwd: '/home/dev/acme', timestamp: new Date().toISOString(), message: {id: `msg_${id}`, model: 'claude-sonnet-4-5', content: [{type: 'tool_use', id, name, input}], usage: {input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 0, cache_read_input_tokens: 1000}}})}\n`;
const result = (id: string, text: string) =>
	`${JSON.stringify({type: 'user', timestamp: new Date().toISOString(), message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content: text}]}})}\n`;

function setup(records: (dir: string) => AgentRecord[]) {
	const dir = path.join(tempDir('projects-'), 'sess', 'subagents');
	mkdirSync(dir, {recursive: true});
	// Transcripts are read only under <claude>/projects or a folder the follower is given.
	const follower = newFollower({roots: [path.dirname(path.dirname(dir))]});
	const source = new FakeSource(records(dir));
	const app = render(<App source={source} transcripts={follower} staleMs={5 * 60_000} max={8} dedup keyboard size={{columns: 120, rows: 30}} />);
	return {dir, app, source};
}

describe('live activity from transcripts', () => {
	it('shows the task and the current tool call, and updates as lines are appended', async () => {
		const {dir, app} = setup(d => [record('a1', path.join(d, 'agent-a1.jsonl'))]);
		writeFileSync(path.join(dir, 'agent-a1.meta.json'), JSON.stringify({agentType: 'Explore', description: 'Find the API routes'}));
		writeFileSync(path.join(dir, 'agent-a1.jsonl'), toolUse('toolu_1', 'Grep', {pattern: 'router\\.(get|post)', path: '/home/dev/acme/src'}));
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Find the API routes · Grep router\\.(get|post) in src'), {timeout: 5000});
		appendFileSync(path.join(dir, 'agent-a1.jsonl'), result('toolu_1', 'src/routes/users.ts'));
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Find the API routes · thinking…'), {timeout: 5000});
		appendFileSync(path.join(dir, 'agent-a1.jsonl'), toolUse('toolu_2', 'Edit', {file_path: '/home/dev/acme/src/app.ts', old_string: 'a', new_string: 'b'}));
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Find the API routes · Edit src/app.ts'), {timeout: 5000});
	});

	it('lists tool calls, counts, files and tokens in the detail pane', async () => {
		const {dir, app} = setup(d => [record('a1', path.join(d, 'agent-a1.jsonl'))]);
		writeFileSync(
			path.join(dir, 'agent-a1.jsonl'),
			toolUse('toolu_1', 'Read', {file_path: '/home/dev/acme/src/app.ts'}) +
				result('toolu_1', 'export const app = express();') +
				toolUse('toolu_2', 'Edit', {file_path: '/home/dev/acme/src/app.ts', old_string: 'a', new_string: 'b'}),
		);
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Edit src/app.ts'), {timeout: 5000});
		app.stdin.write(KEY.enter);
		await tick();
		await vi.waitFor(() => expect(app.lastFrame()).toMatch(/tools\s+Edit 1 · Read 1 \(2 calls\)/), {timeout: 5000});
		const frame = app.lastFrame() ?? '';
		expect(frame).toMatch(/files\s+src\/app\.ts/);
		expect(frame).toMatch(/tokens\s+in 200 · out 100 · cache write 0 · cache read 2\.0k/);
		expect(frame).toMatch(/model\s+claude-sonnet-4-5/);
		expect(frame).toContain('tool calls (2)');
		expect(frame).toContain('→ export const app = express();');
		expect(frame).toContain('… running');
	});

	it('a call left without a result by an agent that stopped says so, not "running"', async () => {
		const stoppedAt = iso(1000);
		const {dir, app} = setup(d => [record('a1', path.join(d, 'agent-a1.jsonl'), {status: 'stopped', stoppedAt, updatedAt: stoppedAt, interrupted: true})]);
		writeFileSync(path.join(dir, 'agent-a1.jsonl'), toolUse('toolu_1', 'Bash', {command: 'npm test'}));
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Explore'), {timeout: 5000});
		app.stdin.write(KEY.enter);
		await tick();
		await vi.waitFor(() => expect(app.lastFrame()).toContain('tool calls (1)'), {timeout: 5000});
		expect(app.lastFrame()).toContain('(no result)');
		expect(app.lastFrame()).not.toContain('… running');
	});

	it('counts a transcript write as a sign of life: a working agent is not stale, a silent one is', async () => {
		const {dir, app} = setup(d => [
			record('busy', path.join(d, 'agent-busy.jsonl'), {type: 'Busy', startedAt: iso(600_000), updatedAt: iso(600_000)}),
			record('dead', path.join(d, 'agent-dead.jsonl'), {type: 'Dead', startedAt: iso(600_000), updatedAt: iso(600_000)}),
		]);
		writeFileSync(path.join(dir, 'agent-busy.jsonl'), toolUse('toolu_1', 'Bash', {command: 'npm test'}));
		writeFileSync(path.join(dir, 'agent-dead.jsonl'), toolUse('toolu_1', 'Bash', {command: 'sleep 1000'}));
		const old = new Date(Date.now() - 590_000);
		utimesSync(path.join(dir, 'agent-dead.jsonl'), old, old);
		await vi.waitFor(() => expect(app.lastFrame()).toMatch(/● Busy\s+10m 00s/), {timeout: 5000});
		expect(app.lastFrame()).toMatch(/◌ Dead\s+ran 1\ds stale · silent 9m/);
		expect(app.lastFrame()).toContain('● 1 active');
	});

	it('shows a nested agent under its parent', async () => {
		const {dir, app} = setup(d => [
			record('parent', path.join(d, 'agent-parent.jsonl'), {type: 'general-purpose', startedAt: iso(30_000)}),
			record('other', path.join(d, 'agent-other.jsonl'), {type: 'Plan', startedAt: iso(20_000)}),
			record('child', path.join(d, 'agent-child.jsonl'), {type: 'Explore', startedAt: iso(10_000)}),
		]);
		writeFileSync(path.join(dir, 'agent-child.meta.json'), JSON.stringify({agentType: 'Explore', description: 'Find callers', parentAgentId: 'parent'}));
		await vi.waitFor(() => expect(app.lastFrame()).toContain('└ Explore'), {timeout: 5000});
		const lines = (app.lastFrame() ?? '').split('\n');
		const parentLine = lines.findIndex(l => l.includes('general-purpose'));
		expect(lines[parentLine + 1]).toContain('└ Explore');
		expect(lines.findIndex(l => l.includes('Plan'))).toBeLessThan(parentLine);
	});

	it('says what it does not know: a record without a transcript', async () => {
		const source = new FakeSource([{agentId: 'k1', type: 'Explore', status: 'active', startedAt: iso(1000), updatedAt: iso(1000)}]);
		const follower = newFollower();
		const app = render(<App source={source} transcripts={follower} staleMs={300_000} max={8} dedup keyboard size={{columns: 120, rows: 30}} />);
		await tick();
		app.stdin.write(KEY.enter);
		await vi.waitFor(() => expect(app.lastFrame()).toContain('activity  unknown: this record names no transcript'), {timeout: 5000});
	});
});
