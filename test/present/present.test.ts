import {describe, expect, it} from 'vitest';
import {wrapText} from '../../src/core/text/wrap.js';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {
	agentName,
	countsText,
	durationText,
	GLYPH,
	headerText,
	MESSAGE_PREVIEW,
	messagePreview,
	nestedName,
	plainText,
	shownStatus,
	statusLabel,
	type HeaderInfo,
	type Shown,
} from '../../src/present/present.js';
import {activityFields, detailFields} from '../../src/present/detail-fields.js';
import {type AgentView, type ViewOptions} from '../../src/core/monitor/view.js';
import {buildMonitorModel, type MonitorItem} from '../../src/core/monitor/model.js';
import {agent, at, ms} from '../helpers/agent-fixtures.js';
import {hugeText} from '../helpers/huge-text.js';
import {clip, fit, truncate} from '../../src/core/text/cut.js';
import {lsJsonFields} from '../../src/present/json-shapes.js';
import {EMPTY_SUMMARY, emptySummary, foldLines} from '../../src/core/transcript/summary.js';
import {LIST_PRICES} from '../../src/core/cost/price.js';
import {agentActivity} from '../../src/core/transcript/activity.js';
import type {TranscriptFacts} from '../../src/core/monitor/model.js';

const NOW = ms(1000);
const STALE_MS = 300_000;
const options: ViewOptions = {now: NOW, staleMs: STALE_MS, dedup: true, showGhosts: true, showAll: true};

const width = (text: string): number => [...text].length;

/** The view item of one agent, alone in its session. */
function item(record: AgentRecord, now = NOW): MonitorItem {
	const view = buildMonitorModel({agents: [record], transcripts: new Map(), now, options});
	const found = view.items[0];
	if (!found) {
		throw new Error('no item');
	}
	return found;
}

/** A ghost: a second worker that starts 10 s after the first one stopped, with none running. */
function ghostItem(extra: Partial<AgentRecord> = {}): MonitorItem {
	const view = buildMonitorModel({
		transcripts: new Map(),
		now: NOW,
		options,
		agents: [agent('first', {type: 'worker', start: 900, stop: 950}), agent('copy', {type: 'worker', start: 960, stop: 961, extra})],
	});
	const found = view.items.find(i => i.agent.agentId === 'copy');
	if (!found?.ghost) {
		throw new Error('the fixture is not a ghost');
	}
	return found;
}

/** Active, silent since its start 400 s before NOW: stale with the 5-minute rule. */
const staleItem = (extra: Partial<AgentRecord> = {}): MonitorItem => item(agent('s1', {type: 'worker', start: 600, extra}));

const T = (iso: string): string => `<${iso}>`;

describe('glyphs', () => {
	it('gives every shown status its own glyph', () => {
		const statuses: Shown[] = ['active', 'idle', 'stopped', 'stale'];
		const glyphs = statuses.map(s => GLYPH[s]);
		expect(new Set(glyphs).size).toBe(statuses.length);
		for (const glyph of glyphs) {
			expect(width(glyph)).toBe(1);
		}
	});

	it('shows a stale agent with the stale glyph, others with their status', () => {
		expect(shownStatus(staleItem())).toBe('stale');
		expect(shownStatus(item(agent('a', {start: 990})))).toBe('active');
		expect(shownStatus(item(agent('i', {start: 990, status: 'idle'})))).toBe('idle');
		expect(shownStatus(item(agent('s', {start: 900, stop: 950})))).toBe('stopped');
	});
});

