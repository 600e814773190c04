import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {BINDINGS} from '../../../src/tui/model/keymap.js';
import {bodyHeight, bodyLayout, CARD_HEIGHT, FOOTER_LINES, HEADER_LINES, paneSize, visibleCount} from '../../../src/tui/model/layout.js';
import {MARKDOWN_PENDING} from '../../../src/tui/model/detail-lines.js';
import {buildScreen, wrapParagraphs, type Body, type RenderedMessage, type ScreenInput, type ScreenModel} from '../../../src/tui/model/screen-model.js';
import {shortLine} from '../../../src/tui/model/screen-texts.js';
import {initialUiModel, reconcileSelection, type UiModel} from '../../../src/tui/model/ui-state.js';
import {fitHints} from '../../../src/tui/model/footer.js';
import type {ViewOptions} from '../../../src/core/monitor/view.js';
import {GLYPH, SYMBOLS} from '../../../src/present/present.js';
import {buildMonitorModel, type MonitorModel, type TranscriptFacts} from '../../../src/core/monitor/model.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';
import {hugeText} from '../../helpers/huge-text.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';

const NOW = ms(1000);
const SESSION = 'abcdef12-3456-4789-9abc-def012345678';
const ACTIVITY = '/home/me/.claude/agent-activity';

const width = (text: string): number => [...text].length;

/** `n` agents of distinct types (so none is a ghost), started 10 s apart, newest last. */
function agents(n: number): AgentRecord[] {
	return Array.from({length: n}, (_, i) =>
		agent(`agent-${String(i).padStart(2, '0')}`, {
			type: `worker-${i}`,
			start: 800 + i * 10,
			...(i % 3 === 0 ? {stop: 900 + i} : {}),
			...(i % 3 === 1 ? {status: 'idle' as const} : {}),
			extra: {lastMessage: `Agent ${i} says: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 4))}`},
		}),
	);
}

const viewOptions = (ui: UiModel): Omit<ViewOptions, 'now'> => ({staleMs: 300_000, dedup: true, showGhosts: ui.showGhosts, showAll: ui.showAll});

interface Case {
	readonly records?: readonly AgentRecord[];
	readonly columns?: number;
	readonly rows?: number;
	readonly ui?: Partial<UiModel>;
	/** Select this agent (by index in the view) once reconciled. */
	readonly select?: number;
	readonly input?: Partial<ScreenInput>;
	readonly transcripts?: ReadonlyMap<string, TranscriptFacts>;
}

/** A screen as the App builds it: view from records, ui reconciled with the view's ids. */
function screen(c: Case = {}): {model: ScreenModel; view: MonitorModel; ui: UiModel; input: ScreenInput} {
	let ui: UiModel = {...initialUiModel(), ...c.ui};
	const view = buildMonitorModel({agents: c.records ?? [], transcripts: c.transcripts ?? new Map(), now: NOW, options: viewOptions(ui)});
	const ids = view.items.map(i => i.agent.agentId);
	ui = reconcileSelection(ui, ids);
	if (c.select !== undefined) {
		ui = {...ui, selectedId: ids[c.select], selectedIndex: c.select};
	}
	const input: ScreenInput = {
		size: paneSize(c.columns ?? 80, c.rows ?? 24),
		activity: ACTIVITY,
		activityExists: true,
		sessionId: SESSION,
		following: true,
		view,
		warnings: 0,
		ui,
		now: NOW,
		keyboard: true,
		time: iso => iso.slice(11, 19),
		markdown: () => undefined,
		...c.input,
	};
	return {model: buildScreen(input), view, ui, input};
}

/** Lines the body takes on screen (a strip is one row of cards). */
function bodyLines(body: Body): number {
	switch (body.kind) {
		case 'list':
			return body.rows.length;
		case 'strip':
			return body.cards.length > 0 ? CARD_HEIGHT : 0;
		case 'collapsed':
			return 0;
		case 'timeline':
			return body.rows.length + 2;
		default:
			return body.lines.length;
	}
}

function shownIds(body: Body): string[] {
	if (body.kind === 'list') {
		return body.rows.map(r => r.id);
	}
	if (body.kind === 'strip') {
		return body.cards.map(c => c.id);
	}
	return [];
}

const SIZES: ReadonlyArray<readonly [number, number]> = [
	[40, 10],
	[80, 24],
	[60, 50],
	[220, 12],
];
const COUNTS = [0, 3, 12] as const;

