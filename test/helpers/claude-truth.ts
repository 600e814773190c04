// The truth about a real Claude Code session, from Claude Code's own files only — each agent's
// transcript (responses once by message id, its tool calls, its time span, each task it was
// handed), its `.meta.json`, the workflow run file — never from the hook, the manifest's sums or
// agentlog; and the check that every view of agentlog tells it (test/e2e/claude-sessions/unseen-sessions.test.ts,
// test/e2e/claude-sessions/second-look-sessions.test.ts).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {claudeFixtures, copyClaudeRun, runOnCopy, runOnCopyAsync} from './claude-fixture-run.js';
import {startReceiver, type DecodedSpan} from './otlp-receiver.js';

export type Line = Record<string, unknown>;
export type Row = Record<string, unknown>;

export interface Scenario {
	readonly root: string;
	readonly exitedAt: string;
	readonly sessionId: string;
	readonly mainTranscript: string;
	readonly signal: {readonly name: string} | null;
	/** The subagents the generator saw (one per transcript). */
	readonly agents: readonly unknown[];
	/** When the generator copied the state into mid/ during the run. */
	readonly mid?: {readonly at: string};
}

export const manifest = JSON.parse(readFileSync(path.join(claudeFixtures, 'manifest.json'), 'utf8')) as {scenarios: Record<string, Scenario>};

export const jsonl = (file: string): Line[] =>
	readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line) as Line);

export function textOf(line: Line): string {
	const content = (line.message as {content?: unknown} | undefined)?.content;
	if (typeof content === 'string') return content;
	return Array.isArray(content) ? content.map(b => ((b as {text?: unknown}).text as string | undefined) ?? '').join('') : '';
}

export interface Truth {
	readonly agentId: string;
	readonly type: string;
	readonly name: string | null;
	/** `.meta.json`'s: the Agent call's description with its lines joined by a space. */
	readonly description: string;
	readonly parent: string | null;
	readonly depth: number;
	readonly model: string;
	readonly usage: {input: number; output: number; cacheRead: number; cacheCreation: number};
	readonly tokens: number;
	readonly toolCalls: number;
	/** Cut off (its last run never ended its turn): by the run's signal, interrupted (Ctrl-C) or stale (SIGKILL: nothing more came). */
	readonly status: 'completed' | 'failed' | 'interrupted' | 'stale';
	readonly workflow: {runId: string; name: string; phase: string; label: string} | null;
	/** Each task handed to it (the first, then each SendMessage): each carries the scenario's `[fixture:…]` marker. */
	readonly runs: number;
	readonly firstAt: number;
	readonly lastAt: number;
}