describe('statusLabel', () => {
	it('is the status for an ordinary agent', () => {
		expect(statusLabel(item(agent('a', {start: 990})), NOW)).toBe('active');
		expect(statusLabel(item(agent('i', {start: 900, status: 'idle'})), NOW)).toBe('idle');
		expect(statusLabel(item(agent('s', {start: 900, stop: 950})), NOW)).toBe('stopped');
	});

	it('says how long a stale agent has been silent', () => {
		expect(statusLabel(staleItem(), NOW)).toBe('stale · silent 6m');
		// Silence counts from the last sign of life, not from the start.
		expect(statusLabel(item(agent('s2', {start: 0, updated: 640})), NOW)).toBe('stale · silent 6m');
	});

	it('marks a ghost', () => {
		expect(statusLabel(ghostItem(), NOW)).toBe('stopped · ghost');
	});
});

describe('durationText', () => {
	it('shows the duration, live for active agents', () => {
		expect(durationText(item(agent('a', {start: 955})))).toBe('45s');
		expect(durationText(item(agent('s', {start: 800, stop: 985})))).toBe('3m 05s');
	});

	it('runs a stale agent to its last sign of life, not to 0s, and says it ran (its silence is beside it)', () => {
		expect(durationText(item(agent('s', {start: 500, updated: 620})))).toBe('ran 2m 00s');
	});

	it('shows ? when the start was never seen', () => {
		expect(durationText(item(agent('u', {start: 900, extra: {startUnknown: true}})))).toBe('?');
	});
});

describe('plainText', () => {
	it('drops single-character emphasis but keeps snake_case and a lone star', () => {
		expect(plainText('an *important* and _quiet_ note about snake_case_name and 2 * 3')).toBe('an important and quiet note about snake_case_name and 2 * 3');
	});

	it('drops heading marks, bold, code ticks, bullets and quote marks', () => {
		expect(plainText('# Summary\n\n**Done**: fixed `parse()`\n\n- one\n* two\n+ three\n> quoted')).toBe('Summary Done: fixed parse() one two three quoted');
	});

	it('drops numbered list marks and deeper headings', () => {
		expect(plainText('### Steps\n1. first\n2) second')).toBe('Steps first second');
	});

	it('keeps the text of links and drops their targets', () => {
		expect(plainText('see [the docs](https://example.com/a_b) now')).toBe('see the docs now');
	});

	it('drops code fences and keeps the code', () => {
		expect(plainText('Run:\n```bash\nnpm test\n```\nok')).toBe('Run: npm test ok');
	});

	it('folds whitespace into single spaces', () => {
		expect(plainText('  a\n\n\tb   c  ')).toBe('a b c');
	});

	it('keeps ordinary text as it is', () => {
		expect(plainText('All 12 tests pass; 3 files changed (+40 −2).')).toBe('All 12 tests pass; 3 files changed (+40 −2).');
	});
});

describe('messagePreview', () => {
	it('shows a short message whole', () => {
		expect(messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: 'All done.'}})))).toBe('All done.');
	});

	it('cuts a long message to 60 characters + …', () => {
		const long = 'abcdefghij'.repeat(10);
		const preview = messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: long}})));
		expect(MESSAGE_PREVIEW).toBe(60);
		expect(preview).toBe(`${long.slice(0, 60)}…`);
	});

	it('keeps a message of exactly 60 characters whole', () => {
		const exact = 'x'.repeat(60);
		expect(messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: exact}})))).toBe(exact);
	});

	it('never splits an emoji', () => {
		const text = '🙂'.repeat(70);
		const preview = messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: text}})));
		expect(preview).toBe(`${'🙂'.repeat(60)}…`);
	});

	it("is the report's summary line as plain words", () => {
		const md = '**Fixed** the `watch` bug.\n\n- added a test\n- see [PR](https://x.test/1)';
		expect(messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: md}})))).toBe('Fixed the watch bug.');
		const preamble = 'Perfect! Now I have all the information I need. Let me compile a report:\n\n## Summary of findings\n\n- a';
		expect(messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: preamble}})))).toBe('Summary of findings');
	});

	it('counts the 60 characters on the plain words', () => {
		const md = `**${'w'.repeat(59)}**`;
		// 59 plain characters: shown whole, with no markup.
		expect(messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: md}})))).toBe('w'.repeat(59));
	});

	it('says an active agent without a message is working', () => {
		expect(messagePreview(item(agent('a', {start: 990})))).toBe('working…');
		expect(messagePreview(item(agent('a', {start: 990, extra: {lastMessage: '  \n '}})))).toBe('working…');
	});

	it('says an idle agent waits for messages', () => {
		expect(messagePreview(item(agent('i', {start: 990, status: 'idle'})))).toBe('waiting for messages');
	});

	it('says a stopped or stale agent left no message', () => {
		expect(messagePreview(item(agent('s', {start: 900, stop: 950})))).toBe('no message');
		expect(messagePreview(staleItem())).toBe('no message');
	});
});

