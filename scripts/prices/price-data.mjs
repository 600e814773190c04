// The trimmed price tables (see make-price-data.mjs), made from the installed @pydantic/genai-prices.
import {findProvider} from '@pydantic/genai-prices';

/**
 * The providers agentlog prices: Claude Code's (Anthropic), Codex's (OpenAI), Gemini CLI's
 * (Google's Gemini and Gemma list prices), and, for Qwen Code, OpenRouter's `qwen/…` models only: the
 * package has no Alibaba Cloud (DashScope, Model Studio) table, so a Qwen model is priced only by
 * the id OpenRouter gives it (`qwen/qwen3-coder-plus`, at OpenRouter's price), never by the bare
 * id DashScope or Qwen's own sign-in writes (`qwen3-coder-plus`: unpriced).
 */
export const PROVIDERS = [
	{id: 'anthropic'},
	{id: 'openai'},
	// Google's table also prices Claude on Vertex: Claude ids are Anthropic's table's.
	{id: 'google', only: id => !id.startsWith('claude')},
	{id: 'openrouter', only: id => id.startsWith('qwen/')},
];

/** The price keys agentlog reads (per million tokens). */
const KEYS = ['input_mtok', 'output_mtok', 'cache_read_mtok', 'cache_write_mtok'];

function trimPrices(prices) {
	const out = {};
	for (const key of KEYS) {
		if (prices[key] !== undefined) {
			out[key] = prices[key];
		}
	}
	return out;
}

/** The table of the installed package: `version` is the package's, `date` the day its prices are as of (YYYY-MM-DD). */
export async function priceData(version, date) {
	return {
		source: '@pydantic/genai-prices',
		version,
		date,
		providers: PROVIDERS.map(({id, only}) => {
			const provider = findProvider({providerId: id});
			return {
				id,
				models: provider.models
					.filter(m => only === undefined || only(m.id))
					.map(m => ({
						id: m.id,
						match: m.match,
						...(m.context_window === undefined ? {} : {contextWindow: m.context_window}),
						prices: Array.isArray(m.prices)
							? m.prices.map(c => ({...(c.constraint === undefined ? {} : {constraint: c.constraint}), prices: trimPrices(c.prices)}))
							: trimPrices(m.prices),
					})),
			};
		}),
	};
}
