// A second look with real Claude Code 2.1.328 sessions (test/fixtures/claude): a Workflow of 30
// agents in three phases with two refused; a named agent resumed by SendMessage, seen while its
// second run is in progress (the state the generator copied into `resume-live/mid`); and the
// interactive client, whose teammate waits on a permission dialog (`interactive/mid`: after the
// Notification `permission_prompt` that carries no agent_id). The truth comes from Claude Code's
// own files (test/helpers/claude-truth.ts); every view of agentlog must tell it.
import {beforeAll, describe, expect, it} from 'vitest';
import {copyClaudeRun, runOnCopy, type CopiedRun} from '../../helpers/claude-fixture-run.js';
import {byAgent, expectEveryViewTrue, lsStatus, manifest, truthOf, type Row, type Truth} from '../../helpers/claude-truth.js';

/** Every view over a whole session runs the CLI a dozen times: ~10 s for workflow30 on 2 loaded cores. */
const EVERY_VIEW_MS = 90_000;

const json = <T>(copy: CopiedRun, args: string[]): T => JSON.parse(runOnCopy(copy, args)) as T;

/** The copy of a scenario's final state, or of its `mid/` (the clock a second after it was taken), and its truth. */
function load(name: string, mid = false): {copy: CopiedRun; truth: Map<string, Truth>; sessionId: string} {
	const sc = manifest.scenarios[name]!;
	const copy = mid ? copyClaudeRun(`${name}/mid`, {root: sc.root, exitedAt: sc.mid!.at}, 1000) : copyClaudeRun(name, sc);
	return {copy, truth: truthOf(copy.root, sc), sessionId: sc.sessionId};
}

// The hook that captured workflow30 kept 20 agent files (its file cap removed 10 stopped ones during
// the run; events.jsonl has all 30). The cap's fix is in the hook: after it is merged, workflow30 is
// captured again (`node scripts/claude-fixtures/make-fixtures.mjs workflow30`) and these pass.
describe('workflow30: a Workflow of 30 agents in three phases, two of them refused', () => {
	let copy: CopiedRun;
	let truth: Map<string, Truth>;
	let sessionId: string;
	beforeAll(() => {
		({copy, truth, sessionId} = load('workflow30'));
		expect(truth.size).toBe(30);
		expect([...truth.values()].filter(t => t.status === 'failed')).toHaveLength(2);
	});
	const figures = (t: Truth) => ({tokens: t.tokens, toolCalls: t.toolCalls, status: t.status});

	it('history --json: all 30, each with its transcript’s tokens, tool calls, status and phase', () => {
		const history = byAgent(json<Row[]>(copy, ['history', '--json']));
		expect([...history.keys()].sort()).toEqual([...truth.keys()].sort());
		for (const t of truth.values()) {
			const h = history.get(t.agentId)!;
			expect({tokens: h.tokens, toolCalls: h.toolCalls, status: h.status, workflow: h.workflow}, t.agentId).toEqual({...figures(t), workflow: t.workflow});
		}
	});

	// A cap of 20 agent files once hid a third of this run.
	it('ls --json: all 30, each with its tokens, tool calls and status', () => {
		const ls = byAgent(json<Row[]>(copy, ['ls', '--json', sessionId]));
		expect([...ls.keys()].sort()).toEqual([...truth.keys()].sort());
		for (const t of truth.values()) {
			const l = ls.get(t.agentId)!;
			expect({tokens: l.tokensTotal, toolCalls: l.toolCallCount, status: lsStatus(l)}, t.agentId).toEqual(figures(t));
		}
	});

	it('report --json: all 30 with their tokens, and the session’s total is their sum', () => {
		const report = json<{agents: Row[]; totals: Row}>(copy, ['report', '--json', sessionId]);
		const rows = byAgent(report.agents);
		expect([...rows.keys()].sort()).toEqual([...truth.keys()].sort());
		for (const t of truth.values()) expect(rows.get(t.agentId)!.tokens, t.agentId).toBe(t.tokens);
		expect(report.totals.tokens).toBe([...truth.values()].reduce((n, t) => n + t.tokens, 0));
	});

	it('sessions --json: the session counts 30 stopped agents', () => {
		const session = json<Row[]>(copy, ['sessions', '--json']).find(s => s.id === sessionId)!;
		expect(session.counts).toEqual({waiting: 0, active: 0, idle: 0, stopped: 30, stale: 0});
	});

	it('timeline --json: a lane per agent, from its first transcript line to its last', () => {
		const lanes = byAgent(json<Row[]>(copy, ['timeline', '--json', sessionId]));
		expect([...lanes.keys()].sort()).toEqual([...truth.keys()].sort());
		for (const t of truth.values()) {
			const lane = lanes.get(t.agentId)!;
			expect(lane.status, t.agentId).toBe(t.status);
			expect(Math.abs(Date.parse(lane.startedAt as string) - t.firstAt), `${t.agentId} start`).toBeLessThan(1500);
			expect(Math.abs(Date.parse(lane.stoppedAt as string) - t.lastAt), `${t.agentId} stop`).toBeLessThan(2000);
		}
	});

	// Every view, as for the unseen sessions.
	it('every view is Claude Code’s truth (ls, history, export, report, OTLP, stats, watch)', () => expectEveryViewTrue('workflow30'), EVERY_VIEW_MS);
});