describe('agentName', () => {
	it('is the type, or a teammate name with its type', () => {
		expect(agentName(item(agent('a', {type: 'Explore', start: 990})))).toBe('Explore');
		expect(agentName(item(agent('a', {type: 'worker', start: 990, extra: {teammateName: 'alice'}})))).toBe('alice (worker)');
		expect(agentName(item(agent('a', {type: 'alice', start: 990, extra: {teammateName: 'alice'}})))).toBe('alice');
		expect(agentName(item(agent('a', {type: '', start: 990, extra: {teammateName: 'bob'}})))).toBe('bob');
	});

	it('is the name the agent was launched with (its .meta.json), with its type: what SendMessage calls it', () => {
		const record = agent('a', {type: 'general-purpose', start: 990});
		const view = buildMonitorModel({
			agents: [record],
			transcripts: new Map<string, TranscriptFacts>([
				['a', {summary: EMPTY_SUMMARY, description: undefined, parentAgentId: undefined, history: undefined, missing: false, meta: {name: 'scout'}}],
			]),
			now: NOW,
			options,
		});
		const named = view.items[0]!;
		expect(named.name).toBe('scout');
		expect(agentName(named)).toBe('scout (general-purpose)');
		expect(lsJsonFields(named).name).toBe('scout');
		expect(lsJsonFields(item(record)).name).toBeNull();
	});

	it('falls back to the short id without a type', () => {
		expect(agentName(item(agent('0123456789abcdef', {type: '', start: 990})))).toBe('01234567');
	});

	it('marks a Codex subagent first, and leaves the mark out of a narrow column (the header marks the session)', () => {
		const codex = item(agent('a', {type: 'explorer', start: 990, extra: {teammateName: 'Erdos', provider: 'codex'}}));
		expect(agentName(codex)).toBe('[codex] Erdos (explorer)');
		expect(agentName(codex, 17)).toBe('[codex] Erdos (explorer)');
		expect(agentName(codex, 14)).toBe('Erdos (explorer)');
		expect(agentName(item(agent('b', {type: 'Explore', start: 990})), 10)).toBe('Explore');
	});

	it('nests an agent under its parent by its depth (the timeline)', () => {
		const child = {...item(agent('c', {type: 'worker', start: 990})), depth: 2};
		expect(nestedName(child)).toBe('  └ worker');
		expect(nestedName(item(agent('p', {type: 'explorer', start: 990})))).toBe('explorer');
	});
});

describe('countsText', () => {
	const counts = {waiting: 0, active: 2, idle: 1, stopped: 5, stale: 0};

	it('writes each status with its glyph', () => {
		expect(countsText(counts)).toBe('● 2 active  ◐ 1 idle  ○ 5 stopped');
		expect(countsText(counts, true)).toBe('●2 ◐1 ○5');
	});

	it('adds stale only when there are stale agents', () => {
		expect(countsText({...counts, stale: 1})).toBe('● 2 active  ◐ 1 idle  ○ 5 stopped  ◌ 1 stale');
		expect(countsText({...counts, stale: 1}, true)).toBe('●2 ◐1 ○5 ◌1');
	});
});

