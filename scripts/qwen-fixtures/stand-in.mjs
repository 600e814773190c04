// A loopback stand-in for the OpenAI chat-completions API, as Qwen Code calls it with
// `--auth-type openai` (`POST <OPENAI_BASE_URL>/chat/completions`, `stream: true`, answered with
// server-sent events; a `stream: false` request gets one JSON body). It plays the model from a
// per-scenario script, so `qwen -p` runs end to end with no network.
//
// Which agent a request belongs to: every task the scripts hand out carries a marker
// `[fixture:<name>]`; Qwen Code sends a subagent its task as the first `user` message of the
// subagent's conversation, so the first marker in the first `user` message names the script. No marker
// and the request offers tools = the main agent (`main`); no tools = a side request of the CLI (a title,
// a check), answered with a short text and logged as `side`.
// A script reads the agent's state from the request alone (assistant turns so far, its tool calls and
// their results), so a retry gets the same answer. It returns `{text}`, `{calls: [{name, args}]}`,
// `'stall'` (never answer) or `{error: <HTTP status>, message}`.
//
// Usage is made up but deterministic and different per response: prompt = 1000 + request bytes / 40,
// cached = 0 on an agent's first request else 256·turn, completion = 15 + 11 per call + text / 4.
import fs from 'node:fs';
import http from 'node:http';

const MARKER = /\[fixture:([\w-]+)\]/u;

export function textOf(content) {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.filter(part => part?.type === 'text')
		.map(part => part.text)
		.join('\n');
}

/** Which script, at which turn, and what it did so far. */
export function readRequest(body) {
	const messages = Array.isArray(body.messages) ? body.messages : [];
	const firstUser = messages.find(m => m.role === 'user');
	const marked = MARKER.exec(textOf(firstUser?.content ?? ''))?.[1];
	const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
	const agent = marked ?? (hasTools ? 'main' : 'side');
	const results = new Map();
	for (const m of messages) if (m.role === 'tool') results.set(m.tool_call_id, textOf(m.content));
	const calls = [];
	for (const m of messages) {
		if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
		for (const call of m.tool_calls) {
			let args = null;
			try {
				args = JSON.parse(call.function?.arguments ?? 'null');
			} catch {
				args = call.function?.arguments ?? null;
			}
			calls.push({id: call.id, name: call.function?.name, args, result: results.get(call.id) ?? null});
		}
	}
	const users = messages.filter(m => m.role === 'user');
	return {
		agent,
		turn: messages.filter(m => m.role === 'assistant').length,
		calls,
		lastUser: textOf(users.at(-1)?.content ?? ''),
		tools: hasTools ? body.tools.map(t => t.function?.name ?? t.type) : [],
		model: body.model,
	};
}

/** The stand-in: listens on 127.0.0.1 (random port), logs every request it answers to `logFile`. */
export function startStandIn({scripts, logFile, idPrefix, onServe = () => {}}) {
	const log = fs.createWriteStream(logFile, {flags: 'w'});
	const served = [];
	const stalled = new Set();
	let seq = 0;
	const nextId = kind => `${kind}_${idPrefix}${String(++seq).padStart(3, '0')}`;
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', c => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8');
			if (req.method !== 'POST' || !/\/chat\/completions$/u.test(req.url ?? '')) {
				log.write(JSON.stringify({url: req.url, method: req.method, status: 404}) + '\n');
				res.writeHead(404, {'content-type': 'application/json'});
				res.end(JSON.stringify({error: {message: 'not found', type: 'invalid_request_error'}}));
				return;
			}
			let body = {};
			try {
				body = JSON.parse(raw);
			} catch {
				/* answered as a side request */
			}
			const ctx = readRequest(body);
			const script = scripts[ctx.agent];
			const reply = ctx.agent === 'side' ? {text: 'Fixture run.'} : script ? script(ctx) : {text: `(no script for ${ctx.agent})`};
			const entry = {agent: ctx.agent, turn: ctx.turn, model: ctx.model, bytes: raw.length, stream: body.stream === true, tools: ctx.tools.length};
			if (reply === 'stall') {
				Object.assign(entry, {stall: true});
				served.push(entry);
				log.write(JSON.stringify(entry) + '\n');
				stalled.add(res);
				res.on('close', () => stalled.delete(res));
				res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
				onServe(entry);
				return;
			}
			if (reply.error) {
				Object.assign(entry, {error: reply.error, message: reply.message});
				served.push(entry);
				log.write(JSON.stringify(entry) + '\n');
				res.writeHead(reply.error, {'content-type': 'application/json'});
				res.end(JSON.stringify({error: {message: reply.message, type: 'invalid_request_error', code: 'fixture_error'}}));
				onServe(entry);
				return;
			}
			const id = nextId('chatcmpl');
			const calls = (reply.calls ?? []).map(c => ({id: nextId('call'), type: 'function', function: {name: c.name, arguments: JSON.stringify(c.args)}}));
			const text = reply.text ?? '';
			const usage = {
				prompt_tokens: 1000 + Math.round(raw.length / 40),
				completion_tokens: 15 + 11 * calls.length + Math.round(text.length / 4),
				prompt_tokens_details: {cached_tokens: ctx.turn === 0 ? 0 : 256 * ctx.turn},
			};
			usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
			Object.assign(entry, {id, text: text || undefined, calls: calls.length ? reply.calls : undefined, usage});
			served.push(entry);
			log.write(JSON.stringify(entry) + '\n');
			const model = body.model ?? 'fixture';
			const created = Math.floor(Date.now() / 1000);
			const finish = calls.length ? 'tool_calls' : 'stop';
			if (body.stream !== true) {
				res.writeHead(200, {'content-type': 'application/json'});
				res.end(
					JSON.stringify({
						id,
						object: 'chat.completion',
						created,
						model,
						choices: [{index: 0, message: {role: 'assistant', content: text || null, ...(calls.length ? {tool_calls: calls} : {})}, finish_reason: finish}],
						usage,
					}),
				);
				onServe(entry);
				return;
			}
			res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
			const send = delta => res.write(`data: ${JSON.stringify({id, object: 'chat.completion.chunk', created, model, ...delta})}\n\n`);
			send({choices: [{index: 0, delta: {role: 'assistant', content: ''}, finish_reason: null}]});
			if (text) {
				// Two pieces, so the CLI joins a streamed text as it would a real one.
				const cut = Math.ceil(text.length / 2);
				send({choices: [{index: 0, delta: {content: text.slice(0, cut)}, finish_reason: null}]});
				send({choices: [{index: 0, delta: {content: text.slice(cut)}, finish_reason: null}]});
			}
			calls.forEach((call, index) =>
				send({
					choices: [
						{
							index: 0,
							delta: {tool_calls: [{index, id: call.id, type: 'function', function: {name: call.function.name, arguments: call.function.arguments}}]},
							finish_reason: null,
						},
					],
				}),
			);
			send({choices: [{index: 0, delta: {}, finish_reason: finish}]});
			send({choices: [], usage});
			res.write('data: [DONE]\n\n');
			res.end();
			onServe(entry);
		});
	});
	return new Promise(resolve => {
		server.listen(0, '127.0.0.1', () =>
			resolve({
				port: server.address().port,
				served,
				close: async () => {
					for (const res of stalled) res.destroy();
					server.closeAllConnections?.();
					await new Promise(r => server.close(r));
					await new Promise(r => log.end(r));
				},
			}),
		);
	});
}
