// What tokens cost in dollars, at list prices: the Anthropic, OpenAI and Google tables of
// @pydantic/genai-prices, and OpenRouter's `qwen/…` models (price-data.json, made from the package
// by scripts/prices), matched by model id, dated, with the long-context tiers (a request over a
// tier's start is priced wholly at it). A test holds this against the package's own calcPrice on every model. An estimate: plans
// and discounts pay differently. Pure.
import DATA from './price-data.json' with {type: 'json'};
import type {PriceUsage, Pricer} from './cost.js';

export type {PriceUsage};

type Match =
	| {readonly equals: string}
	| {readonly starts_with: string}
	| {readonly ends_with: string}
	| {readonly contains: string}
	| {readonly regex: string}
	| {readonly or: readonly Match[]}
	| {readonly and: readonly Match[]};

interface Tiered {
	readonly base: number;
	readonly tiers: readonly {readonly start: number; readonly price: number}[];
}

export type Rate = number | Tiered;

export interface ModelPrices {
	readonly input_mtok?: Rate;
	readonly output_mtok?: Rate;
	readonly cache_read_mtok?: Rate;
	readonly cache_write_mtok?: Rate;
}

interface Dated {
	readonly constraint?: {readonly type: string; readonly start_date?: string};
	readonly prices: ModelPrices;
}

export interface PricedModel {
	readonly id: string;
	readonly match: Match;
	readonly contextWindow?: number;
	readonly prices: ModelPrices | readonly Dated[];
}

export interface PriceTable {
	readonly source: string;
	readonly version: string;
	/** The day its prices are as of (YYYY-MM-DD). */
	readonly date: string;
	readonly providers: readonly {readonly id: string; readonly models: readonly PricedModel[]}[];
}

/** The bundled table. */
export const PRICE_TABLE = DATA as unknown as PriceTable;

function matches(match: Match, id: string): boolean {
	if ('equals' in match) {
		return id === match.equals;
	}
	if ('starts_with' in match) {
		return id.startsWith(match.starts_with);
	}
	if ('ends_with' in match) {
		return id.endsWith(match.ends_with);
	}
	if ('contains' in match) {
		return id.includes(match.contains);
	}
	if ('regex' in match) {
		try {
			return new RegExp(match.regex, 'u').test(id);
		} catch {
			return false;
		}
	}
	if ('or' in match) {
		return match.or.some(m => matches(m, id));
	}
	return match.and.every(m => matches(m, id));
}

/** The provider whose table is searched first for a model id: its own maker's, where the id names it. */
function firstProvider(id: string): string {
	return id.includes('claude') ? 'anthropic' : id.includes('gemini') ? 'google' : 'openai';
}

/**
 * The model a model id is priced as: searched first in its maker's table (Claude models in
 * Anthropic's, Gemini models in Google's, others in OpenAI's), then in the others in table order
 * (OpenRouter's holds only `qwen/…` ids, matched whole).
 */
export function pricedModel(modelId: string, table: PriceTable = PRICE_TABLE): PricedModel | undefined {
	const id = modelId.trim().toLowerCase();
	if (id === '' || id.startsWith('<')) {
		// `<synthetic>`: a message Claude Code made itself, no model ran.
		return undefined;
	}
	const first = firstProvider(id);
	const found = table.providers.find(p => p.id === first)?.models.find(m => matches(m.match, id));
	if (found !== undefined) {
		return found;
	}
	for (const provider of table.providers) {
		if (provider.id === first) {
			continue;
		}
		const other = provider.models.find(m => matches(m.match, id));
		if (other !== undefined) {
			return other;
		}
	}
	return undefined;
}

/** The prices in force at `atMs`: the latest dated set that has started, else the undated one. */
export function pricesAt(model: PricedModel, atMs: number): ModelPrices {
	if (!Array.isArray(model.prices)) {
		return model.prices as ModelPrices;
	}
	const sets = model.prices as readonly Dated[];
	let chosen: ModelPrices | undefined;
	for (const set of sets) {
		const start = set.constraint?.start_date === undefined ? Number.NEGATIVE_INFINITY : Date.parse(set.constraint.start_date);
		if (start <= atMs) {
			chosen = set.prices;
		}
	}
	return chosen ?? sets[0]!.prices;
}

function rate(r: Rate | undefined, requestInput: number): number | undefined {
	if (r === undefined || typeof r === 'number') {
		return r;
	}
	let price = r.base;
	for (const tier of r.tiers) {
		if (requestInput > tier.start) {
			price = tier.price;
		}
	}
	return price;
}

/**
 * One request's price in dollars; undefined when the model is unknown or has no price for a part
 * it used (never $0 for what cannot be priced). The tier is chosen by the request's whole input
 * (cached parts included), as Anthropic bills a long-context request.
 */
export function requestPrice(modelId: string, usage: PriceUsage, atMs: number, table: PriceTable = PRICE_TABLE): number | undefined {
	const model = pricedModel(modelId, table);
	return model === undefined ? undefined : pricesPrice(pricesAt(model, atMs), usage);
}

/** One request's price at these prices (see requestPrice). */
export function pricesPrice(prices: ModelPrices, usage: PriceUsage): number | undefined {
	// Runs once per response of every transcript read: no arrays made here.
	const whole = usage.input + usage.cacheRead + usage.cacheWrite;
	const usd =
		part(usage.input, prices.input_mtok, whole) +
		part(usage.output, prices.output_mtok, whole) +
		part(usage.cacheRead, prices.cache_read_mtok ?? prices.input_mtok, whole) +
		part(usage.cacheWrite, prices.cache_write_mtok ?? prices.input_mtok, whole);
	return Number.isNaN(usd) ? undefined : usd;
}

/** Dollars for some tokens at a rate: 0 for none, NaN when tokens have no price. */
function part(tokens: number, r: Rate | undefined, whole: number): number {
	if (tokens === 0) {
		return 0;
	}
	const perMillion = rate(r, whole);
	return perMillion === undefined ? Number.NaN : (tokens * perMillion) / 1_000_000;
}

/** The model's context window in tokens, when the table knows it. */
export function contextWindow(modelId: string, table: PriceTable = PRICE_TABLE): number | undefined {
	return pricedModel(modelId, table)?.contextWindow;
}

/** Model ids looked up per pricer: a session names a handful; a hostile transcript may name many. */
const MAX_REMEMBERED_MODELS = 1000;

/**
 * A table as a Pricer. Each model id is matched against the table once (a transcript names the
 * same few models in thousands of responses).
 */
export function tablePricer(table: PriceTable = PRICE_TABLE): Pricer {
	const known = new Map<string, PricedModel | null>();
	// A transcript names one model response after response.
	let lastId: string | undefined;
	let last: PricedModel | undefined;
	const lookup = (modelId: string): PricedModel | undefined => {
		if (modelId === lastId) {
			return last;
		}
		let model = known.get(modelId);
		if (model === undefined) {
			model = pricedModel(modelId, table) ?? null;
			if (known.size < MAX_REMEMBERED_MODELS) {
				known.set(modelId, model);
			}
		}
		lastId = modelId;
		last = model ?? undefined;
		return last;
	};
	return {
		asOf: table.date,
		key: `${table.source}@${table.version}`,
		price(modelId, usage, atMs) {
			const model = lookup(modelId);
			return model === undefined ? undefined : pricesPrice(pricesAt(model, atMs), usage);
		},
		contextWindow: modelId => lookup(modelId)?.contextWindow,
	};
}

/** The bundled list prices. */
export const LIST_PRICES: Pricer = /* @__PURE__ */ tablePricer();