describe('headerText', () => {
	const view = (counts: AgentView['counts'], ghostCount = 0): AgentView => ({items: [], counts, ghostCount, hiddenByCap: 0});
	const SESSION = 'abcdef12-3456-4789-9abc-def012345678';
	const info = (over: Partial<HeaderInfo> = {}): HeaderInfo => ({
		sessionId: SESSION,
		following: true,
		view: view({waiting: 0, active: 2, idle: 1, stopped: 5, stale: 1}, 2),
		showGhosts: false,
		warnings: 1,
		...over,
	});

	it('writes everything in full when it fits', () => {
		expect(headerText(info(), 200)).toBe(
			'agentlog · session abcdef12 (following) · ● 2 active  ◐ 1 idle  ○ 5 stopped  ◌ 1 stale · 2 ghosts hidden · ⚠ 1 unreadable file',
		);
	});

	it('uses singulars and plurals, and says when ghosts are shown', () => {
		const text = headerText(info({view: view({waiting: 0, active: 0, idle: 0, stopped: 1, stale: 0}, 1), warnings: 3, showGhosts: true}), 200);
		expect(text).toContain('1 ghost shown');
		expect(text).toContain('⚠ 3 unreadable files');
	});

	it('leaves out ghosts and warnings when there are none', () => {
		const text = headerText(info({view: view({waiting: 0, active: 1, idle: 0, stopped: 0, stale: 0}), warnings: 0, following: false}), 200);
		expect(text).toBe('agentlog · session abcdef12 · ● 1 active  ◐ 0 idle  ○ 0 stopped');
	});

	it('says when there is no session yet', () => {
		expect(headerText(info({sessionId: undefined, view: view({waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0}), warnings: 0}), 80)).toContain(
			'no session yet',
		);
		expect(headerText(info({sessionId: undefined}), 40)).toContain('no session');
	});

	it('keeps every figure visible at width 40 in the compact form', () => {
		const text = headerText(info(), 40);
		expect(width(text)).toBeLessThanOrEqual(40);
		expect(text).toBe('abcdef12 ⟳ · ●2 ◐1 ○5 ◌1 · 2 ghosts · ⚠1');
		expect(text).not.toContain('…');
	});

	it('keeps every status count visible at width 40 with larger figures', () => {
		const text = headerText(info({view: view({waiting: 0, active: 12, idle: 3, stopped: 25, stale: 4}, 0), warnings: 0}), 40);
		expect(width(text)).toBeLessThanOrEqual(40);
		for (const figure of ['●12', '◐3', '○25', '◌4']) {
			expect(text).toContain(figure);
		}
	});

	it('is never longer than the width', () => {
		const infos = [
			info(),
			info({sessionId: undefined}),
			info({view: view({waiting: 0, active: 123, idle: 45, stopped: 678, stale: 9}, 321), warnings: 999}),
			info({following: false, warnings: 0, view: view({waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0})}),
		];
		for (const i of infos) {
			for (let w = 1; w <= 160; w += 1) {
				expect(width(headerText(i, w)), `width ${w}`).toBeLessThanOrEqual(w);
			}
		}
	});
});

describe('fit', () => {
	it('keeps text that fits and cuts with … otherwise', () => {
		expect(fit('hello world', 11)).toBe('hello world');
		expect(fit('hello world', 8)).toBe('hello w…');
		expect(width(fit('hello world', 8))).toBe(8);
	});

	it('folds whitespace first', () => {
		expect(fit('  a \n b  ', 3)).toBe('a b');
	});
});

