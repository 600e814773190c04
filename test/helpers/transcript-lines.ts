// Builds JSONL lines shaped like Claude Code's transcript lines (docs/claude-code-hooks.md#subagent-transcripts): a
// subagent's `agent-<id>.jsonl` and the parent session's `<session>.jsonl`. Each builder returns
// one line (no newline); `jsonl(...)` joins lines into file text. Values are made up; the keys and
// nesting follow real lines (CLI 2.1.39).

export const SESSION_ID = '4d5611e5-241a-462a-8d15-5122611a9569';
export const CWD = '/home/user/projects/shop';
export const MODEL = 'claude-sonnet-4-5-20250929';
export const VERSION = '2.1.39';
/** 2026-02-12T16:02:48Z in ms: line timestamps default to T0 + one second per line. */
export const T0 = Date.parse('2026-02-12T16:02:48.000Z');

let serial = 0;

/** A fake uuid, unique within the test process. */
function uuid(): string {
	serial += 1;
	return `00000000-0000-4000-8000-${serial.toString(16).padStart(12, '0')}`;
}

export interface CommonFields {
	readonly agentId?: string;
	readonly sessionId?: string;
	readonly cwd?: string;
	readonly version?: string;
	/** ISO string; default T0 + `seconds`. */
	readonly timestamp?: string;
	/** Seconds after T0, for the default timestamp. */
	readonly seconds?: number;
	readonly parentUuid?: string | null;
	/** Extra top-level keys (e.g. `parentAgentId`). */
	readonly extra?: Readonly<Record<string, unknown>>;
}

/** ISO timestamp of T0 + `seconds`. */
export function isoAt(seconds: number): string {
	return new Date(T0 + seconds * 1000).toISOString();
}

function common(fields: CommonFields, sidechain: boolean): Record<string, unknown> {
	return {
		parentUuid: fields.parentUuid ?? null,
		isSidechain: sidechain,
		userType: 'external',
		cwd: fields.cwd ?? CWD,
		sessionId: fields.sessionId ?? SESSION_ID,
		version: fields.version ?? VERSION,
		gitBranch: 'main',
		...(sidechain ? {agentId: fields.agentId ?? 'a2898e3'} : {}),
		...fields.extra,
	};
}

function tail(fields: CommonFields): Record<string, unknown> {
	return {uuid: uuid(), timestamp: fields.timestamp ?? isoAt(fields.seconds ?? 0)};
}

// --- content blocks -------------------------------------------------------------------------

export type Block = Readonly<Record<string, unknown>>;

export const textBlock = (text: string): Block => ({type: 'text', text});

export const thinkingBlock = (thinking: string): Block => ({type: 'thinking', thinking, signature: 'EqQBCkYIBxgCKkB…'});

export const toolUseBlock = (id: string, name: string, input: unknown): Block => ({
	type: 'tool_use',
	id,
	name,
	input,
	caller: {type: 'direct'},
});

// --- assistant lines ------------------------------------------------------------------------

export interface UsageFields {
	readonly input_tokens?: number;
	readonly output_tokens?: number;
	readonly cache_creation_input_tokens?: number;
	readonly cache_read_input_tokens?: number;
}

export interface AssistantFields extends CommonFields {
	/** `message.id`: the lines of one API response share it. */
	readonly messageId?: string;
	readonly model?: string;
	/** Merged over a placeholder usage (3 in, 3 out, 13522 cache write). Null: no usage key. */
	readonly usage?: UsageFields | null;
	readonly requestId?: string;
	/** `message.stop_reason` (default null, as on the per-block lines of a response). */
	readonly stopReason?: string | null;
}

/** One assistant line (Claude Code writes one per content block; several blocks work too). */
export function assistantLine(blocks: readonly Block[], fields: AssistantFields = {}, sidechain = true): string {
	const cacheWrite = fields.usage?.cache_creation_input_tokens ?? 13522;
	const usage =
		fields.usage === null
			? undefined
			: {
					input_tokens: 3,
					cache_creation_input_tokens: cacheWrite,
					cache_read_input_tokens: 0,
					cache_creation: {ephemeral_5m_input_tokens: cacheWrite, ephemeral_1h_input_tokens: 0},
					output_tokens: 3,
					service_tier: 'standard',
					inference_geo: 'not_available',
					...fields.usage,
				};
	const messageId = fields.messageId ?? `msg_${uuid().slice(-12)}`;
	return JSON.stringify({
		...common(fields, sidechain),
		message: {
			model: fields.model ?? MODEL,
			id: messageId,
			type: 'message',
			role: 'assistant',
			content: blocks,
			stop_reason: fields.stopReason ?? null,
			stop_sequence: null,
			...(usage ? {usage} : {}),
		},
		requestId: fields.requestId ?? `req_${messageId.slice(4)}`,
		type: 'assistant',
		...tail(fields),
	});
}

