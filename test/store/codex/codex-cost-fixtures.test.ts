// The rollouts the real Codex CLI 0.169.0 wrote (test/fixtures/codex), priced request by request:
// on every thread of every scenario the requests counted add up to Codex's own running total (a
// request Codex reported twice, as the interrupted and killed children's files do, is counted
// once), and `ls`'s reader gives each child that cost.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codexTally} from '../../../src/core/codex/codex-agent.js';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {tallyTotals} from '../../../src/core/transcript/tally.js';
import {readCodexAgents, scanCodexSessions} from '../../../src/store/codex/codex-sessions.js';
import {readRollout} from '../../../src/store/codex/rollouts.js';
import {rolloutFiles, rolloutRequests} from '../../helpers/codex-usage.js';

const base = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'codex');

const scenarios = readdirSync(base, {withFileTypes: true})
	.filter(e => e.isDirectory())
	.map(e => e.name);

describe('Codex 0.169.0 rollouts priced', () => {
	it('every thread: its requests add up to its last total_token_usage, each repeated token_count counted once, each request priced', () => {
		let threads = 0;
		let repeats = 0;
		for (const scenario of scenarios) {
			for (const file of rolloutFiles(path.join(base, scenario, 'sessions'))) {
				const read = readRollout(file, undefined, {pricer: LIST_PRICES});
				if ('problem' in read) {
					throw new Error(read.problem);
				}
				const want = rolloutRequests(file);
				const label = `${scenario} ${path.basename(file)}`;
				const totals = tallyTotals(codexTally(read.thread)!);
				expect(totals.tokens, label).toEqual({
					input: want.total.input_tokens - want.total.cached_input_tokens,
					output: want.total.output_tokens,
					cacheRead: want.total.cached_input_tokens,
					cacheCreation: 0,
				});
				expect(totals.tokens.input + totals.tokens.output + totals.tokens.cacheRead, label).toBe(want.total.total_tokens);
				expect(totals.tokens.input + totals.tokens.output + totals.tokens.cacheRead, label).toBe(read.thread.totalTokens);
				expect(totals.responses, label).toBe(want.requests);
				expect(totals.cost, label).toEqual({usd: expect.closeTo(want.usd, 12) as number, priced: want.requests - want.unpriced, unpriced: want.unpriced});
				threads += 1;
				repeats += want.repeated;
			}
		}
		expect(threads).toBe(16);
		// The interrupted, interrupted-v2 and killed-v1 children each report their one request twice.
		expect(repeats).toBe(3);
	});

	it("ls's reader: each child's cost at list prices, gpt-6.1-sol (not in the table) unpriced, never $0", () => {
		const costs = new Map<string, {usd: number; priced: number; unpriced: number}>();
		for (const scenario of scenarios) {
			const scan = scanCodexSessions({codexHome: path.join(base, scenario)});
			const {transcripts} = readCodexAgents(scan.sessions[0]!, [], LIST_PRICES);
			for (const [id, facts] of transcripts) {
				expect(facts.summary.pricer, id).toBe(LIST_PRICES);
				const [usage] = [...facts.summary.usage.values()];
				costs.set(`${scenario} ${id}`, usage!.cost);
			}
		}
		const all = [...costs.values()];
		expect(all.length).toBe(9);
		expect(all.filter(c => c.priced > 0 && c.unpriced === 0 && c.usd > 0)).toHaveLength(8);
		const sol = [...costs].filter(([key]) => key.startsWith('v2-code-mode ')).map(([, c]) => c);
		expect(sol).toEqual([{usd: 0, priced: 0, unpriced: 2}]);
	});
});