describe('detailFields', () => {
	const fields = (i: MonitorItem, sessionId: string | undefined = 'sess-1'): Map<string, string> => new Map(detailFields(i, sessionId, NOW, T));

	it('lists status, type, id, session, duration and the timestamps', () => {
		const f = fields(item(agent('agent-1', {type: 'Explore', start: 900, stop: 950, extra: {lastMessage: 'x'}})));
		expect(f.get('status')).toBe(`${GLYPH.stopped} stopped`);
		expect(f.get('type')).toBe('Explore');
		expect(f.get('id')).toBe('agent-1');
		expect(f.get('session')).toBe('sess-1');
		expect(f.get('duration')).toBe('50s');
		expect(f.get('started')).toBe(`<${at(900)}>`);
		expect(f.get('updated')).toBe(`<${at(950)}>`);
	});

	it('shows the stop time of a stopped agent', () => {
		const f = fields(item(agent('a', {start: 900, stop: 950})));
		expect(f.get('stopped')).toBe(`<${at(950)}>`);
	});

	it('has no stop line for an agent still running', () => {
		expect(fields(item(agent('a', {start: 990}))).has('stopped')).toBe(false);
	});

	it('explains why a stale agent is shown stopped', () => {
		const f = fields(staleItem());
		expect(f.get('status')).toBe(`${GLYPH.stale} stale · silent 6m`);
		expect(f.get('stopped')).toBe('no stop event; silent for 6m 40s, so shown as stopped (stale)');
		expect(f.get('duration')).toBe('0s');
	});

	it('says when the start was never seen', () => {
		const f = fields(item(agent('u', {start: 900, extra: {startUnknown: true}})));
		expect(f.get('duration')).toBe('unknown (its start was never seen)');
		expect(f.get('started')).toBe(`<${at(900)}> (start not seen; first seen then)`);
	});

	it('explains a ghost', () => {
		const f = fields(ghostItem());
		expect(f.get('ghost')).toMatch(/30 s/);
		expect(f.get('status')).toContain('ghost');
	});

	it('shows a teammate name and cwd when known, and the session the file names', () => {
		const f = fields(item(agent('a', {start: 990, extra: {teammateName: 'alice', cwd: '/repo', sessionId: 'own-session'}})));
		expect(f.get('teammate')).toBe('alice');
		expect(f.get('cwd')).toBe('/repo');
		expect(f.get('session')).toBe('own-session');
	});

	it('shows the name an agent was launched with (what SendMessage calls it)', () => {
		expect(fields({...item(agent('a', {start: 990})), name: 'courier'}).get('name')).toBe('courier');
		expect(fields(item(agent('a', {start: 990}))).has('name')).toBe(false);
	});

	it('names the parent and the depth it runs at; a depth without a known parent says so; a top-level agent has no parent line', () => {
		const nested = {...item(agent('inner', {start: 990, extra: {spawnDepth: 3}})), parentAgentId: 'amiddle'};
		expect(fields(nested).get('parent')).toBe('amiddle (it runs at depth 3)');
		expect(fields(item(agent('orphan', {start: 990, extra: {spawnDepth: 2}}))).get('parent')).toBe('an agent not known here (it runs at depth 2)');
		expect(fields(item(agent('top', {start: 990, extra: {spawnDepth: 1}}))).has('parent')).toBe(false);
	});

	it('writes (none) for an empty type and ? for an unknown session', () => {
		const f = new Map(detailFields(item(agent('a', {type: '', start: 990})), undefined, NOW, T));
		expect(f.get('type')).toBe('(none)');
		expect(f.get('session')).toBe('?');
	});
});

