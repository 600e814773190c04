// Issue 12 in watch: interrupted / resumed labels on lines, cards, the snapshot and `ls`, and the
// detail pane's lifecycle section (from the event log, else from the record).
import {spawnSync} from 'node:child_process';
import {appendFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../src/core/record/event-line.js';
import {formatLocalTime} from '../../src/core/text/format.js';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {displayRecord} from '../../src/core/record/agent-record.js';
import type {SessionLifecycle} from '../../src/core/record/lifecycle.js';
import type {AgentSource, WatchSnapshot} from '../../src/store/live/activity-watcher.js';
import {EVENT_LOG_NAME} from '../../src/core/record/file-names.js';
import {SessionEventFollower} from '../../src/store/history/session-event-follower.js';
import {App, type AppProps} from '../../src/tui/App.js';
import {agent, at, ms} from '../helpers/agent-fixtures.js';
import {KEY, tick} from '../helpers/fake-source.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../helpers/hostile.js';
import {tempDir} from '../helpers/tmp.js';

afterEach(() => {
	cleanup();
});

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const NOW = ms(120);

/** A source whose agents and event-log lifecycle the test sets (records made display-safe as the store does). */
class LifecycleSource implements AgentSource {
	private snapshot: WatchSnapshot;
	private readonly listeners = new Set<() => void>();

	constructor(agents: readonly AgentRecord[], lifecycle?: SessionLifecycle) {
		this.snapshot = {
			activity: '/tmp/activity',
			activityExists: true,
			sessionId: SESSION,
			following: true,
			set: {agents: new Map(agents.map(a => [`${a.agentId}.json`, displayRecord(a)])), invalid: new Map()},
			lastChangeAt: undefined,
			...(lifecycle === undefined ? {} : {lifecycle}),
		};
	}

	getSnapshot = (): WatchSnapshot => this.snapshot;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	setLifecycle(lifecycle: SessionLifecycle): void {
		this.snapshot = {...this.snapshot, lifecycle};
		for (const listener of this.listeners) {
			listener();
		}
	}
}

function renderApp(source: AgentSource, props: Partial<AppProps> = {}) {
	return render(<App source={source} staleMs={5 * 60_000} max={8} dedup keyboard now={() => NOW} size={{columns: 100, rows: 24}} {...props} />);
}

async function press(stdin: {write: (data: string) => void}, ...keys: string[]): Promise<void> {
	for (const key of keys) {
		stdin.write(key);
		await tick();
	}
}

// Newest first: r1 (resumed twice, running), i1 (interrupted), c1 (completed), n1 (running).
const fourAgents = (): AgentRecord[] => [
	agent('n1', {type: 'Plan', start: 0}),
	agent('c1', {type: 'Reviewer', start: 10, stop: 40}),
	agent('i1', {type: 'Explore', start: 20, stop: 50, extra: {interrupted: true, stopReason: 'session-end:prompt_input_exit'}}),
	agent('r1', {type: 'worker', start: 30, updated: 110, extra: {resumeCount: 2, resumedAt: at(100)}}),
];

/** Local time of T0 + `s` as the pane shows it. */
const t = (s: number): string => formatLocalTime(at(s), NOW);

const lineOf = (frame: string | undefined, word: string): string => frame?.split('\n').find(l => l.includes(word)) ?? '';

describe('watch: interrupted and resumed labels', () => {
	it('labels them in the list in words, beside the usual glyphs', async () => {
		const {lastFrame} = renderApp(new LifecycleSource(fourAgents()));
		await tick();
		const frame = lastFrame();
		expect(lineOf(frame, 'Explore')).toMatch(/○ Explore\s+30s interrupted · /);
		expect(lineOf(frame, 'worker')).toMatch(/● worker\s+1m 30s resumed ×2 · /);
		// Plain stopped and running agents stay as they were.
		expect(lineOf(frame, 'Reviewer')).not.toMatch(/interrupted|resumed|stopped ·/);
		expect(lineOf(frame, 'Plan')).not.toMatch(/interrupted|resumed/);
		// The counts keep the three statuses.
		expect(frame).toContain('● 2 active');
		expect(frame).toContain('○ 2 stopped');
	});

	it('says a single resume without a count, and an idle resumed teammate as both', async () => {
		const agents = [
			agent('r1', {type: 'worker', start: 30, extra: {resumeCount: 1, resumedAt: at(100)}}),
			agent('t1', {type: 'mate', start: 40, status: 'idle', extra: {resumeCount: 3}}),
		];
		const {lastFrame} = renderApp(new LifecycleSource(agents));
		await tick();
		expect(lineOf(lastFrame(), 'worker')).toMatch(/resumed · /);
		expect(lineOf(lastFrame(), 'worker')).not.toContain('×');
		expect(lineOf(lastFrame(), 'mate')).toContain('idle · resumed ×3 · ');
	});

	it('labels them on cards in a short wide pane', async () => {
		const {lastFrame} = renderApp(new LifecycleSource(fourAgents()), {size: {columns: 120, rows: 10}});
		await tick();
		const frame = lastFrame() ?? '';
		expect(frame).toContain('╭');
		expect(frame).toMatch(/30s · interrupted/);
		expect(frame).toMatch(/1m 30s · resumed ×2/);
	});

	it('keeps the label visible in a 40-column pane', async () => {
		const {lastFrame} = renderApp(new LifecycleSource(fourAgents()), {size: {columns: 40, rows: 10}});
		await tick();
		const frame = lastFrame() ?? '';
		expect(lineOf(frame, 'Explore')).toContain('interrupted');
		expect(lineOf(frame, 'worker')).toContain('resumed ×2');
		for (const line of frame.split('\n')) {
			expect([...line].length).toBeLessThanOrEqual(40);
		}
	});

	it('says it in the detail pane status', async () => {
		const {lastFrame, stdin} = renderApp(new LifecycleSource(fourAgents()));
		await tick();
		await press(stdin, 'j', KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toMatch(/status\s+○ interrupted/), {timeout: 5000});
	});
});

const T0 = Date.parse('2026-03-01T12:00:00Z');
const eventLine = (s: number, event: string, agentId: string | undefined, extra: Partial<EventLine> = {}): string =>
	formatEventLine({
		v: 1,
		at: new Date(T0 + s * 1000).toISOString(),
		event,
		sessionId: SESSION,
		...(agentId === undefined ? {} : {agentId, type: 'Explore'}),
		...extra,
	});

/** The lifecycle the real follower reads from a log with these lines. */
function followed(lines: readonly string[]): SessionLifecycle {
	const dir = tempDir('lifecycle-');
	mkdirSync(dir, {recursive: true});
	appendFileSync(path.join(dir, EVENT_LOG_NAME), lines.join(''));
	const follower = new SessionEventFollower(dir);
	follower.read();
	return follower.getSnapshot();
}

/** The frame's lines from the lifecycle rule to the message rule. */
function section(frame: string | undefined): string[] {
	const lines = frame?.split('\n') ?? [];
	const first = lines.findIndex(l => l.startsWith('── lifecycle'));
	if (first < 0) {
		return [];
	}
	const end = lines.findIndex((l, i) => i > first && /^─{10,}/.test(l));
	return lines
		.slice(first, end < 0 ? undefined : end)
		.map(l => l.trimEnd())
		.filter(l => l !== '');
}

describe('watch: the lifecycle section of the detail pane', () => {
	const log = [
		eventLine(0, 'SubagentStart', 'i1', {state: 'active'}),
		eventLine(30, 'SubagentStop', 'i1', {state: 'stopped', data: {lastMessage: 'first'}}),
		eventLine(60, 'SubagentStart', 'i1', {state: 'active'}),
		eventLine(90, 'SessionEnd', undefined, {data: {reason: 'prompt_input_exit'}}),
	];

	it('lists the steps from the event log with local times, and follows new ones', async () => {
		const source = new LifecycleSource(
			[agent('i1', {type: 'Explore', start: 0, stop: 90, extra: {interrupted: true, resumeCount: 1, resumedAt: at(60)}})],
			followed(log.slice(0, 2)),
		);
		const {lastFrame, stdin} = renderApp(source);
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(section(lastFrame())).toHaveLength(3), {timeout: 5000});
		expect(section(lastFrame())).toEqual([expect.stringMatching(/^── lifecycle ─+$/) as string, `${t(0)}  spawned`, `${t(30)}  completed`]);
		source.setLifecycle(followed(log));
		await vi.waitFor(() => expect(section(lastFrame())).toHaveLength(5), {timeout: 5000});
		expect(section(lastFrame()).slice(1)).toEqual([
			`${t(0)}  spawned`,
			`${t(30)}  completed`,
			`${t(60)}  resumed`,
			`${t(90)}  interrupted · session ended (prompt_input_exit)`,
		]);
	});

	it('falls back to the record when no log names the agent, and says so', async () => {
		const {lastFrame, stdin} = renderApp(
			new LifecycleSource([
				agent('i1', {type: 'Explore', start: 0, stop: 90, extra: {interrupted: true, stopReason: 'session-end:clear', resumeCount: 1, resumedAt: at(60)}}),
			]),
		);
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(section(lastFrame()).length).toBeGreaterThan(0), {timeout: 5000});
		const shown = section(lastFrame()).join('\n');
		expect(shown).toContain(`${t(0)}  spawned`);
		expect(shown).toContain(`${t(60)}  resumed`);
		expect(shown).toContain(`${t(90)}  interrupted · session ended (clear)`);
		expect(shown).toContain('from its agent file');
	});

	it('a Codex child no log names: says its rollout told it (it has no agent file)', async () => {
		const {lastFrame, stdin} = renderApp(
			new LifecycleSource([agent('x1', {type: 'explorer', start: 0, stop: 30, extra: {provider: 'codex', stopReason: 'task-complete'}})]),
		);
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(section(lastFrame()).length).toBeGreaterThan(0), {timeout: 5000});
		const shown = section(lastFrame()).join('\n');
		expect(shown).toContain(`${t(30)}  completed`);
		expect(shown).toContain('from its rollout: no event log names it');
		expect(shown).not.toContain('agent file');
	});

	it('shows no section for an older record without lifecycle fields and no log', async () => {
		const {lastFrame, stdin} = renderApp(new LifecycleSource([agent('c1', {type: 'Explore', start: 0, stop: 30})]));
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toMatch(/status\s+○ stopped/), {timeout: 5000});
		expect(lastFrame()).not.toContain('lifecycle');
	});

	it('never lets hostile text of a log line reach the frame raw', async () => {
		const hostile = followed([
			eventLine(0, 'SubagentStart', 'i1', {state: 'active', type: ALL_HOSTILE}),
			eventLine(5, 'PostToolUse', 'i1', {data: {status: `interrupted ${ALL_HOSTILE}`, prompt: ALL_HOSTILE}}),
			eventLine(9, 'SessionEnd', undefined, {data: {reason: ALL_HOSTILE}}),
		]);
		const {lastFrame, stdin} = renderApp(new LifecycleSource([agent('i1', {type: 'Explore', start: 0, stop: 9})], hostile), {size: {columns: 200, rows: 60}});
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('its parent'), {timeout: 5000});
		expect(lastFrame()).toContain('␛');
		expect(lastFrame()).not.toMatch(RAW_CONTROL);
		expect(lastFrame()).not.toContain('\u001B]');
	});

	it('says when the log cannot be read', async () => {
		const {lastFrame, stdin} = renderApp(
			new LifecycleSource([agent('c1', {type: 'Explore', start: 0, stop: 30})], {agents: new Map(), skipped: 0, problem: 'events.jsonl is not a regular file'}),
		);
		await tick();
		await press(stdin, KEY.enter);
		await vi.waitFor(() => expect(lastFrame()).toContain('event log not read: events.jsonl is not a regular file'), {timeout: 5000});
	});
});