describe('buildScreen fits every pane', () => {
	for (const [columns, rows] of SIZES) {
		for (const count of COUNTS) {
			it(`${columns}×${rows} with ${count} agents`, () => {
				const records = agents(count);
				const base = screen({records, columns, rows});
				const n = base.view.items.length;
				const layout = bodyLayout(paneSize(columns, rows));
				const selections = n === 0 ? [undefined] : [0, 1, Math.floor(n / 2), n - 2, n - 1].filter(i => i >= 0);
				for (const select of selections) {
					for (const keyboard of [true, false]) {
						const {model, ui} = screen({records, columns, rows, select, input: {keyboard}});
						const where = `selected ${select}, keyboard ${keyboard}`;
						expect(width(model.header), where).toBeLessThanOrEqual(columns);
						expect(width(model.footer), where).toBeLessThanOrEqual(columns);
						expect(model.width).toBe(columns);
						expect(model.bodyHeight).toBe(bodyHeight(paneSize(columns, rows)));
						expect(HEADER_LINES + model.bodyHeight + FOOTER_LINES, where).toBeLessThanOrEqual(rows - 1);
						expect(bodyLines(model.body), where).toBeLessThanOrEqual(model.bodyHeight);
						if (n === 0) {
							expect(model.body.kind).toBe('message');
							continue;
						}
						expect(model.body.kind, where).toBe(layout.mode);
						const ids = shownIds(model.body);
						expect(ids.length, where).toBeLessThanOrEqual(visibleCount(layout));
						expect(ids.length, where).toBe(Math.min(n, visibleCount(layout)));
						// The selected agent is always in the window, marked once.
						expect(ids, where).toContain(ui.selectedId);
						const marked =
							model.body.kind === 'list'
								? model.body.rows.filter(r => r.selected)
								: model.body.kind === 'strip'
									? model.body.cards.filter(c => c.selected)
									: [];
						expect(
							marked.map(r => r.id),
							where,
						).toEqual([ui.selectedId]);
						// The window is a contiguous run of the view, in order.
						const all = base.view.items.map(i => i.agent.agentId);
						const first = all.indexOf(ids[0] ?? '');
						expect(ids, where).toEqual(all.slice(first, first + ids.length));
						if (model.body.kind === 'strip') {
							expect(model.body.cardWidth * model.body.cards.length, where).toBeLessThanOrEqual(columns);
							for (const card of model.body.cards) {
								expect(card.lines.length, where).toBeLessThanOrEqual(CARD_HEIGHT - 4);
								for (const line of card.lines) {
									expect(width(line), where).toBeLessThanOrEqual(model.body.cardWidth - 4);
								}
							}
						}
					}
				}
			});
		}
	}

	it('gives a short wide pane a strip and the others a list', () => {
		const records = agents(3);
		expect(screen({records, columns: 220, rows: 12}).model.body.kind).toBe('strip');
		expect(screen({records, columns: 40, rows: 10}).model.body.kind).toBe('list');
		expect(screen({records, columns: 80, rows: 24}).model.body.kind).toBe('list');
		expect(screen({records, columns: 60, rows: 50}).model.body.kind).toBe('list');
	});

	it('gives the key reducer the ids in screen order and the page size', () => {
		const {model, view} = screen({records: agents(12), columns: 40, rows: 10});
		expect(model.context.ids).toEqual(view.items.map(i => i.agent.agentId));
		expect(model.context.page).toBe(7);
		expect(screen({records: agents(12), columns: 220, rows: 12}).model.context.page).toBe(7);
		expect(screen({records: agents(12), columns: 120, rows: 12}).model.context.page).toBe(4);
	});
});

