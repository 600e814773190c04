// Generated subagent transcripts in the shape of Claude Code's (docs/claude-code-hooks.md#subagent-transcripts,
// and the captured ones in test/fixtures/claude/): user prompt, assistant lines one per content block sharing a message id
// and usage, progress lines, tool results as user lines, a final end_turn message (or none: cut off).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export interface AgentSpec {
	readonly agentId: string;
	readonly startMs: number;
	/** Tool calls before the end. */
	readonly calls?: number;
	/** Whether it ends with a final end_turn message (else it is cut off after a tool call). */
	readonly finished?: boolean;
	readonly report?: string;
	readonly prompt?: string;
	readonly parentAgentId?: string;
	readonly model?: string;
	readonly cwd?: string;
	/** Text appended after the last line without a newline (a half-written line). */
	readonly partial?: string;
}

const base = (sessionId: string, agentId: string, cwd: string) => ({
	isSidechain: true,
	userType: 'external',
	cwd,
	sessionId,
	version: '2.1.120',
	gitBranch: 'main',
	agentId,
});

/** The lines of one transcript, each ending with `\n`. */
export function transcriptLines(sessionId: string, spec: AgentSpec): string[] {
	const cwd = spec.cwd ?? '/home/u/proj';
	const b = base(sessionId, spec.agentId, cwd);
	const model = spec.model ?? 'claude-sonnet-4-5-20250929';
	let t = spec.startMs;
	const ts = () => new Date((t += 1000)).toISOString();
	const out: unknown[] = [];
	out.push({
		...b,
		parentUuid: null,
		type: 'user',
		message: {role: 'user', content: spec.prompt ?? 'Explore the code base.'},
		uuid: 'u0',
		timestamp: new Date(spec.startMs).toISOString(),
		...(spec.parentAgentId ? {parentAgentId: spec.parentAgentId} : {}),
	});
	const usage = {input_tokens: 3, cache_creation_input_tokens: 100, cache_read_input_tokens: 50, output_tokens: 20};
	const calls = spec.calls ?? 2;
	for (let i = 0; i < calls; i++) {
		const id = `msg_${spec.agentId}_${i}`;
		out.push({
			...b,
			type: 'assistant',
			message: {model, id, type: 'message', role: 'assistant', content: [{type: 'text', text: `Step ${i}.`}], stop_reason: null, usage},
			uuid: `a${i}`,
			timestamp: ts(),
		});
		const tool =
			i % 2 === 0
				? {name: 'Read', input: {file_path: `${cwd}/src/f${i}.ts`}}
				: {name: 'Edit', input: {file_path: `${cwd}/src/e${i}.ts`, old_string: 'a', new_string: 'b'}};
		out.push({
			...b,
			type: 'assistant',
			message: {
				model,
				id,
				type: 'message',
				role: 'assistant',
				content: [{type: 'tool_use', id: `toolu_${spec.agentId}_${i}`, ...tool}],
				stop_reason: 'tool_use',
				usage,
			},
			uuid: `b${i}`,
			timestamp: ts(),
		});
		out.push({
			...b,
			type: 'progress',
			data: {type: 'hook_progress', hookEvent: 'PostToolUse'},
			parentToolUseID: `toolu_${spec.agentId}_${i}`,
			timestamp: ts(),
			uuid: `p${i}`,
		});
		out.push({
			...b,
			type: 'user',
			message: {role: 'user', content: [{tool_use_id: `toolu_${spec.agentId}_${i}`, type: 'tool_result', content: `result ${i}`}]},
			uuid: `r${i}`,
			timestamp: ts(),
		});
	}
	if (spec.finished !== false) {
		out.push({
			...b,
			type: 'assistant',
			message: {
				model,
				id: `msg_${spec.agentId}_end`,
				type: 'message',
				role: 'assistant',
				content: [{type: 'text', text: spec.report ?? 'Done: all found.'}],
				stop_reason: 'end_turn',
				usage,
			},
			uuid: 'z',
			timestamp: ts(),
		});
	}
	return out.map(line => `${JSON.stringify(line)}\n`);
}

/** The last line's time of a transcript written with `transcriptLines`. */
export function lastLineMs(spec: AgentSpec): number {
	const calls = spec.calls ?? 2;
	return spec.startMs + 1000 * (calls * 4 + (spec.finished === false ? 0 : 1));
}

export interface SessionSpec {
	readonly project: string;
	readonly sessionId: string;
	readonly agents: ReadonlyArray<AgentSpec & {readonly meta?: Record<string, unknown>; readonly workflow?: string}>;
	/** Lines of the session's main transcript (Agent calls). */
	readonly main?: readonly unknown[];
}

/** Writes `<claude>/projects/<project>/<session>/subagents/agent-<id>.jsonl` (+ meta) for each agent; returns the transcript paths by agent id. */
export function writeSession(claude: string, spec: SessionSpec): Map<string, string> {
	const sessionDir = path.join(claude, 'projects', spec.project, spec.sessionId);
	const subagents = path.join(sessionDir, 'subagents');
	mkdirSync(subagents, {recursive: true});
	const out = new Map<string, string>();
	for (const agent of spec.agents) {
		const dir = agent.workflow ? path.join(subagents, 'workflows', agent.workflow) : subagents;
		mkdirSync(dir, {recursive: true});
		const file = path.join(dir, `agent-${agent.agentId}.jsonl`);
		writeFileSync(file, transcriptLines(spec.sessionId, agent).join('') + (agent.partial ?? ''));
		if (agent.meta) {
			writeFileSync(path.join(dir, `agent-${agent.agentId}.meta.json`), JSON.stringify(agent.meta));
		}
		out.set(agent.agentId, file);
	}
	if (spec.main) {
		writeFileSync(`${sessionDir}.jsonl`, spec.main.map(l => `${JSON.stringify(l)}\n`).join(''));
	}
	return out;
}

/** A parent's Agent call and its result naming the agent, as main-transcript lines. */
export function agentCallLines(toolUseId: string, agentId: string, description: string, subagentType: string): unknown[] {
	return [
		{
			type: 'assistant',
			message: {role: 'assistant', content: [{type: 'tool_use', id: toolUseId, name: 'Agent', input: {description, prompt: 'p', subagent_type: subagentType}}]},
			timestamp: '2026-03-01T10:00:00.000Z',
		},
		{
			type: 'user',
			message: {role: 'user', content: [{type: 'tool_result', tool_use_id: toolUseId, content: [{type: 'text', text: 'ok'}]}]},
			toolUseResult: {status: 'completed', agentId, totalTokens: 5},
			timestamp: '2026-03-01T10:05:00.000Z',
		},
	];
}
