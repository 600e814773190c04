// What an agent cost in dollars: its API responses priced one by one and summed. A response is
// priced by its own model, at its own time, on its own tokens (a long-context tier applies to a
// request, never to a sum of requests), so a cost is made as the transcript is folded, never from
// summed tokens. A response that cannot be priced (an unknown model, `<synthetic>`) is counted
// apart, never taken as $0. This file holds no prices (a Pricer brings them: price.ts, the user's
// file), so the hook and `status` bundles that fold transcripts carry no price table. Pure.

/** One request's tokens, Claude's way: `input` without the cached parts. */
export interface PriceUsage {
	readonly input: number;
	readonly output: number;
	readonly cacheRead: number;
	readonly cacheWrite: number;
}

/** Prices one request at a time. */
export interface Pricer {
	/** The day the prices are as of (YYYY-MM-DD): the bundled table's. */
	readonly asOf: string;
	/** Changes whenever a price may have changed (a new table, the user's file): a kept cost is good under the same key only. */
	readonly key: string;
	/** One request's price in dollars; undefined when it cannot be priced. */
	price(model: string, usage: PriceUsage, atMs: number): number | undefined;
	/** The model's context window in tokens, when known. */
	contextWindow(model: string): number | undefined;
}

/** Responses priced and summed. */
export interface CostSum {
	/** Dollars over the responses that could be priced. */
	readonly usd: number;
	/** Responses priced. */
	readonly priced: number;
	/** Responses with tokens that could not be priced (unknown model, no prices). */
	readonly unpriced: number;
}

export const NO_COST: CostSum = {usd: 0, priced: 0, unpriced: 0};

const UNPRICED: CostSum = {usd: 0, priced: 0, unpriced: 1};

export function addCost(a: CostSum, b: CostSum, sign = 1): CostSum {
	return {usd: a.usd + sign * b.usd, priced: a.priced + sign * b.priced, unpriced: a.unpriced + sign * b.unpriced};
}

/**
 * One response's cost: nothing for a response without tokens (Claude Code's own `<synthetic>`
 * error message has none), unpriced without a pricer, a model or a price. No time: the newest prices.
 */
export function responseCost(pricer: Pricer | undefined, model: string | undefined, usage: PriceUsage, atMs: number | undefined): CostSum {
	if (usage.input === 0 && usage.output === 0 && usage.cacheRead === 0 && usage.cacheWrite === 0) {
		return NO_COST;
	}
	if (pricer === undefined || model === undefined) {
		return UNPRICED;
	}
	const usd = pricer.price(model, usage, atMs ?? Number.POSITIVE_INFINITY);
	return usd === undefined || !Number.isFinite(usd) ? UNPRICED : {usd, priced: 1, unpriced: 0};
}

/** An agent's cost: its responses' sum, and the day of the prices. */
export interface AgentCost extends CostSum {
	readonly asOf: string;
}

/** The cost every JSON output gives (`ls --json`, `history --json`, `export`, `report --json`). */
export interface JsonCost {
	/** Dollars at list prices over the responses that could be priced; null when none could. */
	readonly usd: number | null;
	/** The day the list prices are as of. */
	readonly pricesAsOf: string;
	/** Always true: list prices, not a bill (subscription plans pay differently). */
	readonly estimated: true;
	/** Responses that could not be priced (unknown model): the sum leaves them out. */
	readonly unpricedResponses: number;
}

/** Dollars as JSON gives them: to the millionth (sums of floats are not exact further). */
export function roundUsd(usd: number): number {
	return Math.round(usd * 1e6) / 1e6;
}

/** The dollars of a cost: null when something needed pricing and nothing could be priced. */
export function costUsd(cost: CostSum): number | null {
	return cost.priced === 0 && cost.unpriced > 0 ? null : roundUsd(cost.usd);
}

export function jsonCost(cost: AgentCost | undefined): JsonCost | null {
	return cost === undefined ? null : {usd: costUsd(cost), pricesAsOf: cost.asOf, estimated: true, unpricedResponses: cost.unpriced};
}

/** The costs of several agents summed (unknown ones left out); undefined when none is known. */
export function sumCosts(costs: Iterable<AgentCost | undefined>): AgentCost | undefined {
	let out: AgentCost | undefined;
	for (const cost of costs) {
		if (cost !== undefined) {
			out = {...addCost(out ?? NO_COST, cost), asOf: out?.asOf ?? cost.asOf};
		}
	}
	return out;
}
