// The files the real Claude Code 2.1.328 wrote (test/fixtures/claude, made by
// scripts/claude-fixtures/make-fixtures.mjs against a loopback stand-in for the Messages API) are
// whole and agree with each other and with manifest.json: every file parses, every agent the
// manifest names has its transcript, and each scenario shows the fact it was made for. Needs no
// Claude Code: it only reads the committed files.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const base = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude');

interface Tokens {
	readonly responses: number;
	readonly input: number;
	readonly output: number;
	readonly cacheCreation: number;
	readonly cacheRead: number;
	readonly total: number;
}

interface Agent {
	readonly script: string;
	readonly agentId: string;
	readonly type: string | null;
	readonly name: string | null;
	readonly parent: string | null;
	readonly depth: number | null;
	readonly workflowRun: string | null;
	readonly expectedEnd: string | null;
	readonly starts: number;
	readonly stops: number;
	readonly stopFailures: number;
	readonly tokens: Tokens;
	readonly toolCalls: readonly string[];
	readonly transcript: string;
	readonly meta: string | null;
}

interface Scenario {
	readonly claudeCodeVersion?: string;
	readonly exit: number | string;
	readonly signal: {readonly name: string; readonly at: string} | null;
	readonly root: string;
	readonly sessionId: string;
	readonly mainTranscript: string;
	readonly main: {readonly tokens: Tokens; readonly toolCalls: readonly string[]};
	readonly agents: readonly Agent[];
	/** The TUI in tmux, not `-p`. */
	readonly interactive?: boolean;
	/** When the state was copied into mid/ during the run. */
	readonly mid?: {readonly at: string};
}

const manifest = JSON.parse(readFileSync(path.join(base, 'manifest.json'), 'utf8')) as {
	claudeCodeVersion: string;
	runRoot: string;
	scenarios: Record<string, Scenario>;
};

type Line = Record<string, unknown>;

function jsonl(file: string): Line[] {
	const text = readFileSync(file, 'utf8');
	expect(text.endsWith('\n'), file).toBe(true);
	return text
		.slice(0, -1)
		.split('\n')
		.map(line => JSON.parse(line) as Line);
}

const filesOf = (dir: string): string[] => readdirSync(dir, {recursive: true, encoding: 'utf8'}).map(f => f.split(path.sep).join('/'));

function load(name: string) {
	const sc = manifest.scenarios[name]!;
	const dir = path.join(base, name);
	const payloads = jsonl(path.join(dir, 'hook-payloads.jsonl'));
	const served = jsonl(path.join(dir, 'stand-in.jsonl'));
	const agent = (script: string): Agent => sc.agents.find(a => a.script === script)!;
	const of = (event: string, agentId?: string) => payloads.filter(p => p.hook_event_name === event && (agentId === undefined || p.agent_id === agentId));
	const transcript = (file: string) => jsonl(path.join(dir, file));
	const meta = (a: Agent) => JSON.parse(readFileSync(path.join(dir, a.meta!), 'utf8')) as Line;
	return {sc, dir, payloads, served, agent, of, transcript, meta};
}

/** The text of a transcript line's message (string content or its text blocks). */
function messageText(line: Line): string {
	const content = (line.message as {content?: unknown} | undefined)?.content;
	if (typeof content === 'string') return content;
	return Array.isArray(content) ? content.map(b => ((b as {text?: unknown}).text as string | undefined) ?? '').join('') : '';
}

/** Tokens of a transcript: each response once (a response is written as one line per content block). */
function transcriptTokens(lines: readonly Line[]): Omit<Tokens, 'total'> {
	const byId = new Map<string, Record<string, number>>();
	for (const line of lines) {
		const message = line.message as {id?: string; usage?: Record<string, number>} | undefined;
		if (line.type === 'assistant' && message?.id && message.usage && message.id.startsWith('msg_')) byId.set(message.id, message.usage);
	}
	const t = {responses: 0, input: 0, output: 0, cacheCreation: 0, cacheRead: 0};
	for (const u of byId.values()) {
		t.responses++;
		t.input += u.input_tokens!;
		t.output += u.output_tokens!;
		t.cacheCreation += u.cache_creation_input_tokens!;
		t.cacheRead += u.cache_read_input_tokens!;
	}
	return t;
}

const scenarioNames = Object.keys(manifest.scenarios);