describe('huge texts', () => {
	const MB20 = 20 * 1024 * 1024;

	it('previews a 20 MB last message from its start, reading a few KB', () => {
		const huge = hugeText(MB20);
		const preview = messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: huge.text}})));
		expect(preview).toBe('Found routes in src/routes and more words here.');
		expect(huge.read()).toBeLessThan(64 * 1024);
	});

	it('reads a message once per record, not once per frame', () => {
		const huge = hugeText(MB20);
		const record = agent('a', {start: 900, stop: 950, extra: {lastMessage: huge.text}});
		const first = messagePreview(item(record, NOW));
		const read = huge.read();
		// Clock ticks: the same record, a later time.
		expect(messagePreview(item(record, NOW + 1000))).toBe(first);
		expect(messagePreview(item(record, NOW + 2000))).toBe(first);
		expect(huge.read()).toBe(read);
	});

	it('fits, truncates and wraps a huge text reading only its start', () => {
		const huge = hugeText(MB20);
		expect(fit(huge.text, 20)).toBe('Found **routes** in…');
		expect(truncate(huge.text, 10)).toBe('Found **ro…');
		expect(wrapText(huge.text, 20, 2)).toEqual(['Found **routes** in', '`src/routes` and mo…']);
		expect(clip(huge.text, 10)).toBe('Found **r…');
		expect(huge.read()).toBeLessThan(64 * 1024);
	});

	it('reads one huge word only as far as it shows', () => {
		const huge = hugeText(MB20, {pattern: 'x'});
		expect(fit(huge.text, 8)).toBe(`${'x'.repeat(7)}…`);
		expect(wrapText(huge.text, 8, 2)).toEqual([`${'x'.repeat(7)}…`]);
		expect(huge.read()).toBeLessThan(64 * 1024);
	});

	it('marks a text cut after its readable start even when the start folds to little', () => {
		// Mostly whitespace: the start folds to a few words, and more follows.
		const text = `one two${' '.repeat(5000)}three`;
		expect(fit(text, 40)).toBe('one two three');
		expect(wrapText(text, 40, 2)).toEqual(['one two three']);
		expect(truncate(text, 40)).toBe('one two three');
		// The card shows the first line with words, whatever follows the whitespace.
		expect(messagePreview(item(agent('a', {start: 900, stop: 950, extra: {lastMessage: `**a** b${'\n'.repeat(5000)}c`}})))).toBe('a b');
	});
});

