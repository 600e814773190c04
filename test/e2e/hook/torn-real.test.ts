// A crash leaves the event log's last line cut (no newline); the real Claude Code session goes on
// (the mixed fixture: a named agent resumed by name while a workflow runs, one agent refused). Its
// payloads, in the order Claude Code fired them, go through the installed hook twice: once into a
// clean folder, once with a torn half-line left in the log after the courier's first stop. Every
// event after the tear is kept: history, stats and the event count are what the clean run gives.
import {appendFileSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {placeClaudeFixture} from '../../helpers/claude-fixture-copy.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const events = new Set<string>(HOOK_EVENTS);

describe('a torn last line in a real session’s log loses no later event', () => {
	it('mixed: the same history, stats and events with a crash-cut line in the middle', () => {
		const fixture = placeClaudeFixture('mixed');
		const launcher = installedHook();
		const courier = fixture.agents.find(a => a.script === 'courier')!.agentId;
		const parsed = fixture.payloads.map(text => JSON.parse(text) as {hook_event_name: string; agent_id?: string});
		const tearAfter = parsed.findIndex(p => p.hook_event_name === 'SubagentStop' && p.agent_id === courier);
		expect(tearAfter).toBeGreaterThan(0);
		const replay = (tear: boolean): string => {
			const activity = tempDir(tear ? 'torn-' : 'clean-');
			for (const [i, payload] of parsed.entries()) {
				if (events.has(payload.hook_event_name)) {
					expect(runHook(launcher, fixture.payloads[i]!, hookEnv(activity))).toMatchObject({status: 0, stdout: ''});
				}
				if (tear && i === tearAfter) {
					// What a write cut by a crash leaves: the start of a line, no newline.
					appendFileSync(path.join(activity, fixture.sessionId, 'events.jsonl'), '{"v":1,"at":"2026-11-26T19:21:39.000Z","event":"PostToolU');
				}
			}
			return activity;
		};
		const read = (activity: string, args: string[]): unknown => {
			const env = {...process.env, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: fixture.claude, XDG_STATE_HOME: path.join(activity, '..', 'state')};
			const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8'});
			expect(r.status, r.stderr).toBe(0);
			return JSON.parse(r.stdout) as unknown;
		};
		// The hook stamps each event with its own clock: compare what does not depend on when it ran.
		const timeless = (activity: string) =>
			(read(activity, ['history', '--json']) as Record<string, unknown>[])
				.map(h => ({
					agentId: h.agentId,
					status: h.status,
					name: h.name,
					description: h.description,
					tokens: h.tokens,
					toolCalls: h.toolCalls,
					resumeCount: h.resumeCount,
					runs: (h.runs as {tokens: number; toolCalls: number}[]).map(r => [r.tokens, r.toolCalls]),
					workflow: h.workflow,
					stopReason: h.stopReason,
				}))
				.sort((a, b) => String(a.agentId).localeCompare(String(b.agentId)));
		const clean = replay(false);
		const torn = replay(true);
		const cleanHistory = timeless(clean);
		expect(cleanHistory.find(a => a.agentId === courier)).toMatchObject({
			name: 'courier',
			resumeCount: 1,
			status: 'completed',
			tokens: expect.any(Number) as number,
		});
		expect(timeless(torn)).toEqual(cleanHistory);
		const counts = (activity: string) => read(activity, ['stats', '--json']) as {byEvent: unknown; byStatus: unknown; agents: number};
		expect(counts(torn)).toMatchObject({byEvent: counts(clean).byEvent, byStatus: counts(clean).byStatus, agents: 3});
		// The torn part stays on a line of its own; the next event starts a new line.
		const lines = readFileSync(path.join(torn, fixture.sessionId, 'events.jsonl'), 'utf8').split('\n');
		const cut = lines.findIndex(line => line.endsWith('"event":"PostToolU'));
		expect(cut).toBeGreaterThan(0);
		expect(JSON.parse(lines[cut + 1]!)).toMatchObject({v: 1, sessionId: fixture.sessionId});
		expect(lines.filter(Boolean)).toHaveLength(
			readFileSync(path.join(clean, fixture.sessionId, 'events.jsonl'), 'utf8')
				.split('\n')
				.filter(Boolean).length + 1,
		);
	});
});
