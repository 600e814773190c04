// A Qwen Code transcript line (its ChatRecord JSONL, docs/qwen.md) read as the Claude Code line
// that says the same, so one fold (summary.ts) serves both: every view then shows a Qwen subagent's
// tokens, tool calls, activity and report through the same summary. Pure.
//
// Qwen's records: `{uuid, timestamp, type: user | assistant | tool_result | system, cwd, version,
// model?, message: {role: user | model, parts: [{text, thought?} | {functionCall {id, name, args}} |
// {functionResponse {id, name, response}}]}, usageMetadata?}`. An assistant record with
// `usageMetadata` closes one model response (the response's tool calls can follow in a record of
// their own, without usage), so each record's uuid is its own response id: each usage is counted
// once. `promptTokenCount` includes the cached part (`cachedContentTokenCount`), as OpenAI's
// prompt tokens do; thoughts are part of the output.
import {isObject, num, str, type Json} from '../record/json.js';

/** Whether a parsed line is a Qwen Code record: a `message` with Gemini-style `parts`. */
export function isQwenLine(line: Json): boolean {
	const message = line.message;
	return isObject(message) && Array.isArray(message.parts) && (message.role === 'model' || message.role === 'user');
}

const count = (v: unknown): number => {
	const n = num(v);
	return n !== undefined && n > 0 ? Math.floor(n) : 0;
};

function usageOf(meta: Json): Json {
	const cached = count(meta.cachedContentTokenCount);
	return {
		input_tokens: Math.max(0, count(meta.promptTokenCount) - cached),
		output_tokens: count(meta.candidatesTokenCount) + count(meta.thoughtsTokenCount),
		cache_read_input_tokens: cached,
		cache_creation_input_tokens: 0,
	};
}

/** A function response's text: its `output`, else its `error`, else the response as JSON. */
function responseText(response: unknown): {readonly text: string; readonly isError: boolean} {
	if (!isObject(response)) {
		return {text: typeof response === 'string' ? response : '', isError: false};
	}
	const output = str(response.output);
	if (output !== undefined) {
		return {text: output, isError: false};
	}
	const error = str(response.error) ?? (isObject(response.error) ? str(response.error.message) : undefined);
	if (error !== undefined) {
		return {text: error, isError: true};
	}
	return {text: JSON.stringify(response).slice(0, 4096), isError: false};
}

/** The Claude Code line that says what a Qwen record says; undefined for a record that says nothing the fold reads. */
export function qwenLineAsClaude(line: Json): Json | undefined {
	const message = isObject(line.message) ? line.message : undefined;
	const parts = message !== undefined && Array.isArray(message.parts) ? (message.parts as unknown[]).filter(isObject) : [];
	const base: Json = {
		...(str(line.timestamp) === undefined ? {} : {timestamp: line.timestamp}),
		...(str(line.version) === undefined ? {} : {version: line.version}),
		...(str(line.cwd) === undefined ? {} : {cwd: line.cwd}),
	};
	if (line.type === 'assistant' && message?.role === 'model') {
		const content: Json[] = [];
		for (const part of parts) {
			const call = isObject(part.functionCall) ? part.functionCall : undefined;
			if (call !== undefined) {
				content.push({type: 'tool_use', id: str(call.id) ?? '', name: str(call.name) ?? 'tool', input: isObject(call.args) ? call.args : {}});
			} else if (part.thought === true) {
				content.push({type: 'thinking'});
			} else if (typeof part.text === 'string') {
				content.push({type: 'text', text: part.text});
			}
		}
		const usage = isObject(line.usageMetadata) ? usageOf(line.usageMetadata) : undefined;
		return {
			...base,
			type: 'assistant',
			message: {
				...(usage === undefined ? {} : {id: str(line.uuid) ?? '', usage}),
				...(str(line.model) === undefined ? {} : {model: line.model}),
				content,
			},
		};
	}
	if ((line.type === 'tool_result' || line.type === 'user') && message?.role === 'user') {
		const content: Json[] = [];
		for (const part of parts) {
			const response = isObject(part.functionResponse) ? part.functionResponse : undefined;
			if (response !== undefined) {
				const {text, isError} = responseText(response.response);
				content.push({type: 'tool_result', tool_use_id: str(response.id) ?? '', content: text, ...(isError ? {is_error: true} : {})});
			} else if (typeof part.text === 'string') {
				content.push({type: 'text', text: part.text});
			}
		}
		return content.length === 0 ? undefined : {...base, type: 'user', message: {role: 'user', content}};
	}
	return undefined;
}
