import {describe, expect, it} from 'vitest';
import type {Action} from '../../../src/tui/model/keymap.js';
import {FILTER_MAX, initialUiModel, reconcileSelection, uiReducer, type UiContext, type UiModel} from '../../../src/tui/model/ui-state.js';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] as const;

function ctx(ids: readonly string[] = IDS, page = 3, detailLines = 0): UiContext {
	return {ids, page, detailLines};
}

const key = (model: UiModel, action: Action, context: UiContext = ctx()): UiModel => uiReducer(model, {type: 'key', action, context});

const reconcile = (model: UiModel, ids: readonly string[]): UiModel => uiReducer(model, {type: 'reconcile', ids});

/** A list model with `id` selected (as the screen would after reconciling). */
function selected(id: string, ids: readonly string[] = IDS, extra: Partial<UiModel> = {}): UiModel {
	return {...initialUiModel(), selectedId: id, selectedIndex: ids.indexOf(id), ...extra};
}

const MOVE_DOWN: Action = {type: 'move', by: 1};
const MOVE_UP: Action = {type: 'move', by: -1};
const PAGE_DOWN: Action = {type: 'page', by: 1};
const PAGE_UP: Action = {type: 'page', by: -1};
const FIRST: Action = {type: 'edge', to: 'first'};
const LAST: Action = {type: 'edge', to: 'last'};
const OPEN: Action = {type: 'open'};
const CLOSE: Action = {type: 'close'};

describe('initialUiModel', () => {
	it('starts in the list with nothing selected and every toggle off', () => {
		expect(initialUiModel()).toEqual({
			focus: 'list',
			selectedId: undefined,
			selectedIndex: 0,
			collapsed: false,
			bell: false,
			showGhosts: false,
			showAll: false,
			detailScroll: 0,
			quit: false,
			folded: new Set(),
			timeline: false,
			zoom: 0,
			pan: 0,
			filter: '',
			sort: 'started',
			pickerIndex: 0,
		});
	});

	it('t toggles the timeline (from the list only); + - zoom it, < > look back and forth, never past now', () => {
		const ctx = {ids: ['a'], page: 10, detailLines: 0};
		const key = (
			m: ReturnType<typeof initialUiModel>,
			action: Parameters<typeof uiReducer>[1] extends infer E ? (E extends {action: infer A} ? A : never) : never,
		) => uiReducer(m, {type: 'key', action, context: ctx});
		let m = key(initialUiModel(), {type: 'toggle-timeline'});
		expect(m.timeline).toBe(true);
		expect(key(m, {type: 'pan', by: -1})).toBe(m);
		m = key(m, {type: 'zoom', by: 1});
		expect(m.zoom).toBe(1);
		m = key(m, {type: 'pan', by: -1});
		expect(m.pan).toBe(0.5);
		m = key(key(key(m, {type: 'pan', by: -1}), {type: 'pan', by: -1}), {type: 'pan', by: -1});
		// Zoomed to half the span, one span back is the start.
		expect(m.pan).toBe(1);
		m = key(key(key(key(m, {type: 'pan', by: 1}), {type: 'pan', by: 1}), {type: 'pan', by: 1}), {type: 'pan', by: 1});
		expect(m.pan).toBe(0);
		m = key(key(m, {type: 'zoom', by: -1}), {type: 'zoom', by: -1});
		expect(m).toMatchObject({zoom: 0, pan: 0});
		expect(key({...m, focus: 'detail'}, {type: 'toggle-timeline'}).timeline).toBe(true);
		expect(key(m, {type: 'toggle-timeline'}).timeline).toBe(false);
	});

	it('starts collapsed when asked (the state persisted across runs)', () => {
		expect(initialUiModel(true).collapsed).toBe(true);
	});
});