describe('buildScreen footer', () => {
	it('keeps "? keys" and "q quit" at 80 columns with a window and hidden agents', () => {
		const {footer} = screen({records: agents(12), columns: 80, rows: 10}).model;
		expect(footer).toMatch(/^1–\d of 8 · \+4 older \(a: all\) · /);
		expect(footer).toMatch(/· \? keys · q quit$/);
	});

	it('keeps "q quit" in the narrowest pane', () => {
		expect(screen({records: agents(12), columns: 40, rows: 10}).model.footer).toMatch(/q quit$/);
	});

	it('fitHints drops the least needed hints first and keeps their order', () => {
		const hints = [
			{text: 'a', keep: 5},
			{text: 'bbbb', keep: 0},
			{text: 'c', keep: 9},
		];
		expect(fitHints(hints, 20)).toBe('a · bbbb · c');
		expect(fitHints(hints, 8)).toBe('a · c');
		expect(fitHints(hints, 3)).toBe('c');
		expect(fitHints([{text: 'too long to fit', keep: 1}], 5)).toBe('too…');
	});

	it('says how many older agents the cap hides, and how to see them', () => {
		const {model, view} = screen({records: agents(12), columns: 80, rows: 24});
		expect(view.hiddenByCap).toBe(4);
		expect(model.footer).toContain('+4 older (a: all)');
	});

	it('keeps the hidden count visible in the narrowest pane', () => {
		expect(screen({records: agents(12), columns: 40, rows: 10}).model.footer).toContain('+4 older (a: all)');
	});

	it('says nothing of older agents when none are hidden', () => {
		expect(screen({records: agents(3)}).model.footer).not.toContain('older');
		const all = screen({records: agents(12), ui: {showAll: true}});
		expect(all.view.items).toHaveLength(12);
		expect(all.model.footer).not.toContain('older');
	});

	it('shows which part of the list is in the window when not all fit', () => {
		expect(screen({records: agents(12), columns: 40, rows: 10}).model.footer).toMatch(/^1–7 of 8 · /);
		expect(screen({records: agents(12), columns: 40, rows: 10, select: 7}).model.footer).toMatch(/^2–8 of 8 · /);
		expect(screen({records: agents(12), columns: 120, rows: 12, select: 5}).model.footer).toMatch(/^4–7 of 8 · /);
	});

	it('shows no window indicator when every agent fits', () => {
		expect(screen({records: agents(12), columns: 80, rows: 24}).model.footer).not.toMatch(/\d+–\d+ of \d+/);
		expect(screen({records: agents(3), columns: 40, rows: 10}).model.footer).not.toMatch(/\d+–\d+ of \d+/);
	});

	it('lists the keys in a live screen', () => {
		const {footer} = screen({records: agents(3), columns: 120}).model;
		expect(footer).toContain('Enter open');
		expect(footer).toContain('? keys');
		expect(footer).toContain('q quit');
	});

	it('says the keys are unavailable when stdin is not a terminal', () => {
		const {model} = screen({records: agents(12), input: {keyboard: false}});
		expect(model.footer).toContain('keys unavailable');
		expect(model.footer).toContain('+4 older (a: all)');
		expect(model.footer).not.toContain('Enter open');
		expect(model.fillHeight).toBe(true);
	});

	it('has no key hints in a snapshot, and still says what the cap hides', () => {
		const capped = screen({records: agents(12), input: {snapshot: true, keyboard: false}}).model;
		expect(capped.footer).toBe('+4 older agents not shown (--max, or agentlog ls)');
		expect(capped.fillHeight).toBe(false);
		const plain = screen({records: agents(3), input: {snapshot: true, keyboard: false}}).model;
		expect(plain.footer).toBe('');
		for (const footer of [capped.footer, plain.footer]) {
			expect(footer).not.toMatch(/quit|Enter|keys|a: all/);
		}
	});

	it('tells how to expand a collapsed screen', () => {
		const {model} = screen({records: agents(12), ui: {collapsed: true}});
		expect(model.body.kind).toBe('collapsed');
		expect(model.footer).toContain('c expand');
		expect(model.footer).toContain('+4 older (a: all)');
	});
});