export const textLine = (text: string, fields?: AssistantFields): string => assistantLine([textBlock(text)], fields);

export const thinkingLine = (thinking: string, fields?: AssistantFields): string => assistantLine([thinkingBlock(thinking)], fields);

export const toolUseLine = (id: string, name: string, input: unknown, fields?: AssistantFields): string =>
	assistantLine([toolUseBlock(id, name, input)], fields);

// --- user lines -----------------------------------------------------------------------------

/** The prompt that starts a subagent (the first line of its transcript). */
export function promptLine(text: string, fields: CommonFields = {}, sidechain = true): string {
	return JSON.stringify({...common(fields, sidechain), type: 'user', message: {role: 'user', content: text}, ...tail(fields)});
}

/** A user message made of text parts (as newer versions write a prompt). */
export function promptPartsLine(texts: readonly string[], fields: CommonFields = {}): string {
	return JSON.stringify({...common(fields, true), type: 'user', message: {role: 'user', content: texts.map(text => ({type: 'text', text}))}, ...tail(fields)});
}

export interface ResultFields extends CommonFields {
	readonly isError?: boolean;
	/** The top-level `toolUseResult` object (tool specific). */
	readonly toolUseResult?: unknown;
}

/** A user line carrying a tool_result: `content` as a string, or as an array of text parts. */
export function toolResultLine(toolUseId: string, content: string | readonly string[] | undefined, fields: ResultFields = {}, sidechain = true): string {
	const block: Record<string, unknown> = {tool_use_id: toolUseId, type: 'tool_result'};
	if (typeof content === 'string') {
		block.content = content;
	} else if (content !== undefined) {
		block.content = content.map(text => ({type: 'text', text}));
	}
	if (fields.isError !== undefined) {
		block.is_error = fields.isError;
	}
	return JSON.stringify({
		...common(fields, sidechain),
		type: 'user',
		message: {role: 'user', content: [block]},
		...(fields.toolUseResult === undefined ? {} : {toolUseResult: fields.toolUseResult}),
		...tail(fields),
	});
}

export interface BashResult {
	readonly stdout: string;
	readonly stderr?: string;
	readonly isError?: boolean;
	/** False: the tool_result block has no `content` (the text is only in toolUseResult). */
	readonly withContent?: boolean;
}

/** A Bash result: the text in `content`, and `toolUseResult{stdout, stderr, is_error}`. */
export function bashResultLine(toolUseId: string, result: BashResult, fields: CommonFields = {}): string {
	const text = [result.stdout, result.stderr ?? ''].filter(Boolean).join('\n');
	return toolResultLine(toolUseId, result.withContent === false ? undefined : text, {
		...fields,
		...(result.isError ? {isError: true} : {}),
		toolUseResult: {
			stdout: result.stdout,
			stderr: result.stderr ?? '',
			interrupted: false,
			isImage: false,
			is_error: result.isError ?? false,
		},
	});
}

// --- other line types -----------------------------------------------------------------------

/** A hook progress line (`type: progress`), as written around each tool call. */
export function progressLine(toolUseId: string, fields: CommonFields = {}): string {
	return JSON.stringify({
		...common(fields, true),
		slug: 'radiant-floating-music',
		type: 'progress',
		data: {type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'PostToolUse:Read', command: '${CLAUDE_PLUGIN_ROOT}/scripts/capture.sh'},
		parentToolUseID: toolUseId,
		toolUseID: toolUseId,
		...tail(fields),
	});
}

/** A `system` line marking a compaction. */
export function compactBoundaryLine(preTokens: number, fields: CommonFields = {}): string {
	return JSON.stringify({
		...common(fields, true),
		type: 'system',
		subtype: 'compact_boundary',
		content: 'Conversation compacted',
		isMeta: false,
		level: 'info',
		compactMetadata: {trigger: 'auto', preTokens},
		...tail(fields),
	});
}

/** A `file-history-snapshot` line (a type the summary does not use). */
export function fileHistoryLine(fields: CommonFields = {}): string {
	return JSON.stringify({
		type: 'file-history-snapshot',
		messageId: uuid(),
		snapshot: {trackedFileBackups: {}, timestamp: isoAt(fields.seconds ?? 0)},
		isSnapshotUpdate: false,
	});
}

// --- parent session lines -------------------------------------------------------------------

export interface AgentCallInput {
	readonly description?: string;
	readonly prompt?: string;
	readonly subagent_type?: string;
	readonly run_in_background?: boolean;
}