describe('reconcile: selection by id', () => {
	it('selects the first agent once agents appear', () => {
		const m = reconcile(initialUiModel(), ['x', 'y']);
		expect(m.selectedId).toBe('x');
		expect(m.selectedIndex).toBe(0);
	});

	it('keeps the selected agent when the list reorders', () => {
		const m = reconcile(selected('c'), ['j', 'c', 'a', 'b']);
		expect(m.selectedId).toBe('c');
		expect(m.selectedIndex).toBe(1);
	});

	it('keeps the selected agent when new agents are added in front (newest first)', () => {
		const before = reconcile(initialUiModel(), ['b', 'a']);
		const moved = key(before, MOVE_DOWN, ctx(['b', 'a']));
		expect(moved.selectedId).toBe('a');
		const after = reconcile(moved, ['new2', 'new1', 'b', 'a']);
		expect(after.selectedId).toBe('a');
		expect(after.selectedIndex).toBe(3);
	});

	it('picks the neighbour at the old index when the selected agent disappears', () => {
		const m = reconcile(selected('c'), ['a', 'b', 'd', 'e']);
		expect(m.selectedId).toBe('d');
		expect(m.selectedIndex).toBe(2);
	});

	it('clamps to the new last agent when the last one disappears', () => {
		const m = reconcile(selected('e', ['a', 'b', 'c', 'd', 'e']), ['a', 'b', 'c']);
		expect(m.selectedId).toBe('c');
		expect(m.selectedIndex).toBe(2);
	});

	it('selects nothing when the list empties, and the first agent when it fills again', () => {
		const empty = reconcile(selected('c'), []);
		expect(empty.selectedId).toBeUndefined();
		expect(empty.selectedIndex).toBe(0);
		const again = reconcile(empty, ['p', 'q']);
		expect(again.selectedId).toBe('p');
	});

	it('returns the same object when nothing changes', () => {
		const m = selected('c');
		expect(reconcile(m, IDS)).toBe(m);
		expect(reconcileSelection(m, [...IDS])).toBe(m);
		const empty = initialUiModel();
		expect(reconcile(empty, [])).toBe(empty);
	});

	it('updates only the index when the agent moved', () => {
		const m = selected('c');
		const r = reconcile(m, ['c', 'a', 'b']);
		expect(r).not.toBe(m);
		expect(r).toEqual({...m, selectedIndex: 0});
	});

	it('closes a detail pane whose agent vanished', () => {
		const open = key(selected('c'), OPEN);
		expect(open.focus).toBe('detail');
		const r = reconcile({...open, detailScroll: 4}, ['a', 'b', 'd']);
		expect(r.focus).toBe('list');
		expect(r.detailScroll).toBe(0);
		expect(r.selectedId).toBe('d');
	});

	it('closes a detail pane when the list empties', () => {
		const open = key(selected('c'), OPEN);
		const r = reconcile(open, []);
		expect(r.focus).toBe('list');
		expect(r.selectedId).toBeUndefined();
	});

	it('keeps a detail pane open (and its scroll) while its agent stays', () => {
		const open = {...key(selected('c'), OPEN), detailScroll: 5};
		const r = reconcile(open, ['z', 'c']);
		expect(r.focus).toBe('detail');
		expect(r.detailScroll).toBe(5);
		expect(r.selectedId).toBe('c');
	});

	it('leaves the help open when agents come and go', () => {
		const help = {...selected('c'), focus: 'help' as const};
		expect(reconcile(help, ['a', 'b']).focus).toBe('help');
	});
});