describe('buildScreen waiting screens', () => {
	it('waits for the first subagent when there is no session', () => {
		const {model} = screen({input: {sessionId: undefined, activityExists: false}});
		expect(model.body.kind).toBe('message');
		expect(model.body.kind === 'message' && Array.isArray(model.body.lines)).toBe(true);
		const text = model.body.kind === 'message' ? model.body.lines.join('\n') : '';
		expect(text).toContain('Waiting for the first subagent…');
		expect(text).toContain(`Watching ${ACTIVITY} (not created yet)`);
		expect(text).toContain('agentlog install-hook');
		expect(text).toContain('agentlog demo');
		expect(model.header).toContain('no session yet');
	});

	it('does not say "not created yet" when the activity folder exists', () => {
		const {model} = screen({input: {sessionId: undefined, activityExists: true}});
		const text = model.body.kind === 'message' ? model.body.lines.join('\n') : '';
		expect(text).toContain(`Watching ${ACTIVITY}`);
		expect(text).not.toContain('not created yet');
	});

	it("says Codex CLI's rollouts are read too when there is a Codex folder, and that either tool's subagents appear", () => {
		const waiting = screen({input: {sessionId: undefined, activityExists: true, codexFolder: '/h/.codex/sessions'}}).model;
		const text = waiting.body.kind === 'message' ? waiting.body.lines.join('\n') : '';
		expect(text).toContain("and Codex CLI's rollouts in /h/.codex/sessions (no setup needed)");
		const session = screen({input: {codexFolder: '/h/.codex/sessions'}}).model;
		expect(session.body.kind === 'message' ? session.body.lines.join('\n') : '').toContain('They appear here as Claude Code or Codex CLI starts subagents.');
		const plain = screen({input: {sessionId: undefined, activityExists: true}}).model;
		expect(plain.body.kind === 'message' ? plain.body.lines.join('\n') : '').not.toContain('Codex');
	});

	it('says a session has no agents yet', () => {
		const {model} = screen({});
		const text = model.body.kind === 'message' ? model.body.lines.join('\n') : '';
		expect(text).toContain('No agents in this session yet.');
		expect(text).not.toContain('Waiting for the first subagent');
	});

	it('fits the waiting text in the narrowest pane', () => {
		const {model} = screen({columns: 40, rows: 10, input: {sessionId: undefined, activityExists: false}});
		expect(model.body.kind).toBe('message');
		if (model.body.kind === 'message') {
			expect(model.body.lines.length).toBeLessThanOrEqual(model.bodyHeight);
			for (const line of model.body.lines) {
				expect(width(line)).toBeLessThanOrEqual(40);
			}
		}
	});
});

/** A message rendered to the end, in one piece. */
const rendered = (lines: readonly string[]): RenderedMessage => ({lines, done: 1, pieces: 1, cutAt: undefined});