describe('the snapshot and ls say the same words', () => {
	const cli = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');

	function run(args: string[], activity: string) {
		const home = tempDir('home-');
		return spawnSync(process.execPath, [cli, ...args], {
			env: {
				...process.env,
				HOME: home,
				CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
				AGENTLOG_DIR: activity,
				AGENTLOG_NOW: new Date(NOW).toISOString(),
				NO_COLOR: '1',
			},
			encoding: 'utf8',
		});
	}

	it('labels interrupted and resumed agents in the plain snapshot, in ls, and ls --json keeps the fields', () => {
		const activity = tempDir('activity-');
		mkdirSync(path.join(activity, SESSION), {recursive: true});
		for (const record of fourAgents()) {
			writeFileSync(path.join(activity, SESSION, `${record.agentId}.json`), JSON.stringify(record));
		}
		const snapshot = run(['watch'], activity);
		expect(snapshot.status).toBe(0);
		expect(lineOf(snapshot.stdout, 'Explore')).toContain('○ Explore');
		expect(lineOf(snapshot.stdout, 'Explore')).toContain('interrupted');
		expect(lineOf(snapshot.stdout, 'worker')).toContain('resumed ×2');
		const ls = run(['ls'], activity);
		expect(ls.status).toBe(0);
		expect(lineOf(ls.stdout, 'Explore')).toMatch(/^○ interrupted\s/);
		expect(lineOf(ls.stdout, 'worker')).toMatch(/^● resumed ×2\s/);
		expect(lineOf(ls.stdout, 'Reviewer')).toMatch(/^○ stopped\s/);
		const json = JSON.parse(run(['ls', '--json'], activity).stdout) as Array<Record<string, unknown>>;
		expect(json.find(a => a.agentId === 'i1')).toMatchObject({interrupted: true, stopReason: 'session-end:prompt_input_exit'});
		expect(json.find(a => a.agentId === 'r1')).toMatchObject({resumeCount: 2, resumedAt: at(100)});
	});
});
