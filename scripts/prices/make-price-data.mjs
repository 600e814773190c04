#!/usr/bin/env node
// Writes src/core/cost/price-data.json: the Anthropic and OpenAI price tables of the
// @pydantic/genai-prices package installed (a devDependency), trimmed to what agentlog prices
// (tokens in, out, cache read, cache write; tiers; dated prices; context windows). Run it after
// `npm update @pydantic/genai-prices`; a test fails while the committed file differs from what
// the installed package gives, so the two never drift. Nothing is fetched: the data is the package's.
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {priceData} from './price-data.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(path.join(path.dirname(require.resolve('@pydantic/genai-prices')), '..', 'package.json'), 'utf8'));
const data = await priceData(pkg.version);
const out = path.join(root, 'src', 'core', 'cost', 'price-data.json');
writeFileSync(out, `${JSON.stringify(data, null, '\t')}\n`);
console.log(`wrote ${path.relative(root, out)}: genai-prices ${pkg.version}, ${data.providers.map(p => `${p.id} ${p.models.length} models`).join(', ')}`);
