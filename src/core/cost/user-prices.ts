// The user's prices (`$XDG_CONFIG_HOME/agentlog/prices.json`): per-million-token prices that add
// a model the bundled table lacks (a local or private model) or replace a model's list prices
// (a negotiated rate). The file's shape:
//
//   {"models": {"claude-sonnet-4-5": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75,
//                                     "contextWindow": 200000},
//               "my-local-model": {"input": 0, "output": 0}}}
//
// A key names a model id or its start (`claude-sonnet-4-5` prices `claude-sonnet-4-5-20250929`),
// letters case-blind; the longest key that fits wins, over the bundled table. `input` and `output`
// are required; `cacheRead` and `cacheWrite` default to `input`; a price is a number, or
// `{"base": 3, "tiers": [{"start": 200000, "price": 6}]}` for a long-context tier (a request whose
// whole input is over `start` is priced wholly at `price`). Anything else in the file makes it
// wrong as a whole: it is then left out, and the reason said in one line. Pure: the store reads it.
import {isObject} from '../record/json.js';
import {fail, ok, type Result} from '../result.js';
import type {Pricer} from './cost.js';
import {pricesPrice, type ModelPrices, type Rate} from './price.js';

/** The file is a few lines; more than this is not a prices file. */
export const MAX_USER_PRICES_BYTES = 64 * 1024;
const MAX_MODELS = 500;
const MAX_KEY = 200;
const MAX_TIERS = 8;
/** A price per million tokens above this is a typo (the dearest list price is in the hundreds). */
const MAX_PRICE = 100_000;

export interface UserModelPrices {
	readonly prices: ModelPrices;
	readonly contextWindow?: number;
}

/** Model id (or its start), lower case → its prices. */
export type UserPrices = ReadonlyMap<string, UserModelPrices>;

const FIELDS: Readonly<Record<string, keyof ModelPrices>> = {
	input: 'input_mtok',
	output: 'output_mtok',
	cacheRead: 'cache_read_mtok',
	cacheWrite: 'cache_write_mtok',
};

const isPrice = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_PRICE;

function parseRate(v: unknown, where: string): Result<Rate> {
	if (isPrice(v)) {
		return ok(v);
	}
	if (!isObject(v)) {
		return fail(`${where} is not a price (dollars per million tokens, from 0)`);
	}
	const extra = Object.keys(v).find(k => k !== 'base' && k !== 'tiers');
	if (extra !== undefined || !isPrice(v.base) || !Array.isArray(v.tiers) || v.tiers.length > MAX_TIERS) {
		return fail(`${where} is neither a price nor {"base": price, "tiers": [{"start": tokens, "price": price}]}`);
	}
	const tiers: {start: number; price: number}[] = [];
	for (const t of v.tiers as unknown[]) {
		if (!isObject(t) || Object.keys(t).length !== 2 || !Number.isSafeInteger(t.start) || (t.start as number) < 0 || !isPrice(t.price)) {
			return fail(`${where} has a tier that is not {"start": tokens, "price": price}`);
		}
		tiers.push({start: t.start as number, price: t.price});
	}
	tiers.sort((a, b) => a.start - b.start);
	return ok({base: v.base, tiers});
}

function parseModel(key: string, v: unknown): Result<UserModelPrices> {
	const where = `models.${JSON.stringify(key)}`;
	if (!isObject(v)) {
		return fail(`${where} is not an object of prices`);
	}
	const prices: Record<string, Rate> = {};
	let contextWindow: number | undefined;
	for (const [name, value] of Object.entries(v)) {
		if (name === 'contextWindow') {
			if (!Number.isSafeInteger(value) || (value as number) <= 0) {
				return fail(`${where}.contextWindow is not a number of tokens`);
			}
			contextWindow = value as number;
			continue;
		}
		const field = Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
		if (field === undefined) {
			return fail(`${where} has "${name.slice(0, 40)}": the fields are input, output, cacheRead, cacheWrite, contextWindow`);
		}
		const rate = parseRate(value, `${where}.${name}`);
		if (!rate.ok) {
			return rate;
		}
		prices[field] = rate.value;
	}
	if (prices.input_mtok === undefined || prices.output_mtok === undefined) {
		return fail(`${where} needs both input and output`);
	}
	return ok({prices, ...(contextWindow === undefined ? {} : {contextWindow})});
}

/** The user's prices file, parsed and checked as a whole; the error is one line. */
export function parseUserPrices(text: string): Result<UserPrices> {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return fail(`not JSON (${error instanceof Error ? error.message.split('\n')[0]!.slice(0, 120) : 'parse error'})`);
	}
	if (!isObject(json) || !isObject(json.models) || Object.keys(json).some(k => k !== 'models')) {
		return fail('not {"models": {"<model id>": {"input": …, "output": …}}}');
	}
	const entries = Object.entries(json.models);
	if (entries.length > MAX_MODELS) {
		return fail(`more than ${MAX_MODELS} models`);
	}
	const out = new Map<string, UserModelPrices>();
	for (const [key, value] of entries) {
		const id = key.trim().toLowerCase();
		if (id === '' || id.length > MAX_KEY) {
			return fail(`a model id is empty or longer than ${MAX_KEY} characters`);
		}
		const model = parseModel(key, value);
		if (!model.ok) {
			return model;
		}
		out.set(id, model.value);
	}
	return ok(out);
}

/** The longest key that the model id starts with. */
function userModel(user: UserPrices, modelId: string): UserModelPrices | undefined {
	const id = modelId.trim().toLowerCase();
	let best: string | undefined;
	for (const key of user.keys()) {
		if (id.startsWith(key) && (best === undefined || key.length > best.length)) {
			best = key;
		}
	}
	return best === undefined ? undefined : user.get(best);
}

/** `base` with the user's prices over it. `key`: what names the user's file's contents (a hash). */
export function withUserPrices(base: Pricer, user: UserPrices, key: string): Pricer {
	if (user.size === 0) {
		return base;
	}
	const found = new Map<string, UserModelPrices | null>();
	const lookup = (modelId: string): UserModelPrices | undefined => {
		let model = found.get(modelId);
		if (model === undefined) {
			model = userModel(user, modelId) ?? null;
			if (found.size < 1000) {
				found.set(modelId, model);
			}
		}
		return model ?? undefined;
	};
	return {
		asOf: base.asOf,
		key: `${base.key}+user:${key}`,
		price(modelId, usage, atMs) {
			const mine = lookup(modelId);
			return mine === undefined ? base.price(modelId, usage, atMs) : pricesPrice(mine.prices, usage);
		},
		contextWindow: modelId => lookup(modelId)?.contextWindow ?? base.contextWindow(modelId),
	};
}