describe('resume-live: a named agent resumed by SendMessage', () => {
	it('at the end, every view is Claude Code’s truth (two runs, resumeCount 1)', () => expectEveryViewTrue('resume-live'), EVERY_VIEW_MS);

	describe('mid/: during its second run (its request held by the stand-in)', () => {
		let copy: CopiedRun;
		let keeper: Truth;
		let sessionId: string;
		let row: Row;
		beforeAll(() => {
			let truth: Map<string, Truth>;
			({copy, truth, sessionId} = load('resume-live', true));
			expect(truth.size).toBe(1);
			keeper = [...truth.values()][0]!;
			expect(keeper.runs).toBe(2);
			row = byAgent(json<Row[]>(copy, ['ls', '--json', sessionId])).get(keeper.agentId)!;
		});

		it('ls --json: one resume, and the tokens and tool calls of its transcript so far', () => {
			expect({resumeCount: row.resumeCount, tokens: row.tokensTotal, toolCalls: row.toolCallCount, name: row.name}).toEqual({
				resumeCount: 1,
				tokens: keeper.tokens,
				toolCalls: keeper.toolCalls,
				name: 'keeper',
			});
		});

		// The first run's end_turn must not infer a stop once a later start is seen.
		it('ls --json: active, not stopped (inferred), with its activity', () => {
			expect({displayStatus: row.displayStatus, inferredStop: row.inferredStop, stale: row.stale}).toEqual({
				displayStatus: 'active',
				inferredStop: false,
				stale: false,
			});
			expect(row.activity).toEqual(expect.stringMatching(/\S/u));
		});

		// The resumed run shows as active everywhere.
		it('watch snapshot and status: the agent is active', () => {
			const snapshot = runOnCopy(copy, ['watch', sessionId, '--max', '50'], {COLUMNS: '300'}).split('\n');
			expect(snapshot.filter(l => l.includes(' keeper (general-purpose) ')).map(l => l.trim()[0])).toEqual(['●']);
			expect(json<Row>(copy, ['status', sessionId, '--format', 'json']).counts).toMatchObject({active: 1, stopped: 0});
		});
	});
});

describe('interactive: the TUI, a teammate waiting on a permission dialog', () => {
	let copy: CopiedRun;
	let watcher: Truth;
	let sessionId: string;
	beforeAll(() => {
		let truth: Map<string, Truth>;
		({copy, truth, sessionId} = load('interactive', true));
		watcher = [...truth.values()][0]!;
		expect(watcher).toMatchObject({name: 'watcher', type: 'general-purpose'});
	});

	it('mid/: the teammate waits for its Bash call, and the status line counts it', () => {
		const row = byAgent(json<Row[]>(copy, ['ls', '--json', sessionId])).get(watcher.agentId)!;
		expect({displayStatus: row.displayStatus, waitingFor: row.waitingFor}).toEqual({
			displayStatus: 'waiting',
			waitingFor: 'Bash: wc -l README > lines.txt && cat lines.txt',
		});
		expect(json<Row>(copy, ['status', sessionId, '--format', 'json']).counts).toMatchObject({waiting: 1});
	});

	// The Notification without agent_id is the teammate's prompt, not the main session's.
	it('mid/: the Notification permission_prompt without agent_id does not make the main session wait', () => {
		expect(json<Row>(copy, ['status', sessionId, '--format', 'json']).mainWaiting).toBe(false);
		expect(json<Row[]>(copy, ['sessions', '--json']).find(s => s.id === sessionId)!.mainWaiting).toBe(false);
		const header = runOnCopy(copy, ['watch', sessionId, '--max', '50'], {COLUMNS: '300'}).split('\n')[0]!;
		expect(header).not.toContain('main session waits');
	});

	// A teammate's hooks say its name as its type: the row shows both.
	it('mid/: the teammate is shown as `watcher (general-purpose)`', () => {
		const snapshot = runOnCopy(copy, ['watch', sessionId, '--max', '50'], {COLUMNS: '300'}).split('\n');
		expect(snapshot.filter(l => l.includes(' watcher (general-purpose) '))).toHaveLength(1);
	});

	it('at the end, every view is Claude Code’s truth', () => expectEveryViewTrue('interactive'), EVERY_VIEW_MS);
});
