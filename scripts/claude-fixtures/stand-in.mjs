// A loopback stand-in for the Anthropic Messages API, as Claude Code 2.1.328 calls it
// (`POST /v1/messages?beta=true`, `stream: true`, answered with server-sent events). It plays the
// model from a per-scenario script, so `claude -p` runs end to end with no network.
//
// Which agent a request belongs to (the matching scheme):
// - Every Agent call, SendMessage and workflow agent() prompt the scripts write carries a marker
//   `[fixture:<name>]` in its task text. Claude Code sends a subagent its task as (part of) the first
//   `user` message of the subagent's conversation (after a `<system-reminder>` block; for a workflow
//   agent after the ~420-character harness frame), so the first `[fixture:<name>]` found in the text
//   blocks of the first `user` message names the script. No marker there = the main agent (`main`).
// - The state of an agent is read from the request alone, never from the server's memory, so a retry
//   of the same request gets the same answer: `turn` = the number of `assistant` messages already in
//   the conversation, `calls` = the tool_use blocks the script made so far with their tool_result text,
//   `lastUser` = the text of the last `user` message (a `<task-notification>` turn, a SendMessage),
//   `userTexts` = the text of every `user` message.
// - A script returns `{blocks: [...]}` (text / tool_use), `'stall'` (never answer: the request hangs
//   until the client goes away) or `{error: <HTTP status>, message}`.
// - `beforeAnswer(entry)`, when given, is awaited before a request is answered: the generator holds a
//   chosen request there (the agent stays in the middle of its turn) while it copies a snapshot.
//
// Usage numbers are made up but deterministic and different per response, so token sums can be
// checked: input 3 + turn, cache creation = request bytes / 40 on a conversation's first request and
// 120 + 7·turn after, cache read 0 first and bytes / 50 after, output 12 + 9 per block + text length / 4.
// Every served response is logged (agent, turn, message id, usage, what was sent) to a JSONL file.
import fs from 'node:fs';
import http from 'node:http';

const MARKER = /\[fixture:([\w-]+)\]/u;

/** The text of a message's content (a string or blocks; tool_result blocks excluded). */
export function textOf(content) {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.filter(block => block?.type === 'text')
		.map(block => block.text)
		.join('\n');
}

/** The text a tool_result carries (a string or text blocks). */
function resultText(block) {
	return typeof block.content === 'string' ? block.content : textOf(block.content);
}

/** Reads the conversation of one request: which script, at which turn, what it did so far. */
export function readRequest(body) {
	const messages = Array.isArray(body.messages) ? body.messages : [];
	const firstUser = messages.find(m => m.role === 'user');
	const agent = MARKER.exec(textOf(firstUser?.content ?? ''))?.[1] ?? 'main';
	const results = new Map();
	for (const m of messages) {
		if (m.role !== 'user' || !Array.isArray(m.content)) continue;
		for (const block of m.content)
			if (block?.type === 'tool_result') results.set(block.tool_use_id, {text: resultText(block), isError: block.is_error === true});
	}
	const calls = [];
	for (const m of messages) {
		if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
		for (const block of m.content)
			if (block?.type === 'tool_use') calls.push({id: block.id, name: block.name, input: block.input, result: results.get(block.id) ?? null});
	}
	const users = messages.filter(m => m.role === 'user');
	const lastUser = textOf(users.at(-1)?.content ?? '');
	const notifications = users.filter(m => textOf(m.content).includes('<task-notification>')).length;
	const userTexts = users.map(m => textOf(m.content)).join('\n');
	return {agent, turn: messages.filter(m => m.role === 'assistant').length, calls, lastUser, userTexts, notifications, model: body.model};
}

// ---------------------------------------------------------------------------------------------------
// Replies the scripts build.

export const text = value => ({type: 'text', text: value});
export const tool = (name, input) => ({type: 'tool_use', name, input});

/** A script that answers by turn number: the nth entry at turn n, the last one after that. */
export const byTurn =
	(...replies) =>
	ctx => {
		const reply = replies[Math.min(ctx.turn, replies.length - 1)];
		return typeof reply === 'function' ? reply(ctx) : reply;
	};

// ---------------------------------------------------------------------------------------------------
// The server.

function usageFor(turn, bytes, blocks) {
	const out = blocks.reduce((n, b) => n + 9 + Math.round((b.text ?? JSON.stringify(b.input ?? '')).length / 4), 12);
	return {
		input_tokens: 3 + turn,
		cache_creation_input_tokens: turn === 0 ? Math.round(bytes / 40) : 120 + 7 * turn,
		cache_read_input_tokens: turn === 0 ? 0 : Math.round(bytes / 50),
		output_tokens: out,
	};
}