/** Every agent of the session, from Claude Code's files alone (and the signal the run was given). */
export function truthOf(root: string, sc: Scenario): Map<string, Truth> {
	const sessionDir = path.join(root, sc.mainTranscript.replace(/\.jsonl$/u, ''));
	const files = readdirSync(sessionDir, {recursive: true, encoding: 'utf8'}).map(f => f.split(path.sep).join('/'));
	const runs = new Map<string, {workflowName: string; workflowProgress: {agentId: string; label: string; phaseTitle: string; state: string}[]}>();
	for (const f of files.filter(x => /^workflows\/wf_[^/]+\.json$/u.test(x))) {
		const run = JSON.parse(readFileSync(path.join(sessionDir, f), 'utf8')) as {runId: string};
		runs.set(run.runId, run as never);
	}
	const out = new Map<string, Truth>();
	// A run killed before its end has no run file: its name is in its script's file name.
	const scriptName = (runId: string): string | undefined =>
		files.find(x => x.startsWith('workflows/scripts/') && x.endsWith(`-${runId}.js`))?.slice('workflows/scripts/'.length, -`-${runId}.js`.length);
	// An agent id is `a` + 16 hex; an in-process teammate's carries its name (`awatcher-<16 hex>`).
	for (const f of files.filter(x => /\/agent-a(?:[a-z0-9_]+-)?[0-9a-f]{16}\.jsonl$/u.test(x))) {
		const agentId = /agent-(a(?:[a-z0-9_]+-)?[0-9a-f]{16})\.jsonl$/u.exec(f)![1]!;
		const lines = jsonl(path.join(sessionDir, f));
		const meta = JSON.parse(readFileSync(path.join(sessionDir, f.replace(/\.jsonl$/u, '.meta.json')), 'utf8')) as Record<string, unknown>;
		const responses = new Map<string, Record<string, number>>();
		const tools = new Set<string>();
		let model: string | undefined;
		for (const line of lines.filter(l => l.type === 'assistant')) {
			const message = line.message as {id: string; model: string; usage?: Record<string, number>; content?: {type: string; id?: string}[]};
			if (message.model === '<synthetic>') continue;
			model ??= message.model;
			if (message.usage) responses.set(message.id, message.usage);
			for (const block of message.content ?? []) if (block.type === 'tool_use') tools.add(block.id!);
		}
		const usage = {input: 0, output: 0, cacheRead: 0, cacheCreation: 0};
		for (const u of responses.values()) {
			usage.input += u.input_tokens!;
			usage.output += u.output_tokens!;
			usage.cacheRead += u.cache_read_input_tokens!;
			usage.cacheCreation += u.cache_creation_input_tokens!;
		}
		const runId = /\/workflows\/(wf_[^/]+)\//u.exec(f)?.[1];
		const run = runId === undefined ? undefined : runs.get(runId);
		const progress = run?.workflowProgress.find(p => p.agentId === agentId);
		const texts = lines.filter(l => l.type === 'user').map(textOf);
		// Its last turn ended (the last response said end_turn) after the last task it was handed.
		const lastTask = lines.findLastIndex(l => l.type === 'user' && textOf(l).includes('[fixture:'));
		const ended = lines.slice(lastTask).some(l => l.type === 'assistant' && (l.message as {stop_reason?: string}).stop_reason === 'end_turn');
		const stamps = lines.flatMap(l => (typeof l.timestamp === 'string' ? [Date.parse(l.timestamp)] : []));
		out.set(agentId, {
			agentId,
			// An in-process teammate's agentType is its name; the type it was spawned as is spawnedAgentType.
			type: (meta.spawnedAgentType as string | undefined) ?? (meta.agentType as string),
			name: (meta.name as string | undefined) ?? null,
			description: meta.description as string,
			parent: (meta.parentAgentId as string | undefined) ?? null,
			depth: meta.spawnDepth as number,
			model: model ?? (meta.model as string),
			usage,
			tokens: usage.input + usage.output + usage.cacheRead + usage.cacheCreation,
			toolCalls: tools.size,
			status:
				progress?.state === 'error'
					? 'failed'
					: ended && !texts.some(t => t.startsWith('[Request interrupted by user'))
						? 'completed'
						: sc.signal?.name === 'SIGKILL'
							? 'stale'
							: 'interrupted',
			workflow:
				runId === undefined
					? null
					: {
							runId,
							name: run?.workflowName ?? scriptName(runId)!,
							phase: progress?.phaseTitle ?? (meta.workflowPhase as string),
							label: progress?.label ?? (meta.description as string),
						},
			runs: texts.filter(t => t.includes('[fixture:')).length,
			firstAt: Math.min(...stamps),
			lastAt: Math.max(...stamps),
		});
	}
	return out;
}

/** The status word each view uses, made one. */
export function lsStatus(row: Row): string {
	if (row.stale === true) return 'stale';
	if (row.displayStatus !== 'stopped') return row.displayStatus as string;
	if (row.interrupted === true) return 'interrupted';
	return String(row.stopReason).startsWith('stop-failure:') ? 'failed' : 'completed';
}

export const byAgent = (rows: Row[]): Map<string, Row> => new Map(rows.map(r => [r.agentId as string, r]));

/**
 * Every agent of the scenario the same in `ls --json`, `history --json`, `export`, `report --json`,
 * the OTLP spans sent to a loopback collector and the `watch` snapshot: figures, name, parent,
 * workflow, status, start and stop, place in the tree.
 */