describe(`Claude Code ${manifest.claudeCodeVersion} fixtures`, () => {
	it('covers the scenarios it was made for, each in its own folder', () => {
		expect(manifest.claudeCodeVersion).toBe('2.1.328');
		expect(scenarioNames.sort()).toEqual([
			'background',
			'deepflow',
			'depth3',
			'foreground',
			'hostile',
			'interactive',
			'mixed',
			'mixed-2.1.332',
			'named',
			'parallel',
			'resume',
			'resume-cut',
			'resume-live',
			'sigint',
			'sigkill',
			'stop-background',
			'stop-nested',
			'stop-parallel',
			'stop-resume',
			'stop-workflow',
			'workflow',
			'workflow-kill',
			'workflow30',
		]);
		expect(
			readdirSync(base, {withFileTypes: true})
				.filter(d => d.isDirectory())
				.map(d => d.name)
				.sort(),
		).toEqual(scenarioNames);
	});

	it.each(scenarioNames)('%s: every file parses, the manifest names every transcript, ids and paths agree', name => {
		const {sc, dir, payloads, served} = load(name);
		expect(sc.root).toBe(`${manifest.runRoot}/${name}`);
		const files = filesOf(dir);
		for (const f of files.filter(x => x.endsWith('.jsonl'))) jsonl(path.join(dir, f));
		for (const f of files.filter(x => x.endsWith('.json'))) expect(() => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as unknown, f).not.toThrow();
		// One session: the main transcript, the activity folder, every payload and request.
		expect(path.basename(sc.mainTranscript, '.jsonl')).toBe(sc.sessionId);
		expect(existsSync(path.join(dir, sc.mainTranscript))).toBe(true);
		expect(existsSync(path.join(dir, 'activity', sc.sessionId, 'events.jsonl'))).toBe(true);
		expect(new Set(payloads.map(p => p.session_id))).toEqual(new Set([sc.sessionId]));
		expect(new Set(served.map(s => s.session))).toEqual(new Set([sc.sessionId]));
		for (const p of payloads) expect(String(p.cwd)).toBe(`${sc.root}/workspace`);
		// The transcripts on disk are exactly the agents of the manifest (mid/ is the state copied during the run).
		const onDisk = files.filter(f => !f.startsWith('mid/') && /\/agent-[^/]+\.jsonl$/u.test(f)).sort();
		expect(sc.agents.map(a => a.transcript).sort()).toEqual(onDisk);
		for (const a of sc.agents) {
			expect(path.basename(a.transcript), a.script).toBe(`agent-${a.agentId}.jsonl`);
			// An in-process teammate's id carries its name (`a<name>-<16 hex>`).
			expect(a.agentId).toMatch(a.name !== null && sc.interactive === true ? new RegExp(`^a${a.name}-[0-9a-f]{16}$`, 'u') : /^a[0-9a-f]{16}$/u);
			const first = jsonl(path.join(dir, a.transcript)).find(l => l.type === 'user')!;
			expect(messageText(first)).toContain(`[fixture:${a.script}]`);
			expect(a.starts, a.script).toBeGreaterThanOrEqual(1);
		}
		// What the stand-in served is what the manifest says: per agent and for the main agent.
		for (const who of [...sc.agents.map(a => a.script), 'main']) {
			const tokens = who === 'main' ? sc.main.tokens : sc.agents.find(a => a.script === who)!.tokens;
			const mine = served.filter(s => s.agent === who && s.usage) as {usage: Record<string, number>}[];
			expect(tokens.responses, who).toBe(mine.length);
			expect(tokens.output, who).toBe(mine.reduce((n, s) => n + s.usage.output_tokens!, 0));
			expect(tokens.total, who).toBe(tokens.input + tokens.output + tokens.cacheCreation + tokens.cacheRead);
		}
	});

	it.each(scenarioNames)('%s: each transcript holds the tokens the stand-in served its agent', name => {
		const {sc, dir, transcript} = load(name);
		for (const a of sc.agents) {
			const {responses, input, output, cacheCreation, cacheRead} = a.tokens;
			expect(transcriptTokens(transcript(a.transcript)), a.script).toEqual({responses, input, output, cacheCreation, cacheRead});
		}
		const main = sc.main.tokens;
		const mainLines = jsonl(path.join(dir, sc.mainTranscript));
		expect(transcriptTokens(mainLines)).toEqual({
			responses: main.responses,
			input: main.input,
			output: main.output,
			cacheCreation: main.cacheCreation,
			cacheRead: main.cacheRead,
		});
	});

	it('foreground: PostToolUse(Agent) carries the completed run of the one agent', () => {
		const {agent, of} = load('foreground');
		const lister = agent('lister');
		const post = of('PostToolUse').filter(p => p.tool_name === 'Agent');
		expect(post).toHaveLength(1);
		expect(post[0]!.tool_response).toMatchObject({status: 'completed', agentId: lister.agentId, agentType: 'general-purpose'});
		expect(of('SubagentStop', lister.agentId)[0]!.last_assistant_message).toMatch(/^Lister report/u);
		expect(lister).toMatchObject({depth: 1, parent: null, starts: 1, stops: 1, toolCalls: ['Bash']});
	});

	it('parallel: three agents start before any of them stops', () => {
		const {sc, payloads} = load('parallel');
		expect(sc.agents).toHaveLength(3);
		const events = payloads.map(p => p.hook_event_name);
		const starts = events.flatMap((e, i) => (e === 'SubagentStart' ? [i] : []));
		expect(starts).toHaveLength(3);
		expect(Math.max(...starts)).toBeLessThan(events.indexOf('SubagentStop'));
		expect(sc.main.toolCalls).toEqual(['Agent', 'Agent', 'Agent']);
	});

	it('background: launched async, finished later as a <task-notification> turn', () => {
		const {sc, dir, agent, of} = load('background');
		const reader = agent('reader');
		const post = of('PostToolUse').filter(p => p.tool_name === 'Agent');
		expect(post).toHaveLength(1);
		expect(post[0]!.tool_response).toMatchObject({status: 'async_launched', isAsync: true, agentId: reader.agentId});
		expect((post[0]!.tool_input as Line).run_in_background).toBeUndefined();
		const notices = of('UserPromptSubmit').filter(p => String(p.prompt).startsWith('<task-notification>'));
		expect(notices).toHaveLength(1);
		expect(String(notices[0]!.prompt)).toContain('<status>completed</status>');
		expect(readFileSync(path.join(dir, sc.mainTranscript), 'utf8')).toContain('<task-notification>');
		expect(of('SubagentStop', reader.agentId)).toHaveLength(1);
	});

	it('sigint: the agent never stops; its transcript ends interrupted; the session ends', () => {
		const {sc, agent, of, transcript} = load('sigint');
		const sleeper = agent('sleeper');
		expect(sc.signal?.name).toBe('SIGINT');
		expect(of('SubagentStop')).toHaveLength(0);
		expect(of('PostToolUse').filter(p => p.tool_name === 'Agent')).toHaveLength(0);
		expect(of('SessionEnd')).toHaveLength(1);
		const texts = transcript(sleeper.transcript).map(messageText);
		expect(texts).toContain('[Request interrupted by user for tool use]');
	});

	it('sigkill: nothing fires after the kill; the transcript ends at the tool call', () => {
		const {sc, agent, of, transcript} = load('sigkill');
		const stuck = agent('stuck');
		expect(sc.signal?.name).toBe('SIGKILL');
		expect(sc.exit).toBe('SIGKILL');
		expect(of('SessionEnd')).toHaveLength(0);
		expect(of('SubagentStop')).toHaveLength(0);
		const lines = transcript(stuck.transcript).filter(l => l.type === 'assistant' || l.type === 'user');
		const last = lines.at(-1)!.message as {content: {type: string; name?: string}[]};
		expect(last.content.at(-1)).toMatchObject({type: 'tool_use', name: 'Bash'});
	});

	it('workflow: the refused agent fails with StopFailure, the other finishes; the run is on disk', () => {
		const {sc, dir, agent, of, meta} = load('workflow');
		const ok = agent('wf_count');
		const broken = agent('wf_broken');
		expect(ok.workflowRun).toMatch(/^wf_/u);
		expect(broken.workflowRun).toBe(ok.workflowRun);
		const failure = of('StopFailure', broken.agentId);
		expect(failure).toHaveLength(1);
		expect(String(failure[0]!.last_assistant_message)).toMatch(/^API Error: 400/u);
		expect(of('SubagentStop', broken.agentId)).toHaveLength(0);
		expect(of('SubagentStop', ok.agentId)).toHaveLength(1);
		expect(meta(ok)).toMatchObject({inWorkflowRun: true, description: 'count-files'});
		const run = JSON.parse(readFileSync(path.join(dir, path.dirname(sc.mainTranscript), sc.sessionId, 'workflows', `${ok.workflowRun}.json`), 'utf8')) as {
			workflowProgress: {agentId: string; state: string}[];
		};
		const states = Object.fromEntries(run.workflowProgress.map(p => [p.agentId, p.state]));
		expect(states).toEqual({[ok.agentId]: 'done', [broken.agentId]: 'error'});
		expect(of('PostToolUse').find(p => p.tool_name === 'Workflow')?.tool_response).toMatchObject({status: 'async_launched', runId: ok.workflowRun});
	});

	it('depth3: three agents nested, the innermost at spawnDepth 3 under the middle one', () => {
		const {agent, meta} = load('depth3');
		const [outer, middle, inner] = [agent('outer'), agent('middle'), agent('inner')];
		expect(meta(inner)).toMatchObject({spawnDepth: 3, parentAgentId: middle.agentId});
		expect(meta(middle)).toMatchObject({spawnDepth: 2, parentAgentId: outer.agentId});
		expect(outer).toMatchObject({depth: 1, parent: null, toolCalls: ['Agent']});
		expect(middle.toolCalls).toEqual(['Agent']);
		expect(inner.toolCalls).toEqual(['Bash']);
	});

	it('resume: SendMessage runs the finished agent again under the same id and transcript', () => {
		const {agent, of, transcript} = load('resume');
		const helper = agent('helper');
		expect(of('SubagentStart', helper.agentId)).toHaveLength(2);
		expect(of('SubagentStop', helper.agentId)).toHaveLength(2);
		expect(of('PreToolUse').find(p => p.tool_name === 'SendMessage')?.tool_input).toMatchObject({recipient: helper.agentId});
		const texts = transcript(helper.transcript).map(messageText).join('\n');
		expect(texts).toContain('Second task');
		expect(helper.toolCalls).toEqual(['Bash', 'Bash']);
	});

	it('named: the names given in the Agent call are in the .meta.json files', () => {
		const {sc, meta, of} = load('named');
		expect(sc.agents.map(a => [a.script, a.name]).sort()).toEqual([
			['mapper', 'mapper'],
			['scout', 'scout'],
		]);
		for (const a of sc.agents) expect(meta(a).name).toBe(a.script);
		expect(
			of('PreToolUse')
				.filter(p => p.tool_name === 'Agent')
				.map(p => String((p.tool_input as Line).name))
				.sort(),
		).toEqual(['mapper', 'scout']);
	});

	it.each(['mixed', 'mixed-2.1.332'])('%s: a named agent resumed by name while a workflow runs, one of its agents refused', name => {
		const {sc, agent, of, payloads, meta} = load(name);
		const courier = agent('courier');
		const [slow, refused] = [agent('wf_slow'), agent('wf_refused')];
		expect(courier).toMatchObject({name: 'courier', starts: 2, stops: 2, toolCalls: ['Bash', 'Bash']});
		expect(meta(courier).name).toBe('courier');
		const send = of('PreToolUse').find(p => p.tool_name === 'SendMessage')!;
		expect(send.tool_input).toMatchObject({to: 'courier', recipient: 'courier', recipient_kind: 'name'});
		expect(of('PostToolUse').find(p => p.tool_name === 'SendMessage')?.tool_response).toMatchObject({resumedAgentId: courier.agentId});
		// The second run started while the workflow's slow agent still ran.
		const secondStart = payloads.findLastIndex(p => p.hook_event_name === 'SubagentStart' && p.agent_id === courier.agentId);
		const slowStop = payloads.findIndex(p => p.hook_event_name === 'SubagentStop' && p.agent_id === slow.agentId);
		expect(secondStart).toBeLessThan(slowStop);
		expect(refused).toMatchObject({workflowRun: slow.workflowRun, stopFailures: 1, stops: 0});
		expect(sc.claudeCodeVersion).toBe(name === 'mixed' ? undefined : '2.1.332');
	});

	it('mixed-2.1.332: what 2.1.332 writes that 2.1.328 did not (agentlog reads neither)', () => {
		const {sc, dir, transcript} = load('mixed-2.1.332');
		const main = jsonl(path.join(dir, sc.mainTranscript));
		const users = main.filter(l => l.type === 'user');
		expect(new Set(users.map(l => l.rowSource))).toEqual(new Set(['local', 'recorded', undefined]));
		expect(typeof users.find(l => l.rowSource === 'local')?.sentAtMs).toBe('number');
		const request = main.find(l => l.type === 'api-request')!;
		expect({thread: request.thread, echo: typeof request.echoWireToolInputs}).toEqual({thread: {type: 'none'}, echo: 'boolean'});
		for (const a of sc.agents) expect(JSON.parse(readFileSync(path.join(dir, a.meta!), 'utf8'))).toMatchObject({modelNotNamed: true});
		// The harness's own rows (the list of agents SendMessage can reach) say so.
		expect(sc.agents.filter(a => transcript(a.transcript).some(l => l.rowSource === 'harness')).length).toBeGreaterThan(0);
		const older = load('mixed');
		expect(jsonl(path.join(older.dir, older.sc.mainTranscript)).some(l => 'rowSource' in l)).toBe(false);
	});

	it('deepflow: nesting to depth 3 beside a workflow; a workflow agent is refused the Agent tool', () => {
		const {agent, meta, transcript, of} = load('deepflow');
		const [outer, middle, inner] = [agent('outer'), agent('middle'), agent('inner')];
		expect(meta(inner)).toMatchObject({spawnDepth: 3, parentAgentId: middle.agentId});
		expect(meta(middle)).toMatchObject({spawnDepth: 2, parentAgentId: outer.agentId});
		const wfOuter = agent('wf_outer');
		expect(wfOuter).toMatchObject({type: 'general-purpose', toolCalls: ['Agent']});
		expect(wfOuter.workflowRun).toMatch(/^wf_/u);
		const refused = transcript(wfOuter.transcript).flatMap(l => ((l.message as {content?: unknown})?.content as Line[] | undefined) ?? []);
		expect(JSON.stringify(refused)).toContain('No such tool available: Agent');
		// No agent was started for it: its Agent call never reached the hooks.
		expect(of('PreToolUse', wfOuter.agentId).filter(p => p.tool_name === 'Agent')).toHaveLength(0);
	});

	it('hostile: descriptions kept as given (.meta.json joins their lines with a space); one agent cut by SIGINT', () => {
		const {sc, agent, meta, of} = load('hostile');
		const calls = new Map(
			of('PreToolUse')
				.filter(p => p.tool_name === 'Agent')
				.map(p => [String((p.tool_input as Line).prompt).slice(0, 30), p.tool_input as Line]),
		);
		expect(calls.size).toBe(5);
		for (const a of sc.agents) {
			const call = [...calls.values()].find(c => String(c.prompt).includes(`[fixture:${a.script}]`))!;
			expect(meta(a).description, a.script).toBe(String(call.description).replaceAll('\n', ' '));
		}
		expect(meta(agent('h_esc')).description).toContain('\u001b[2J');
		expect([...(meta(agent('h_long')).description as string)]).toHaveLength(2164);
		expect(agent('h_slow')).toMatchObject({expectedEnd: 'interrupted', stops: 0});
		expect(of('SubagentStop')).toHaveLength(4);
	});

	it('workflow30: thirty agents in three phases of ten; the two refused fail with StopFailure', () => {
		const {sc, dir, of, meta} = load('workflow30');
		expect(sc.agents).toHaveLength(30);
		expect(new Set(sc.agents.map(a => a.workflowRun)).size).toBe(1);
		const phases = new Map<string, number>();
		for (const a of sc.agents) phases.set(meta(a).workflowPhase as string, (phases.get(meta(a).workflowPhase as string) ?? 0) + 1);
		expect(Object.fromEntries(phases)).toEqual({Survey: 10, Measure: 10, Confirm: 10});
		const failed = sc.agents.filter(a => a.expectedEnd === 'failed');
		expect(failed.map(a => a.script).sort()).toEqual(['wf30_07', 'wf30_24']);
		for (const a of failed) expect({stops: a.stops, failures: a.stopFailures}, a.script).toEqual({stops: 0, failures: 1});
		expect(of('SubagentStop')).toHaveLength(28);
		const run = readdirSync(path.join(dir, path.dirname(sc.mainTranscript), sc.sessionId, 'workflows')).find(f => f.endsWith('.json'))!;
		const file = JSON.parse(readFileSync(path.join(dir, path.dirname(sc.mainTranscript), sc.sessionId, 'workflows', run), 'utf8')) as {
			agentCount: number;
			workflowProgress: {type: string; state?: string}[];
		};
		expect(file.agentCount).toBe(30);
		expect(file.workflowProgress.filter(p => p.type === 'workflow_agent' && p.state === 'error')).toHaveLength(2);
	});

	it('resume-live: mid/ holds the resumed run in progress; every file there is the start of the final one', () => {
		const {sc, dir, agent} = load('resume-live');
		const keeper = agent('keeper');
		expect(keeper).toMatchObject({name: 'keeper', starts: 2, stops: 2, toolCalls: ['Bash', 'Bash', 'Bash']});
		const mid = path.join(dir, 'mid');
		const payloads = jsonl(path.join(mid, 'hook-payloads.jsonl'));
		const events = payloads.filter(p => p.agent_id === keeper.agentId).map(p => p.hook_event_name);
		expect(events.filter(e => e === 'SubagentStart')).toHaveLength(2);
		expect(events.filter(e => e === 'SubagentStop')).toHaveLength(1);
		expect(events.at(-1)).toBe('PostToolBatch');
		const file = JSON.parse(readFileSync(path.join(mid, 'activity', sc.sessionId, `${keeper.agentId}.json`), 'utf8')) as Line;
		expect(file).toMatchObject({status: 'active', resumeCount: 1});
		// Taken while the stand-in held the agent's request: its transcript ends at a tool result.
		const lines = jsonl(path.join(mid, keeper.transcript));
		expect(lines.filter(l => l.type === 'assistant').at(-1)!.message).toMatchObject({stop_reason: 'tool_use'});
		for (const f of filesOf(mid).filter(x => x.endsWith('.jsonl') && x.startsWith('claude/'))) {
			expect(readFileSync(path.join(dir, f), 'utf8').startsWith(readFileSync(path.join(mid, f), 'utf8')), f).toBe(true);
		}
		expect(Date.parse(sc.mid!.at)).toBeLessThan(Date.parse(String(jsonl(path.join(dir, keeper.transcript)).at(-1)!.timestamp)));
	});

	it('interactive: a teammate’s Bash call asks; Notification permission_prompt without agent_id comes ~6 s later', () => {
		const {sc, dir, agent, of, meta} = load('interactive');
		const watcher = agent('watcher');
		expect(meta(watcher)).toMatchObject({agentType: 'watcher', name: 'watcher', taskKind: 'in_process_teammate', spawnedAgentType: 'general-purpose'});
		const [asked] = of('PermissionRequest');
		expect(asked).toMatchObject({agent_id: watcher.agentId, agent_type: 'watcher', tool_name: 'Bash', permission_mode: 'default'});
		const prompts = of('Notification').filter(p => p.notification_type === 'permission_prompt');
		expect(prompts).toHaveLength(1);
		expect(prompts[0]!.agent_id).toBeUndefined();
		const at = (event: string): number => Date.parse(String(jsonl(path.join(dir, 'activity', sc.sessionId, 'events.jsonl')).find(l => l.event === event)!.at));
		expect(at('Notification') - at('PermissionRequest')).toBeGreaterThan(4000);
		expect(of('TeammateIdle', watcher.agentId)).toHaveLength(1);
		expect(of('SessionEnd')[0]).toMatchObject({reason: 'prompt_input_exit'});
		const dialog = readFileSync(path.join(dir, 'dialog.txt'), 'utf8');
		expect(dialog).toContain('Bash command · from the watcher agent');
		expect(dialog).toContain('Do you want to proceed?');
		// mid/: copied after the Notification, before the answer.
		const mid = jsonl(path.join(dir, 'mid', 'hook-payloads.jsonl'));
		expect(mid.at(-1)!.hook_event_name).toBe('Notification');
		expect(mid.filter(p => p.agent_id === watcher.agentId).map(p => p.hook_event_name)).toEqual(['SubagentStart', 'PreToolUse', 'PermissionRequest']);
	});
});