/**
 * Starts the stand-in on 127.0.0.1 (a free port). `scripts` maps an agent name to (ctx) → reply;
 * `onServe(entry)` is called after each answer (the scenario may signal Claude Code from there).
 */
export function startStandIn({scripts, logFile, idPrefix, onServe = () => {}, beforeAnswer = async () => {}}) {
	const log = fs.createWriteStream(logFile);
	const hanging = new Set();
	const served = [];
	let seq = 0;
	let toolSeq = 0;
	const server = http.createServer((req, res) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', chunk => (body += chunk));
		req.on('end', async () => {
			const at = new Date().toISOString();
			if (req.method !== 'POST' || !req.url.startsWith('/v1/messages')) {
				log.write(JSON.stringify({at, url: req.url, method: req.method, status: 404}) + '\n');
				res.writeHead(404, {'content-type': 'application/json'});
				res.end('{"type":"error","error":{"type":"not_found_error","message":"not here"}}');
				return;
			}
			let request;
			try {
				request = JSON.parse(body);
			} catch {
				res.writeHead(400, {'content-type': 'application/json'});
				res.end('{"type":"error","error":{"type":"invalid_request_error","message":"not JSON"}}');
				return;
			}
			const ctx = readRequest(request);
			const script = scripts[ctx.agent];
			const reply = script ? script(ctx) : {blocks: [text(`(no script for ${ctx.agent})`)]};
			const entry = {at, agent: ctx.agent, turn: ctx.turn, model: request.model, bytes: body.length, session: req.headers['x-claude-code-session-id'] ?? null};
			const held = await beforeAnswer(entry);
			if (held) entry.heldMs = held;
			if (reply === 'stall') {
				log.write(JSON.stringify({...entry, reply: 'stall'}) + '\n');
				hanging.add(res);
				res.on('close', () => hanging.delete(res));
				res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
				res.flushHeaders();
				served.push({...entry, stall: true});
				onServe({...entry, stall: true});
				return;
			}
			if (reply.error) {
				const error = {type: 'error', error: {type: 'invalid_request_error', message: reply.message ?? 'fixture: this request is refused'}};
				log.write(JSON.stringify({...entry, status: reply.error, error}) + '\n');
				res.writeHead(reply.error, {'content-type': 'application/json', 'request-id': `req_${idPrefix}err${++seq}`});
				res.end(JSON.stringify(error));
				served.push({...entry, error: reply.error});
				onServe({...entry, error: reply.error});
				return;
			}
			const blocks = reply.blocks.map(b => (b.type === 'tool_use' ? {...b, id: `toolu_01${idPrefix}${String(++toolSeq).padStart(6, '0')}`} : b));
			const id = `msg_01${idPrefix}${String(++seq).padStart(6, '0')}`;
			const usage = usageFor(ctx.turn, body.length, blocks);
			const stopReason = blocks.some(b => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
			res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_01${idPrefix}${String(seq).padStart(6, '0')}`});
			const send = (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify({type: event, ...data})}\n\n`);
			send('message_start', {
				message: {
					id,
					type: 'message',
					role: 'assistant',
					model: request.model,
					content: [],
					stop_reason: null,
					stop_sequence: null,
					usage: {...usage, output_tokens: 1},
				},
			});
			blocks.forEach((block, index) => {
				if (block.type === 'text') {
					send('content_block_start', {index, content_block: {type: 'text', text: ''}});
					send('content_block_delta', {index, delta: {type: 'text_delta', text: block.text}});
				} else {
					send('content_block_start', {index, content_block: {type: 'tool_use', id: block.id, name: block.name, input: {}}});
					send('content_block_delta', {index, delta: {type: 'input_json_delta', partial_json: JSON.stringify(block.input)}});
				}
				send('content_block_stop', {index});
			});
			send('message_delta', {delta: {stop_reason: stopReason, stop_sequence: null}, usage});
			send('message_stop', {});
			res.end();
			const done = {...entry, id, usage, stopReason, blocks};
			log.write(JSON.stringify(done) + '\n');
			served.push(done);
			onServe(done);
		});
	});
	return new Promise(resolve => {
		server.listen(0, '127.0.0.1', () =>
			resolve({
				port: server.address().port,
				served,
				close: async () => {
					for (const res of hanging) res.destroy();
					server.closeAllConnections?.();
					await new Promise(r => server.close(r));
					await new Promise(r => log.end(r));
				},
			}),
		);
	});
}
