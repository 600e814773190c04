import {spawn} from 'node:child_process';
import {copyFileSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {openLiveSession} from '../../../src/app/session/live.js';
import {opencodeListings, opencodeTrees} from '../../../src/app/session/opencode-scan.js';
import {runMain} from '../../helpers/run-main.js';
import {tempDir} from '../../helpers/tmp.js';

// The real opencode 1.18.33's databases (test/fixtures/opencode), put where opencode keeps them.
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/opencode');

function install(scenario: string): void {
	const dir = path.join(process.env.XDG_DATA_HOME!, 'opencode');
	mkdirSync(dir, {recursive: true});
	rmSync(path.join(dir, 'opencode.db-wal'), {force: true});
	for (const name of ['opencode.db', 'opencode.db-wal']) {
		copyFileSync(path.join(FIXTURES, scenario, name), path.join(dir, name));
	}
}

/** A process that holds `file` open, as opencode holds its database while it runs. */
function holdOpen(file: string): {readonly ready: Promise<unknown>; stop(): Promise<void>} {
	const child = spawn(process.execPath, ['-e', "require('fs').openSync(process.argv[1], 'r'); console.log('open'); setInterval(() => {}, 1e6)", file]);
	const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
	return {
		ready: new Promise(resolve => child.stdout.once('data', resolve)),
		stop: async () => {
			child.kill();
			await exited;
		},
	};
}

describe('opencode beside Claude Code and Codex', () => {
	let saved: string | undefined;
	beforeEach(() => {
		saved = process.env.XDG_DATA_HOME;
		process.env.XDG_DATA_HOME = tempDir('xdg-data-');
		// The fixtures' day: the listing looks 30 days back from agentlog's clock.
		process.env.AGENTLOG_NOW = '2026-11-29T03:00:00Z';
	});
	afterEach(() => {
		process.env.XDG_DATA_HOME = saved;
		delete process.env.AGENTLOG_NOW;
	});

	it('no opencode folder: nothing listed, nothing thrown', () => {
		expect(opencodeTrees()).toEqual([]);
		expect(opencodeListings()).toEqual([]);
	});

	it('sessions and ls list its session and subagents, marked, with the same counts', async () => {
		install('parallel');
		const sessions = await runMain('sessions', '--json');
		expect(sessions.code).toBe(0);
		const listed = JSON.parse(sessions.stdout) as {id: string; provider: string; counts: {stopped: number}}[];
		expect(listed).toEqual([expect.objectContaining({provider: 'opencode', counts: expect.objectContaining({stopped: 2}) as object})]);
		const ls = await runMain('ls', '--json');
		const agents = JSON.parse(ls.stdout) as {description: string; provider: string; sessionId: string; displayStatus: string; tokensTotal: number}[];
		expect(agents.map(a => [a.description, a.provider, a.displayStatus]).sort()).toEqual([
			['List the files', 'opencode', 'stopped'],
			['Read the readme', 'opencode', 'stopped'],
		]);
		expect(agents.every(a => a.sessionId === listed[0]!.id && a.tokensTotal > 0)).toBe(true);
		const text = await runMain('sessions');
		expect(text.stdout).toContain('[opencode] Fixture parallel');
	});

	it('a session argument names it by a prefix of its id', async () => {
		install('failed');
		const [tree] = opencodeTrees();
		const ls = await runMain('ls', tree!.rootId.slice(0, 12), '--json');
		expect(ls.code).toBe(0);
		expect((JSON.parse(ls.stdout) as {displayStatus: string; stopReason: string}[]).map(a => [a.displayStatus, a.stopReason])).toEqual([
			['stopped', 'stop-failure:fixture: this agent fails'],
		]);
	});

	it("watch follows the newest session: opencode's, and sees a change of its database", async () => {
		install('cut/mid');
		// opencode runs: a process holds its log open.
		const holder = holdOpen(path.join(process.env.XDG_DATA_HOME!, 'opencode', 'opencode.db-wal'));
		await holder.ready;
		const activity = path.join(tempDir('live-'), 'activity');
		mkdirSync(activity, {recursive: true});
		const live = openLiveSession(activity, {codex: {codexHome: path.join(tempDir('codex-'), 'none')}});
		live.start();
		try {
			await vi.waitFor(
				() => {
					const snapshot = live.agents.getSnapshot();
					expect([...snapshot.set.agents.values()].map(a => [a.description, a.status, a.provider])).toEqual([['Scan everything', 'active', 'opencode']]);
				},
				{timeout: 5000},
			);
			// opencode stopped (Ctrl-C: it writes no end): the child is shown cut off, interrupted.
			await holder.stop();
			await vi.waitFor(
				() =>
					expect([...live.agents.getSnapshot().set.agents.values()].map(a => [a.status, a.interrupted, a.stopReason])).toEqual([
						['stopped', true, 'session-end:opencode-exited'],
					]),
				{timeout: 8000},
			);
			install('parallel');
			await vi.waitFor(
				() => expect([...live.agents.getSnapshot().set.agents.values()].map(a => a.description).sort()).toEqual(['List the files', 'Read the readme']),
				{timeout: 5000},
			);
			const facts = live.transcripts.getSnapshot();
			expect([...facts.values()].some(f => f.summary.toolCalls.some(c => c.name === 'Glob'))).toBe(true);
		} finally {
			await holder.stop();
			await live.close();
		}
	});
});
