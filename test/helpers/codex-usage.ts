// What a Codex rollout's `token_count` lines say, read on their own (not by agentlog's fold): the
// last running total, the requests (a total that moved; one that did not is the same request
// reported again), and each request priced by hand from its `last_token_usage` with its turn's
// model. The truth the tests hold agentlog's figures for the real fixtures against.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {requestPrice} from '../../src/core/cost/price.js';

export interface CodexTokenUsage {
	readonly input_tokens: number;
	readonly cached_input_tokens: number;
	readonly output_tokens: number;
	readonly total_tokens: number;
}

export interface RolloutRequests {
	/** The last total_token_usage. */
	readonly total: CodexTokenUsage;
	readonly requests: number;
	/** token_count lines that repeated the total before them. */
	readonly repeated: number;
	/** Dollars over the requests the table prices. */
	readonly usd: number;
	/** Requests of a model the table lacks. */
	readonly unpriced: number;
	/** The last request's own tokens, its whole input (cached part included), and the window Codex gave it. */
	readonly last: {readonly tokens: number; readonly input: number; readonly window: number};
}

export function rolloutRequests(file: string): RolloutRequests {
	let total: CodexTokenUsage | undefined;
	let model: string | undefined;
	let requests = 0;
	let repeated = 0;
	let usd = 0;
	let unpriced = 0;
	let lastRequest: RolloutRequests['last'] | undefined;
	for (const text of readFileSync(file, 'utf8').split('\n')) {
		if (text === '') {
			continue;
		}
		const line = JSON.parse(text) as {timestamp: string; type: string; payload: Record<string, unknown>};
		if (line.type === 'turn_context') {
			model = line.payload.model as string;
		}
		if (line.type !== 'event_msg' || line.payload.type !== 'token_count') {
			continue;
		}
		const info = line.payload.info as {total_token_usage: CodexTokenUsage; last_token_usage: CodexTokenUsage; model_context_window: number};
		if (JSON.stringify(info.total_token_usage) === JSON.stringify(total)) {
			repeated += 1;
			continue;
		}
		total = info.total_token_usage;
		requests += 1;
		const last = info.last_token_usage;
		lastRequest = {tokens: last.total_tokens, input: last.input_tokens, window: info.model_context_window};
		const price = requestPrice(
			model!,
			{input: last.input_tokens - last.cached_input_tokens, output: last.output_tokens, cacheRead: last.cached_input_tokens, cacheWrite: 0},
			Date.parse(line.timestamp),
		);
		if (price === undefined) {
			unpriced += 1;
		} else {
			usd += price;
		}
	}
	return {total: total!, requests, repeated, usd, unpriced, last: lastRequest!};
}

/** The rollout files under a folder (a fixture scenario's `sessions`). */
export function rolloutFiles(dir: string): string[] {
	return readdirSync(dir, {recursive: true, encoding: 'utf8'})
		.filter(name => path.basename(name).startsWith('rollout-') && name.endsWith('.jsonl'))
		.map(name => path.join(dir, name));
}