/** The parent's assistant line calling the Agent tool (`Task` before 2.1.63). */
export function agentCallLine(toolUseId: string, input: AgentCallInput, fields: AssistantFields & {readonly name?: 'Agent' | 'Task'} = {}): string {
	return assistantLine(
		[toolUseBlock(toolUseId, fields.name ?? 'Agent', {prompt: 'Find every route handler.', subagent_type: 'Explore', ...input})],
		fields,
		false,
	);
}

/**
 * The parent's user line with the Agent tool's result: `toolUseResult{agentId, status}` names the
 * agent. `completed` for a foreground run (its final text), `async_launched` for a background one.
 */
export function agentResultLine(toolUseId: string, agentId: string, status: 'completed' | 'async_launched', fields: CommonFields = {}): string {
	const toolUseResult =
		status === 'completed'
			? {
					status,
					prompt: 'Find every route handler.',
					agentId,
					content: [{type: 'text', text: 'Found 12 routes.'}],
					totalDurationMs: 48_213,
					totalTokens: 31_877,
					totalToolUseCount: 9,
					usage: {input_tokens: 4, output_tokens: 612, cache_creation_input_tokens: 1200, cache_read_input_tokens: 30_061},
				}
			: {isAsync: true, status, agentId, description: 'background', prompt: 'Scan', outputFile: `/tmp/claude/tasks/${agentId}.output`};
	const content =
		status === 'completed' ? ['Found 12 routes.', `agentId: ${agentId} (for resuming)`] : [`Async agent launched successfully.\nagentId: ${agentId}`];
	return toolResultLine(toolUseId, content, {...fields, toolUseResult}, false);
}

// --- shapes seen in 2.1.2xx data (docs/claude-code-hooks.md#subagent-transcripts) -------------------------------------

/** Lines without a timestamp: `mode`, `permission-mode`, `last-prompt`. */
export const modeLine = (): string => JSON.stringify({type: 'mode', mode: 'normal', sessionId: SESSION_ID});
export const permissionModeLine = (): string => JSON.stringify({type: 'permission-mode', permissionMode: 'acceptEdits', sessionId: SESSION_ID});
export const lastPromptLine = (): string => JSON.stringify({type: 'last-prompt', lastPrompt: 'Go on.', sessionId: SESSION_ID});

/** An `attachment` line of a kind the summary does not know. */
export function attachmentLine(kind: string, fields: CommonFields = {}): string {
	return JSON.stringify({...common(fields, true), type: 'attachment', attachment: {type: kind, content: {nested: [1, 2, {deep: true}]}}, ...tail(fields)});
}

/** The common keys of newer lines: `entrypoint`, `sessionKind: "bg"`, a snake_case `session_id`, `attributionAgent`. */
export const NEWER_KEYS = {entrypoint: 'claude-desktop', sessionKind: 'bg', session_id: SESSION_ID, attributionAgent: 'workflow-subagent'} as const;

/** A workflow agent's last call: `StructuredOutput` with its input. */
export const structuredOutputLine = (id: string, input: unknown, fields?: AssistantFields): string =>
	assistantLine([toolUseBlock(id, 'StructuredOutput', input)], {stopReason: 'tool_use', ...fields});

/** The line after a workflow agent's StructuredOutput call: its result, with `toolEndsTurn: true`. */
export const toolEndsTurnLine = (id: string, fields: CommonFields = {}): string =>
	toolResultLine(id, 'Structured output provided successfully', {...fields, extra: {...fields.extra, toolEndsTurn: true}});

export interface TaskTotals {
	readonly totalTokens?: number;
	readonly totalToolUseCount?: number;
	readonly totalDurationMs?: number;
	/** The final text blocks of the result. */
	readonly content?: readonly string[];
}

/** The parent's Agent result for a foreground run, with chosen totals and text. */
export function agentCompletedLine(toolUseId: string, agentId: string, totals: TaskTotals, fields: CommonFields = {}): string {
	const content = totals.content ?? ['Done.'];
	const toolUseResult = {
		status: 'completed',
		prompt: 'Find every route handler.',
		agentId,
		content: content.map(text => ({type: 'text', text})),
		totalDurationMs: totals.totalDurationMs,
		totalTokens: totals.totalTokens,
		totalToolUseCount: totals.totalToolUseCount,
	};
	return toolResultLine(toolUseId, [...content, `agentId: ${agentId} (for resuming)`], {...fields, toolUseResult}, false);
}

/** File text: the lines, each ending with a newline. */
export function jsonl(lines: readonly string[]): string {
	return lines.map(line => `${line}\n`).join('');
}