export async function expectEveryViewTrue(name: string): Promise<void> {
	const sc = manifest.scenarios[name]!;
	const copy = copyClaudeRun(name, sc);
	const truth = truthOf(copy.root, sc);
	expect(truth.size).toBe(sc.agents.length);
	const ls = byAgent(JSON.parse(runOnCopy(copy, ['ls', '--json', sc.sessionId])) as Row[]);
	const history = byAgent(JSON.parse(runOnCopy(copy, ['history', '--json'])) as Row[]);
	const exported = byAgent(
		runOnCopy(copy, ['export'])
			.trimEnd()
			.split('\n')
			.map(l => JSON.parse(l) as Row),
	);
	const report = byAgent((JSON.parse(runOnCopy(copy, ['report', '--json', sc.sessionId])) as {agents: Row[]}).agents);
	const receiver = await startReceiver();
	let spans: DecodedSpan[];
	try {
		const sent = await runOnCopyAsync(copy, ['export', '--otlp', receiver.url]);
		expect(sent.status, sent.stderr).toBe(0);
		spans = receiver.accepted();
	} finally {
		await receiver.close();
	}
	const spanOf = new Map(spans.filter(s => s.attributes['gen_ai.agent.id'] !== undefined).map(s => [s.attributes['gen_ai.agent.id'] as string, s]));
	const spanById = new Map(spans.map(s => [s.spanId, s]));
	const snapshot = runOnCopy(copy, ['watch', sc.sessionId, '--max', '50'], {COLUMNS: '400'}).split('\n');

	expect([...ls.keys()].sort()).toEqual([...truth.keys()].sort());
	expect([...history.keys()].sort()).toEqual([...truth.keys()].sort());
	for (const t of truth.values()) {
		const who = `${name}/${t.agentId}`;
		const [l, h, e, r, s] = [ls.get(t.agentId)!, history.get(t.agentId)!, exported.get(t.agentId)!, report.get(t.agentId)!, spanOf.get(t.agentId)!];
		expect(s, `${who}: span`).toBeDefined();
		const figures = {tokens: t.tokens, toolCalls: t.toolCalls, model: t.model, status: t.status};
		expect({tokens: l.tokensTotal, toolCalls: l.toolCallCount, model: l.model, status: lsStatus(l)}, `${who}: ls`).toEqual(figures);
		for (const [view, row] of [
			['history', h],
			['export', e],
		] as const) {
			expect({tokens: row.tokens, toolCalls: row.toolCalls, model: row.model, status: row.status}, `${who}: ${view}`).toEqual(figures);
			expect(row.usage, `${who}: ${view} usage`).toEqual(t.usage);
			expect({name: row.name, parent: row.parentAgentId, workflow: row.workflow}, `${who}: ${view}`).toEqual({
				name: t.name,
				parent: t.parent,
				workflow: t.workflow,
			});
			expect((row.description as string).replaceAll('\n', ' '), `${who}: ${view} description`).toBe(t.description);
		}
		expect({tokens: r.tokens, toolCalls: r.toolCalls, model: r.model, status: r.status, parent: r.parentAgentId}, `${who}: report`).toEqual({
			...figures,
			parent: t.parent,
		});
		expect({name: l.name, parent: l.parentAgentId, workflow: l.workflow}, `${who}: ls`).toEqual({name: t.name, parent: t.parent, workflow: t.workflow});
		const a = s.attributes;
		expect(
			{
				tokens: a['agentlog.total_tokens'],
				toolCalls: a['agentlog.tool_call_count'],
				model: a['gen_ai.request.model'],
				status: a['agentlog.status'],
				parent: a['agentlog.parent_agent_id'] ?? null,
				runId: a['agentlog.workflow.run_id'] ?? null,
				label: a['agentlog.workflow.label'] ?? null,
				description: a['gen_ai.agent.description'],
			},
			`${who}: span`,
		).toEqual({...figures, parent: t.parent, runId: t.workflow?.runId ?? null, label: t.workflow?.label ?? null, description: h.description});
		// Its span hangs under its parent's span, else its run's, else the session's.
		const above = spanById.get(s.parentSpanId)!;
		expect(above, `${who}: span parent`).toBeDefined();
		if (t.parent !== null) expect(above.attributes['gen_ai.agent.id'], `${who}: span parent`).toBe(t.parent);
		else if (t.workflow !== null) expect(above.attributes['agentlog.workflow.run_id'], `${who}: span parent`).toBe(t.workflow.runId);
		else expect(above.name, `${who}: span parent`).toBe('claude_code.session');
		// Each run: the first, and one for each task SendMessage handed it; the runs add up.
		const runs = h.runs as {tokens: number; toolCalls: number}[];
		expect({runs: runs.length, resumeCount: h.resumeCount}, `${who}: runs`).toEqual({runs: t.runs, resumeCount: t.runs - 1});
		expect(
			runs.reduce((n, x) => n + x.tokens, 0),
			`${who}: runs add up`,
		).toBe(t.tokens);
		// The same start and stop in every view, and within the transcript's own span of time.
		const starts = [l.startedAt, h.startedAt, e.startedAt, r.startedAt, new Date(s.startMs).toISOString()];
		const stops = [l.stoppedAt ?? null, h.stoppedAt, e.stoppedAt, r.stoppedAt];
		expect(new Set(starts), `${who}: starts ${starts.join(' ')}`).toEqual(new Set([h.startedAt]));
		expect(new Set(stops), `${who}: stops`).toEqual(new Set([h.stoppedAt]));
		const [start, stop] = [Date.parse(h.startedAt as string), Date.parse(h.stoppedAt as string)];
		expect(Math.abs(start - t.firstAt), `${who}: start near its first transcript line`).toBeLessThan(1500);
		if (t.status === 'stale') {
			expect(h.stoppedAt, `${who}: no stop`).toBeNull();
			// Killed: no stop anywhere; its span lasts as long as history says it worked (to its transcript's last line).
			expect({span: s.endMs - s.startMs, lastLine: Date.parse(h.lastActivityAt as string)}, `${who}: span`).toEqual({span: h.durationMs, lastLine: t.lastAt});
			continue;
		}
		expect(stop - t.lastAt, `${who}: stop near its last transcript line`).toBeLessThan(2000);
		expect(stop, `${who}: stop after its last response`).toBeGreaterThanOrEqual(t.lastAt - 1000);
		expect(s.endMs, `${who}: span end`).toBe(stop);
	}
	// Each workflow run: its agents' tokens added up, the same in stats --by workflow and its span; its done and failed counts.
	const byWorkflow = (JSON.parse(runOnCopy(copy, ['stats', '--json', '--by', 'workflow'])) as {byWorkflow: Record<string, {tokens: number; agents: number}>})
		.byWorkflow;
	const runIds = new Set([...truth.values()].flatMap(t => (t.workflow === null ? [] : [t.workflow.runId])));
	for (const runId of runIds) {
		const members = [...truth.values()].filter(t => t.workflow?.runId === runId);
		const tokens = members.reduce((n, t) => n + t.tokens, 0);
		expect(byWorkflow[`${members[0]!.workflow!.name} ${runId}`], `${runId}: stats`).toMatchObject({tokens, agents: members.length});
		const span = spans.find(x => x.attributes['agentlog.workflow.run_id'] === runId && x.attributes['gen_ai.agent.id'] === undefined)!;
		expect(
			{
				tokens: span.attributes['agentlog.total_tokens'],
				done: span.attributes['agentlog.workflow.done'],
				failed: span.attributes['agentlog.workflow.failed'],
			},
			`${runId}: span`,
		).toEqual({tokens, done: members.filter(t => t.status === 'completed').length, failed: members.filter(t => t.status === 'failed').length});
	}
	// The snapshot: each agent on a row of its own, nested under its parent, workflow agents under their run.
	const rowOf = (t: Truth): number => {
		const label = t.name === null ? t.type : `${t.name} (${t.type})`;
		const task = t.workflow?.label ?? (ls.get(t.agentId)!.description as string);
		const rows = snapshot.flatMap((line, i) => (line.includes(` ${label} `) && line.includes(task) ? [i] : []));
		expect(rows, `${name}/${t.agentId}: one row in the snapshot`).toHaveLength(1);
		return rows[0]!;
	};
	const indent = (row: number): number => /^\s*[◆●◐○◌] ([ │├└]*)/u.exec(snapshot[row]!)![1]!.length;
	for (const t of truth.values()) {
		const row = rowOf(t);
		if (t.parent !== null) {
			const parentRow = rowOf(truth.get(t.parent)!);
			expect(row, `${t.agentId} below its parent`).toBeGreaterThan(parentRow);
			expect(indent(row), `${t.agentId} one step in from its parent`).toBe(indent(parentRow) + 2);
		}
		if (t.workflow !== null) {
			const header = snapshot.findIndex(line => line.includes(`workflow ${t.workflow!.runId}`));
			expect(snapshot[header], `${t.agentId}'s run`).toContain(t.workflow.name);
			expect(row, `${t.agentId} under its run`).toBeGreaterThan(header);
		}
	}
}