describe('keys in the list', () => {
	it('moves down and up by one', () => {
		const m = selected('c');
		expect(key(m, MOVE_DOWN).selectedId).toBe('d');
		expect(key(m, MOVE_UP).selectedId).toBe('b');
		expect(key(key(m, MOVE_DOWN), MOVE_DOWN).selectedIndex).toBe(4);
	});

	it('stops at both ends, returning the same object', () => {
		const first = selected('a');
		expect(key(first, MOVE_UP)).toBe(first);
		const last = selected('j');
		expect(key(last, MOVE_DOWN)).toBe(last);
	});

	it('moves by the page size and clamps at the ends', () => {
		const m = selected('b');
		expect(key(m, PAGE_DOWN, ctx(IDS, 3)).selectedId).toBe('e');
		expect(key(m, PAGE_DOWN, ctx(IDS, 20)).selectedId).toBe('j');
		expect(key(selected('h'), PAGE_UP, ctx(IDS, 3)).selectedId).toBe('e');
		expect(key(m, PAGE_UP, ctx(IDS, 3)).selectedId).toBe('a');
	});

	it('moves by at least one on a page of 0', () => {
		expect(key(selected('b'), PAGE_DOWN, ctx(IDS, 0)).selectedId).toBe('c');
	});

	it('jumps to the first and last agent', () => {
		const m = selected('d');
		expect(key(m, FIRST).selectedId).toBe('a');
		expect(key(m, LAST).selectedId).toBe('j');
		expect(key(m, LAST).selectedIndex).toBe(9);
		const first = selected('a');
		expect(key(first, FIRST)).toBe(first);
	});

	it('moves from the selected id, not from a stale index', () => {
		// The list grew in front since the last reconcile: the index says 2, the id sits at 4.
		const m = {...selected('c'), selectedIndex: 2};
		const ids = ['x', 'y', 'a', 'b', 'c', 'd'];
		expect(key(m, MOVE_DOWN, ctx(ids)).selectedId).toBe('d');
	});

	it('selects the first agent on a move when nothing is selected', () => {
		expect(key(initialUiModel(), MOVE_DOWN).selectedId).toBe('a');
		expect(key(initialUiModel(), MOVE_UP).selectedId).toBe('a');
	});

	it('does nothing to an empty list', () => {
		const m = initialUiModel();
		for (const action of [MOVE_DOWN, MOVE_UP, PAGE_DOWN, PAGE_UP, FIRST, LAST, OPEN, CLOSE]) {
			expect(key(m, action, ctx([])), action.type).toBe(m);
		}
	});

	it('quits on q from anywhere', () => {
		expect(key(selected('a'), {type: 'quit'}).quit).toBe(true);
		expect(key({...selected('a'), focus: 'detail'}, {type: 'quit'}).quit).toBe(true);
		expect(key({...selected('a'), focus: 'help'}, {type: 'quit'}).quit).toBe(true);
		expect(key({...selected('a'), collapsed: true}, {type: 'quit'}).quit).toBe(true);
	});

	it('toggles ghosts and the display cap', () => {
		const m = selected('a');
		const ghosts = key(m, {type: 'toggle-ghosts'});
		expect(ghosts.showGhosts).toBe(true);
		expect(key(ghosts, {type: 'toggle-ghosts'}).showGhosts).toBe(false);
		const all = key(m, {type: 'toggle-all'});
		expect(all.showAll).toBe(true);
		expect(key(all, {type: 'toggle-all'}).showAll).toBe(false);
	});
});

describe('the detail pane', () => {
	it('opens on the selected agent and closes back to the list', () => {
		const open = key(selected('c'), OPEN);
		expect(open.focus).toBe('detail');
		expect(open.selectedId).toBe('c');
		expect(open.detailScroll).toBe(0);
		const closed = key({...open, detailScroll: 3}, CLOSE, ctx(IDS, 5, 40));
		expect(closed.focus).toBe('list');
		expect(closed.detailScroll).toBe(0);
		expect(closed.selectedId).toBe('c');
	});

	it('does not open with nothing selected', () => {
		const m = initialUiModel();
		expect(key(m, OPEN)).toBe(m);
	});

	it('returns the same object on Esc in the list', () => {
		const m = selected('c');
		expect(key(m, CLOSE)).toBe(m);
	});

	it('does not reopen (or reset the scroll) when already open', () => {
		const open = {...key(selected('c'), OPEN), detailScroll: 4};
		expect(key(open, OPEN, ctx(IDS, 5, 40))).toBe(open);
	});

	it('scrolls instead of moving the selection', () => {
		const open = key(selected('c'), OPEN);
		const c = ctx(IDS, 5, 20);
		const down = key(open, MOVE_DOWN, c);
		expect(down.detailScroll).toBe(1);
		expect(down.selectedId).toBe('c');
		expect(key(down, MOVE_UP, c).detailScroll).toBe(0);
	});

	it('clamps the scroll to [0, detailLines − page]', () => {
		const c = ctx(IDS, 5, 12);
		let m = key(selected('c'), OPEN, c);
		for (let i = 0; i < 20; i += 1) {
			m = key(m, MOVE_DOWN, c);
		}
		expect(m.detailScroll).toBe(7);
		for (let i = 0; i < 20; i += 1) {
			m = key(m, MOVE_UP, c);
		}
		expect(m.detailScroll).toBe(0);
	});

	it('jumps to the top and the end of the content', () => {
		const c = ctx(IDS, 5, 12);
		const open = key(selected('c'), OPEN, c);
		const end = key(open, LAST, c);
		expect(end.detailScroll).toBe(7);
		expect(key(end, FIRST, c).detailScroll).toBe(0);
	});

	it('pages by the page size less one line of overlap, clamped', () => {
		const c = ctx(IDS, 5, 30);
		const open = key(selected('c'), OPEN, c);
		const once = key(open, PAGE_DOWN, c);
		expect(once.detailScroll).toBe(4);
		expect(key(once, PAGE_DOWN, c).detailScroll).toBe(8);
		expect(key(once, PAGE_UP, c).detailScroll).toBe(0);
		expect(key({...open, detailScroll: 24}, PAGE_DOWN, c).detailScroll).toBe(25);
	});

	it('does not scroll content shorter than the pane', () => {
		const c = ctx(IDS, 10, 4);
		const open = key(selected('c'), OPEN, c);
		expect(key(open, MOVE_DOWN, c).detailScroll).toBe(0);
		expect(key(open, PAGE_DOWN, c).detailScroll).toBe(0);
		expect(key(open, LAST, c).detailScroll).toBe(0);
	});

	it('returns the same object when the scroll cannot move', () => {
		const c = ctx(IDS, 5, 12);
		const top = key(selected('c'), OPEN, c);
		expect(key(top, MOVE_UP, c)).toBe(top);
		expect(key(top, PAGE_UP, c)).toBe(top);
		expect(key(top, FIRST, c)).toBe(top);
		const bottom = key(top, LAST, c);
		expect(key(bottom, MOVE_DOWN, c)).toBe(bottom);
		expect(key(bottom, PAGE_DOWN, c)).toBe(bottom);
		expect(key(bottom, LAST, c)).toBe(bottom);
	});
});