describe("an agent's figures in the detail pane and ls --json (one decision with the history)", () => {
	it("the result line gives the transcript's tokens, and Claude Code's totalTokens only as the last request's", () => {
		const record = agent('a1', {
			type: 'Explore',
			start: 990,
			stop: 995,
			extra: {totalTokens: 868, totalToolUseCount: 1, totalDurationMs: 1283, model: 'call-model'},
		});
		const lines = [
			JSON.stringify({
				type: 'assistant',
				timestamp: at(991),
				message: {
					id: 'm1',
					model: 'claude-opus-5-5',
					content: [{type: 'tool_use', id: 't1', name: 'Bash', input: {}}],
					usage: {input_tokens: 3, output_tokens: 30, cache_read_input_tokens: 0, cache_creation_input_tokens: 815},
				},
			}),
			JSON.stringify({
				type: 'assistant',
				timestamp: at(992),
				message: {
					id: 'm2',
					model: 'claude-opus-5-5',
					stop_reason: 'end_turn',
					content: [{type: 'text', text: 'Done.'}],
					usage: {input_tokens: 4, output_tokens: 38, cache_read_input_tokens: 702, cache_creation_input_tokens: 128},
				},
			}),
		];
		const facts: TranscriptFacts = {
			...agentActivity({
				summary: foldLines(emptySummary(LIST_PRICES), lines),
				meta: undefined,
				history: undefined,
				missing: false,
				parent: {description: undefined, taskResult: {status: 'completed', totalTokens: 868, totalToolUseCount: 1, totalDurationMs: 1283, report: undefined}},
			}),
			mtimeMs: ms(995),
		};
		const view = buildMonitorModel({agents: [record], transcripts: new Map([['a1', facts]]), now: NOW, options});
		const shown = view.items[0]!;
		const fields = Object.fromEntries(activityFields(shown));
		expect(fields.result).toBe('completed · 1s · 1.7k tokens · 1 tool call · last request 868 tokens');
		expect(fields.model).toBe('claude-opus-5-5');
		// Resumed, then cut off in its second run (real Claude Code 2.1.328, resume-cut): the one result is the first run's.
		const cut = {...record, resumeCount: 1, resumedAt: at(993), interrupted: true, stopReason: 'session-end:other'};
		const cutView = buildMonitorModel({agents: [cut], transcripts: new Map([['a1', facts]]), now: NOW, options});
		expect(Object.fromEntries(activityFields(cutView.items[0]!)).result).toBe(
			'completed (its run before the resume) · 1s · 1.7k tokens · 1 tool call · last request 868 tokens',
		);
		// Resumed and completed again: its result is the last run's.
		const again = buildMonitorModel({agents: [{...record, resumeCount: 1, resumedAt: at(993)}], transcripts: new Map([['a1', facts]]), now: NOW, options});
		expect(Object.fromEntries(activityFields(again.items[0]!)).result).toBe('completed · 1s · 1.7k tokens · 1 tool call · last request 868 tokens');
		const json = lsJsonFields(shown);
		expect(json).toMatchObject({tokensTotal: 1720, toolCallCount: 1, model: 'claude-opus-5-5', result: {lastRequestTokens: 868, status: 'completed'}});
		expect(json.tokens).toEqual({input: 7, output: 68, cacheRead: 702, cacheCreation: 943});
		// Each response priced on its own at Opus 5.5's list prices ($4 in, $20 out, $0.20 cache read, $5 cache write per million).
		const usd = (3 * 4 + 30 * 20 + 815 * 5 + (4 * 4 + 38 * 20 + 702 * 0.2 + 128 * 5)) / 1e6;
		expect(json.cost).toEqual({usd: Math.round(usd * 1e6) / 1e6, pricesAsOf: LIST_PRICES.asOf, estimated: true, unpricedResponses: 0});
		expect(fields.cost).toBe(`$0.0062 · an estimate at list prices of ${LIST_PRICES.asOf}; subscription plans pay differently`);
		// The last request: 4 + 702 + 128 input tokens of Opus 5.5's 1M window.
		expect(json.contextUsed).toEqual({tokens: 834, window: 1_000_000, percent: 0.1});
		expect(fields.context).toBe('834 of 1.0M tokens (0.1%) in its last request');
	});

	it('a model without a price: `?`, never $0; partly priced when some responses were', () => {
		const record = agent('a1', {type: 'Explore', start: 990, stop: 995});
		const response = (id: string, model: string) =>
			JSON.stringify({
				type: 'assistant',
				timestamp: at(991),
				message: {id, model, content: [{type: 'text', text: 'x'}], usage: {input_tokens: 1000, output_tokens: 10}},
			});
		const shown = (lines: string[]) => {
			const facts: TranscriptFacts = {
				...agentActivity({summary: foldLines(emptySummary(LIST_PRICES), lines), meta: undefined, history: undefined, missing: false, parent: undefined}),
				mtimeMs: ms(995),
			};
			return buildMonitorModel({agents: [record], transcripts: new Map([['a1', facts]]), now: NOW, options}).items[0]!;
		};
		const unknown = shown([response('m1', 'my-local-llama')]);
		expect(lsJsonFields(unknown).cost).toMatchObject({usd: null, unpricedResponses: 1});
		expect(lsJsonFields(unknown).contextUsed).toEqual({tokens: 1000, window: null, percent: null});
		expect(Object.fromEntries(activityFields(unknown)).cost).toMatch(/^\? \(its response is of a model without a price\) · an estimate/u);
		const partly = shown([response('m1', 'my-local-llama'), response('m2', 'claude-haiku-4-5')]);
		expect(lsJsonFields(partly).cost).toMatchObject({usd: 0.00105, unpricedResponses: 1});
		expect(Object.fromEntries(activityFields(partly)).cost).toMatch(/^≥\$0\.0011 \(partly priced: 1 response of a model without a price left out\)/u);
	});
});