describe('buildScreen detail pane', () => {
	const message = Array.from({length: 40}, (_, i) => `line ${i + 1}`).join('\n');
	const records = [agent('solo', {type: 'Explore', start: 900, stop: 950, extra: {lastMessage: message}})];
	const markdown = (text: string) => rendered(text.split('\n').map(l => `md:${l}`));
	const detail = (rows: number, detailScroll: number, extra: Partial<ScreenInput> = {}) =>
		screen({records, columns: 80, rows, ui: {focus: 'detail', selectedId: 'solo', detailScroll}, input: {markdown, ...extra}}).model;

	/** Every line of the detail pane, from a pane tall enough to show them all. */
	const allLines = (): readonly string[] => {
		const tall = detail(300, 0);
		return tall.body.kind === 'detail' ? tall.body.lines : [];
	};

	it('shows the fields, a rule and the rendered message', () => {
		const lines = allLines();
		expect(lines[0]).toMatch(/^status\s+○ stopped$/);
		expect(lines.some(l => /^id\s+solo$/.test(l))).toBe(true);
		expect(lines.some(l => /^stopped\s+12:15:50$/.test(l))).toBe(true);
		expect(lines).toContain('─'.repeat(40));
		expect(lines.at(-1)).toBe('md:line 40');
		expect(lines.filter(l => l.startsWith('md:'))).toHaveLength(40);
	});

	it('counts all the lines in context.detailLines, whatever is shown', () => {
		const total = allLines().length;
		expect(total).toBeGreaterThan(40);
		expect(detail(24, 0).context.detailLines).toBe(total);
		expect(detail(24, 7).context.detailLines).toBe(total);
		expect(detail(300, 0).context.detailLines).toBe(total);
		expect(detail(24, 0).context.page).toBe(21);
	});

	it('slices the body by detailScroll, one page tall', () => {
		const all = allLines();
		for (const scroll of [0, 1, 7, 20]) {
			const model = detail(24, scroll);
			expect(model.body.kind).toBe('detail');
			if (model.body.kind === 'detail') {
				expect(model.body.lines).toEqual(all.slice(scroll, scroll + 21));
			}
		}
	});

	it('shows the last page when the scroll is past the end', () => {
		const all = allLines();
		const model = detail(24, 1000);
		expect(model.body.kind === 'detail' && model.body.lines).toEqual(all.slice(all.length - 21));
	});

	it('says which lines are shown in the footer', () => {
		const total = allLines().length;
		expect(detail(24, 0).footer).toContain(`lines 1–21 of ${total}`);
		expect(detail(24, 5).footer).toContain(`lines 6–26 of ${total}`);
		expect(detail(300, 0).footer).toContain(`lines 1–${total} of ${total}`);
	});

	it('gives the footer the lines really shown when the scroll is past the end (after a resize)', () => {
		const total = allLines().length;
		const model = detail(24, total);
		expect(model.footer).toContain(`lines ${total - 20}–${total} of ${total}`);
	});

	it('renders the message as Markdown at the pane width', () => {
		const calls: Array<[string, number]> = [];
		detail(24, 0, {
			markdown: (text, w) => {
				calls.push([text, w]);
				return rendered(['x']);
			},
		});
		expect(calls).toEqual([[message, 80]]);
	});

	it('holds the message (a placeholder, never the raw Markdown) while the Markdown is not ready', () => {
		const model = screen({records, columns: 80, rows: 300, ui: {focus: 'detail', selectedId: 'solo'}}).model;
		const lines = model.body.kind === 'detail' ? model.body.lines : [];
		expect(lines.at(-1)).toBe(MARKDOWN_PENDING);
		expect(lines).not.toContain('line 1');
		expect(lines).not.toContain('line 40');
	});

	it('says when there is no message', () => {
		const running = screen({records: [agent('r', {start: 990})], rows: 100, ui: {focus: 'detail', selectedId: 'r'}}).model;
		expect(running.body.kind === 'detail' && running.body.lines.at(-1)).toBe('(no message yet: it arrives when the agent stops)');
		const stopped = screen({records: [agent('s', {start: 900, stop: 950})], rows: 100, ui: {focus: 'detail', selectedId: 's'}}).model;
		expect(stopped.body.kind === 'detail' && stopped.body.lines.at(-1)).toBe('(no message)');
	});

	it('never draws more lines than the body holds, at any size', () => {
		for (const [columns, rows] of SIZES) {
			const model = screen({records, columns, rows, ui: {focus: 'detail', selectedId: 'solo'}, input: {markdown}}).model;
			expect(model.body.kind).toBe('detail');
			expect(bodyLines(model.body)).toBeLessThanOrEqual(model.bodyHeight);
			expect(width(model.footer)).toBeLessThanOrEqual(columns);
		}
	});

	it('shows the list when the detail agent is gone', () => {
		const model = screen({records: agents(3), ui: {focus: 'detail', selectedId: 'nobody'}}).model;
		expect(model.body.kind).not.toBe('detail');
		expect(model.context.detailLines).toBe(0);
	});
});

describe('buildScreen help', () => {
	it('explains every mark of the header and the list', () => {
		const {model} = screen({records: agents(3), columns: 120, rows: 60, ui: {focus: 'help'}});
		const lines = model.body.kind === 'help' ? model.body.lines : [];
		expect(lines).toContain('Symbols');
		for (const glyph of [...Object.values(GLYPH), '⟳', '⚠', '└', '3└', '[codex]']) {
			expect(
				lines.some(l => l.startsWith(glyph) && SYMBOLS.some(([mark, meaning]) => l.startsWith(mark) && l.endsWith(meaning))),
				glyph,
			).toBe(true);
		}
	});

	it('lists every binding with its keys and what it does', () => {
		const {model} = screen({records: agents(3), columns: 120, rows: 60, ui: {focus: 'help'}});
		expect(model.body.kind).toBe('help');
		const lines = model.body.kind === 'help' ? model.body.lines : [];
		for (const binding of BINDINGS) {
			expect(
				lines.some(l => l.startsWith(binding.label) && l.endsWith(binding.help)),
				binding.label,
			).toBe(true);
		}
		expect(model.footer).toContain('Esc or ? closes this help');
	});

	it('fits an 80×24 pane', () => {
		const {model} = screen({records: agents(3), columns: 80, rows: 24, ui: {focus: 'help'}});
		// The help pane is shown, with lines: a loop over nothing would pass whatever was drawn.
		expect(model.body.kind).toBe('help');
		const lines = model.body.kind === 'help' ? model.body.lines : [];
		expect(lines.length).toBeGreaterThan(5);
		expect(lines.length).toBeLessThanOrEqual(model.bodyHeight);
		for (const line of lines) {
			expect(width(line)).toBeLessThanOrEqual(80);
		}
	});

	it('never draws wider than a 40-column pane', () => {
		const {model} = screen({records: agents(3), columns: 40, rows: 10, ui: {focus: 'help'}});
		expect(model.body.kind).toBe('help');
		const lines = model.body.kind === 'help' ? model.body.lines : [];
		expect(lines.length).toBeGreaterThan(0);
		for (const line of [...lines, model.header, model.footer]) {
			expect(width(line)).toBeLessThanOrEqual(40);
		}
	});
});