describe('collapse and help', () => {
	it('toggles collapse, and collapsing closes the detail pane', () => {
		const open = {...key(selected('c'), OPEN), detailScroll: 2};
		const collapsed = key(open, {type: 'toggle-collapse'});
		expect(collapsed.collapsed).toBe(true);
		expect(collapsed.focus).toBe('list');
		const expanded = key(collapsed, {type: 'toggle-collapse'});
		expect(expanded.collapsed).toBe(false);
		expect(expanded.focus).toBe('list');
		expect(expanded.selectedId).toBe('c');
	});

	it('ignores selection keys while collapsed, returning the same object', () => {
		const m = selected('c', IDS, {collapsed: true});
		for (const action of [MOVE_DOWN, MOVE_UP, PAGE_DOWN, PAGE_UP, FIRST, LAST, OPEN, CLOSE]) {
			expect(key(m, action), action.type).toBe(m);
		}
	});

	it('keeps the toggles working while collapsed', () => {
		const m = selected('c', IDS, {collapsed: true});
		expect(key(m, {type: 'toggle-collapse'}).collapsed).toBe(false);
		expect(key(m, {type: 'toggle-ghosts'}).showGhosts).toBe(true);
		expect(key(m, {type: 'toggle-all'}).showAll).toBe(true);
		expect(key(m, {type: 'toggle-help'}).focus).toBe('help');
		expect(key(m, {type: 'quit'}).quit).toBe(true);
	});

	it('opens and closes the help with ?', () => {
		const m = selected('c');
		const help = key(m, {type: 'toggle-help'});
		expect(help.focus).toBe('help');
		expect(key(help, {type: 'toggle-help'}).focus).toBe('list');
	});

	it('closes the help with Esc', () => {
		const help = key(selected('c'), {type: 'toggle-help'});
		expect(key(help, CLOSE).focus).toBe('list');
	});

	it('opens the help over the detail pane and returns to the list', () => {
		const open = key(selected('c'), OPEN);
		const help = key(open, {type: 'toggle-help'});
		expect(help.focus).toBe('help');
		expect(key(help, {type: 'toggle-help'}).focus).toBe('list');
	});

	it('ignores selection keys while the help is shown', () => {
		const help = key(selected('c'), {type: 'toggle-help'});
		for (const action of [MOVE_DOWN, MOVE_UP, PAGE_DOWN, PAGE_UP, FIRST, LAST, OPEN]) {
			expect(key(help, action), action.type).toBe(help);
		}
	});
});

describe('help scrolling', () => {
	it('scrolls the help with the move, page and edge keys, within its length, and resets on reopen', () => {
		const help = key(initialUiModel(), {type: 'toggle-help'});
		expect(help.focus).toBe('help');
		const context = ctx(IDS, 7, 17);
		const down = key(help, MOVE_DOWN, context);
		expect(down.detailScroll).toBe(1);
		expect(key(down, LAST, context).detailScroll).toBe(10);
		expect(key(key(down, LAST, context), PAGE_DOWN, context).detailScroll).toBe(10);
		const closed = key(key(down, LAST, context), {type: 'toggle-help'});
		expect(closed.focus).toBe('list');
		expect(key(closed, {type: 'toggle-help'}).detailScroll).toBe(0);
	});
});

