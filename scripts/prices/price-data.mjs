// The trimmed price tables (see make-price-data.mjs), made from the installed @pydantic/genai-prices.
import {findProvider} from '@pydantic/genai-prices';

/** The providers agentlog prices: Claude Code's and Codex's. */
export const PROVIDERS = ['anthropic', 'openai'];

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
		providers: PROVIDERS.map(id => {
			const provider = findProvider({providerId: id});
			return {
				id,
				models: provider.models.map(m => ({
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