describe('the footer in a 40×10 pane', () => {
	it("says the timeline's order (key o) as the list does, and keeps the kept filter", () => {
		for (const timeline of [false, true]) {
			const {model} = screen({records: agents(12), columns: 40, rows: 10, ui: {timeline, sort: 'activity'}});
			expect(model.body.kind, `timeline ${timeline}`).toBe(timeline ? 'timeline' : 'list');
			expect(model.footer, `timeline ${timeline}`).toMatch(/o(rder)?: last activity/u);
			expect(width(model.footer)).toBeLessThanOrEqual(40);
		}
		const wide = screen({records: agents(12), columns: 200, rows: 50, ui: {timeline: true, sort: 'activity'}}).model.footer;
		expect(wide).toContain('order: last activity (o)');
		expect(wide).toContain('ms/col');
	});

	it('keeps both a kept filter and the order, shorter', () => {
		const filter = {text: 'review', editing: false, matched: 8, total: 12};
		const {model} = screen({records: agents(12), columns: 40, rows: 10, ui: {timeline: true, sort: 'activity'}, input: {filter}});
		expect(model.footer).toBe('/review · o: last activity · q quit');
	});

	it('says the help scrolls, and how to close it, and no Esc of the list under it', () => {
		const filter = {text: 'review', editing: false, matched: 8, total: 12};
		for (const columns of [40, 200]) {
			const {model} = screen({records: agents(3), columns, rows: 10, ui: {focus: 'help', sort: 'activity'}, input: {filter}});
			expect(model.footer).not.toContain('Esc clears');
			expect(model.footer).not.toContain('order');
		}
	});

	it('says the help scrolls, and how to close it', () => {
		const {model} = screen({records: agents(3), columns: 40, rows: 10, ui: {focus: 'help'}});
		expect(model.footer).toContain('↑↓ scroll');
		expect(model.footer).toContain('Esc close');
		expect(width(model.footer)).toBeLessThanOrEqual(40);
	});
});

describe('buildScreen rows', () => {
	it('marks stale agents and ghosts in the list line', () => {
		const records = [
			agent('old', {type: 'worker', start: 900, stop: 950}),
			agent('copy', {type: 'worker', start: 960, stop: 961}),
			agent('quiet', {type: 'reviewer', start: 600}),
		];
		const {model} = screen({records, columns: 120, ui: {showGhosts: true}});
		const rows = model.body.kind === 'list' ? model.body.rows : [];
		const copy = rows.find(r => r.id === 'copy');
		const quiet = rows.find(r => r.id === 'quiet');
		expect(copy?.dim).toBe(true);
		expect(copy?.message).toMatch(/^stopped · ghost · /);
		expect(quiet?.shown).toBe('stale');
		expect(quiet?.message).toMatch(/^stale · silent 6m · /);
		expect(rows.find(r => r.id === 'old')?.dim).toBe(false);
		expect(model.header).toContain('1 ghost shown');
	});

	it('says hidden ghosts are hidden', () => {
		const records = [agent('old', {type: 'worker', start: 900, stop: 950}), agent('copy', {type: 'worker', start: 960, stop: 961})];
		const {model} = screen({records, columns: 120});
		expect(model.body.kind === 'list' && model.body.rows.map(r => r.id)).toEqual(['old']);
		expect(model.header).toContain('1 ghost hidden');
	});

	it('puts the status label on each card of a strip', () => {
		const {model} = screen({records: agents(3), columns: 220, rows: 12});
		expect(model.body.kind).toBe('strip');
		if (model.body.kind === 'strip') {
			expect(model.body.cards.map(c => c.label)).toEqual(['active', 'idle', 'stopped']);
			expect(model.body.cards[0]?.lines.join(' ')).toMatch(/^Agent 2 says/);
		}
	});

	it('counts warnings in the header', () => {
		expect(screen({records: agents(3), columns: 120, input: {warnings: 2}}).model.header).toContain('⚠ 2 unreadable files');
		expect(screen({records: agents(3), columns: 40, input: {warnings: 2}}).model.header).toContain('⚠2');
	});
});