describe('workflow runs: fold and unfold', () => {
	const runs = new Map([
		['workflow:wf_a', 'wf_a'],
		['w1', 'wf_a'],
	]);
	const context = {ids: ['workflow:wf_a', 'w1', 'p1'], page: 10, detailLines: 0, runs};
	const key = (model: UiModel, action: Action) => uiReducer(model, {type: 'key', action, context});

	it('w on an agent of a run folds the run and selects its row; again unfolds it', () => {
		const onAgent = {...initialUiModel(), selectedId: 'w1', selectedIndex: 1};
		const folded = key(onAgent, {type: 'toggle-fold'});
		expect([...folded.folded]).toEqual(['wf_a']);
		expect(folded.selectedId).toBe('workflow:wf_a');
		const open = key(folded, {type: 'toggle-fold'});
		expect(open.folded.size).toBe(0);
		expect(open.selectedId).toBe('workflow:wf_a');
	});

	it('Enter on a run’s row folds it instead of opening a pane; w elsewhere does nothing', () => {
		const onRun = {...initialUiModel(), selectedId: 'workflow:wf_a'};
		const entered = key(onRun, {type: 'open'});
		expect(entered.focus).toBe('list');
		expect([...entered.folded]).toEqual(['wf_a']);
		const onOther = {...initialUiModel(), selectedId: 'p1', selectedIndex: 2};
		expect(key(onOther, {type: 'toggle-fold'})).toBe(onOther);
	});
});

describe('the / filter, the order and the session picker in the reducer', () => {
	const list: UiContext = {ids: ['a', 'b'], page: 10, detailLines: 0};
	const key = (m: UiModel, action: Action, context: UiContext = list) => uiReducer(m, {type: 'key', action, context});

	it('edits the filter while the line is open; Enter keeps it, Esc clears it, Esc in the list clears a kept one', () => {
		let m = key(initialUiModel(), {type: 'filter-open'});
		expect(m.focus).toBe('filter');
		for (const text of ['r', 'é', 'v']) {
			m = key(m, {type: 'filter-edit', op: 'type', text});
		}
		m = key(m, {type: 'filter-edit', op: 'erase'});
		expect(m.filter).toBe('ré');
		m = key(m, {type: 'filter-edit', op: 'done'});
		expect(m).toMatchObject({focus: 'list', filter: 'ré'});
		expect(key(m, {type: 'close'})).toMatchObject({focus: 'list', filter: ''});
		const typing = key(key(initialUiModel(), {type: 'filter-open'}), {type: 'filter-edit', op: 'type', text: 'x'});
		expect(key(typing, {type: 'filter-edit', op: 'clear'})).toMatchObject({focus: 'list', filter: ''});
		// Typing is ignored unless the line is open; the line takes no more than FILTER_MAX.
		expect(key(initialUiModel(), {type: 'filter-edit', op: 'type', text: 'x'}).filter).toBe('');
		let long = key(initialUiModel(), {type: 'filter-open'});
		for (let i = 0; i < FILTER_MAX + 5; i++) {
			long = key(long, {type: 'filter-edit', op: 'type', text: 'x'});
		}
		expect(long.filter).toHaveLength(FILTER_MAX);
	});

	it('cycles the order', () => {
		expect(key(initialUiModel(), {type: 'cycle-sort'}).sort).toBe('activity');
	});

	it('moves in the picker within its sessions, and leaves it on a pick or follow', () => {
		let m = key(initialUiModel(), {type: 'sessions-open'});
		expect(m.focus).toBe('sessions');
		const picker = {...list, sessions: 3};
		for (let i = 0; i < 5; i++) {
			m = key(m, {type: 'move', by: 1}, picker);
		}
		expect(m.pickerIndex).toBe(2);
		expect(m.selectedId).toBeUndefined();
		expect(key(m, {type: 'session-pick'}).focus).toBe('list');
		expect(key(m, {type: 'session-follow'}).focus).toBe('list');
		expect(key(m, {type: 'close'}).focus).toBe('list');
	});

	it('opens no picker where there is no session to switch to', () => {
		expect(key(initialUiModel(), {type: 'sessions-open'}, {...list, canPickSession: false}).focus).toBe('list');
	});
});
