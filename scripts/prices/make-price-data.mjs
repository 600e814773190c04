#!/usr/bin/env node
// Writes src/core/cost/price-data.json: the Anthropic, OpenAI and Google price tables, and
// OpenRouter's `qwen/…` models (see PROVIDERS in price-data.mjs), of the
// @pydantic/genai-prices package installed (a devDependency), trimmed to what agentlog prices
// (tokens in, out, cache read, cache write; tiers; dated prices; context windows). Run it after
// `npm update @pydantic/genai-prices`; a test fails while the committed file differs from what
// the installed package gives, so the two never drift. Nothing is fetched: the data is the package's.
//
// `--date=YYYY-MM-DD`: the day the prices are as of, which every cost agentlog shows names. Give
// the package version's release day (`npm view @pydantic/genai-prices time`); without it, the
// date already in the file while the version is the same, else today.
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {priceData} from './price-data.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(path.join(path.dirname(require.resolve('@pydantic/genai-prices')), '..', 'package.json'), 'utf8'));
const out = path.join(root, 'src', 'core', 'cost', 'price-data.json');
const given = process.argv.find(arg => arg.startsWith('--date='))?.slice('--date='.length);
if (given !== undefined && !/^\d{4}-\d{2}-\d{2}$/u.test(given)) {
	throw new Error(`--date wants YYYY-MM-DD, not ${given}`);
}
let before;
try {
	before = JSON.parse(readFileSync(out, 'utf8'));
} catch {
	before = undefined;
}
const date = given ?? (before?.version === pkg.version && typeof before.date === 'string' ? before.date : new Date().toISOString().slice(0, 10));
const data = await priceData(pkg.version, date);
writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`);
console.log(
	`wrote ${path.relative(root, out)}: genai-prices ${pkg.version} as of ${date}, ${data.providers.map(p => `${p.id} ${p.models.length} models`).join(', ')}`,
);