describe('wrapParagraphs', () => {
	it('keeps blank lines between paragraphs and wraps each one', () => {
		expect(wrapParagraphs('one two three\n\nfour', 8)).toEqual(['one two', 'three', '', 'four']);
	});

	it('never drops words', () => {
		const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu';
		expect(wrapParagraphs(text, 12).join(' ')).toBe(text);
	});
});

describe('buildScreen with a huge last message', () => {
	const MB20 = 20 * 1024 * 1024;
	const withHuge = (text: string) => [...agents(2), agent('huge', {type: 'Talker', start: 990, stop: 995, extra: {lastMessage: text}})];

	it('draws the list, the strip and the detail pane from the start of the message only', () => {
		const huge = hugeText(MB20);
		const records = withHuge(huge.text);
		const list = screen({records, columns: 100, rows: 30}).model;
		expect(list.body.kind === 'list' && list.body.rows[0]?.message).toBe('Found routes in src/routes and more words here.');
		const strip = screen({records, columns: 120, rows: 12}).model;
		expect(strip.body.kind === 'strip' && strip.body.cards[0]?.lines).toEqual(['Found routes in src/routes', 'and more words here.']);
		const detail = screen({records, columns: 80, rows: 30, ui: {focus: 'detail', selectedId: 'huge'}}).model;
		const lines = detail.body.kind === 'detail' ? detail.body.lines : [];
		// The Markdown not rendered yet: said, and none of it shown raw.
		expect(lines.at(-1)).toBe('rendering…');
		expect(lines.join('\n')).not.toContain('**routes**');
		expect(huge.read()).toBeLessThan(256 * 1024);
	});

	it('reads nothing of the message again on a clock tick', () => {
		const huge = hugeText(MB20);
		const records = withHuge(huge.text);
		screen({records, columns: 100, rows: 30});
		const read = huge.read();
		screen({records, columns: 100, rows: 30, input: {now: NOW + 1000}});
		screen({records, columns: 120, rows: 12, input: {now: NOW + 2000}});
		expect(huge.read()).toBe(read);
	});

	it('says rendering goes on, and where a message too long to render is cut', () => {
		const records = [agent('solo', {type: 'Explore', start: 900, stop: 950, extra: {lastMessage: 'x'.repeat(3_000_000)}})];
		const partial: RenderedMessage = {lines: ['first piece'], done: 3, pieces: 40, cutAt: 1_048_576};
		const model = screen({records, columns: 80, rows: 300, ui: {focus: 'detail', selectedId: 'solo'}, input: {markdown: () => partial}}).model;
		const lines = model.body.kind === 'detail' ? model.body.lines : [];
		expect(lines).toContain('first piece');
		expect(lines).toContain('rendering 3/40…');
		expect(model.footer).toMatch(/^rendering 3\/40… · ↑↓ scroll/);
		// Said at the top and after the rendered part.
		expect(lines.join(' ').split('message cut at 1.0M of 3.0M characters for display; full text: agentlog ls --json')).toHaveLength(3);
		const done = screen({records, columns: 80, rows: 300, ui: {focus: 'detail', selectedId: 'solo'}, input: {markdown: () => ({...partial, done: 40})}}).model;
		expect(done.body.kind === 'detail' && done.body.lines.some(l => l.startsWith('rendering'))).toBe(false);
		expect(done.footer).not.toContain('rendering');
	});
});

describe('shortLine', () => {
	it('keeps a line a pane can use, and cuts a huge one without breaking a colour code', () => {
		expect(shortLine('short', 80)).toBe('short');
		const huge = `\u001B[33m${'x'.repeat(2_000_000)}\u001B[39m`;
		const cut = shortLine(huge, 80);
		expect(cut.length).toBeLessThan(80 * 8 + 256 + 10);
		expect(cut.startsWith('\u001B[33mxxx')).toBe(true);
		expect(cut.endsWith('\u001B[0m…')).toBe(true);
		// A cut that would fall inside a code ends before it.
		const max = 80 * 8 + 256;
		const inside = `${'y'.repeat(max - 3)}\u001B[38;5;12m${'z'.repeat(5000)}`;
		expect(shortLine(inside, 80)).toBe(`${'y'.repeat(max - 3)}\u001B[0m…`);
	});

	it('draws a rendered line of megabytes cut short', () => {
		const records = [agent('solo', {type: 'Explore', start: 900, stop: 950, extra: {lastMessage: 'code'}})];
		const lines = ['before', 'x'.repeat(3_000_000), 'after'];
		const model = screen({records, columns: 80, rows: 300, ui: {focus: 'detail', selectedId: 'solo'}, input: {markdown: () => rendered(lines)}}).model;
		const shown = model.body.kind === 'detail' ? model.body.lines : [];
		expect(Math.max(...shown.map(l => l.length))).toBeLessThan(1000);
		expect(shown).toContain('after');
	});
});

describe('buildScreen with the monitor model', () => {
	const finished: TranscriptFacts = {
		summary: EMPTY_SUMMARY,
		description: 'Map the API routes',
		descriptionSource: 'parent',
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		endedTurn: true,
		finalReport: 'Perfect! Now I have all the information I need. Let me compile a report:\n\n## Summary of findings\n\n- **4** routes',
	};
	const records = [agent('quiet', {type: 'Explore', start: 0})];
	const transcripts = new Map([['quiet', finished]]);

	it('says a stop inferred from the transcript, shows its report and never calls it stale', () => {
		const list = screen({records, transcripts, columns: 100, rows: 30}).model;
		const row = list.body.kind === 'list' ? list.body.rows[0] : undefined;
		expect(row?.shown).toBe('stopped');
		expect(row?.message).toBe('stopped (inferred) · Map the API routes · Summary of findings');
		const strip = screen({records, transcripts, columns: 120, rows: 12}).model;
		const card = strip.body.kind === 'strip' ? strip.body.cards[0] : undefined;
		expect(card?.label).toBe('stopped (inferred)');
		expect(card?.lines).toEqual(['Map the API routes', 'Summary of findings']);
		const markdown = (text: string) => ({lines: text.split('\n').map(l => `md:${l}`), done: 1, pieces: 1, cutAt: undefined});
		const detail = screen({records, transcripts, columns: 100, rows: 40, ui: {focus: 'detail', selectedId: 'quiet'}, input: {markdown}}).model;
		const text = detail.body.kind === 'detail' ? detail.body.lines.join('\n') : '';
		expect(text).toContain('no stop event; inferred from its transcript');
		expect(text).toContain('from its transcript (no stop event brought one)');
		expect(text).toContain('md:## Summary of findings');
		expect(text).not.toContain('stale');
	});

	it("keeps a card's lines the same array across a clock tick", () => {
		const stopped = [agent('done', {type: 'Explore', start: 0, stop: 30, extra: {lastMessage: 'All done.'}}), agent('run', {type: 'Plan', start: 990})];
		const first = screen({records: stopped, columns: 120, rows: 12}).model;
		const second = screen({records: stopped, columns: 120, rows: 12, input: {now: NOW + 1000}}).model;
		const lines = (m: ScreenModel) => (m.body.kind === 'strip' ? m.body.cards.find(c => c.id === 'done')?.lines : undefined);
		expect(lines(first)).toEqual(['All done.']);
		expect(lines(second)).toBe(lines(first));
	});
});

describe('buildScreen uses the width a pane has', () => {
	it('at 200 columns a long name and a long summary are whole, not cut at 28 and 60', () => {
		const long = agent('long-1', {
			type: 'a-very-long-agent-type-name-of-forty-chars',
			start: 900,
			stop: 950,
			extra: {lastMessage: `The summary of the work done here, ${'in words that go on '.repeat(5)}end.`},
		});
		const {model} = screen({records: [long], columns: 200, rows: 30});
		expect(model.body.kind).toBe('list');
		const row = model.body.kind === 'list' ? model.body.rows[0]! : undefined;
		expect(model.body.kind === 'list' ? model.body.columns.type : 0).toBeGreaterThanOrEqual(42);
		expect(row?.name).toContain('a-very-long-agent-type-name-of-forty-chars');
		expect(row?.message).toContain('end.');
		// At 80 columns the card's rule holds: cut.
		const narrow = screen({records: [long], columns: 80, rows: 30}).model;
		expect(narrow.body.kind === 'list' ? narrow.body.rows[0]!.message : '').not.toContain('end.');
	});
});
