// The screen's own state as a reducer: selection (kept by agent id, never by index), which pane
// has focus, and the toggles. Keys only dispatch; the list of agents comes from the view.
import type {Action, Focus} from './keymap.js';
import {isRunRow, runRowId} from './workflow-rows.js';
import {ZOOMS} from '../../present/timeline.js';
import {nextSortKey, type SortKey} from '../../core/monitor/order.js';

export interface UiModel {
	readonly focus: Focus;
	/** The selected agent's id, or undefined when nothing is shown yet. */
	readonly selectedId: string | undefined;
	/** Where the selection stood; used to pick a neighbour when the selected agent disappears. */
	readonly selectedIndex: number;
	readonly collapsed: boolean;
	/** Ring the bell when an agent starts waiting or finishes. */
	readonly bell: boolean;
	readonly showGhosts: boolean;
	readonly showAll: boolean;
	readonly detailScroll: number;
	readonly quit: boolean;
	/** Workflow runs shown folded (their row only), by run id. */
	readonly folded: ReadonlySet<string>;
	/** The timeline instead of the list (key t). */
	readonly timeline: boolean;
	/** The timeline's zoom level: an index into ZOOMS (0: the whole span). */
	readonly zoom: number;
	/** How far back in time the zoomed timeline looks, in shown spans (0: the latest part, with now). */
	readonly pan: number;
	/** The `/` filter as typed ('' : none). */
	readonly filter: string;
	/** The list's order (key o); `started` is the view's own. */
	readonly sort: SortKey;
	/** The line chosen in the session picker (key s). */
	readonly pickerIndex: number;
}

/** The longest filter the `/` line takes. */
export const FILTER_MAX = 200;

export function initialUiModel(collapsed = false, bell = false): UiModel {
	return {
		focus: 'list',
		selectedId: undefined,
		selectedIndex: 0,
		collapsed,
		bell,
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
	};
}

/** What the reducer needs to know about the screen at the time of a key. */
export interface UiContext {
	/** Ids of the agents shown, in screen order. */
	readonly ids: readonly string[];
	/** Items per page in the list, lines per page in the detail pane. */
	readonly page: number;
	/** Lines of the detail pane's content, to stop scrolling at its end. */
	readonly detailLines: number;
	/** The workflow run of each row in one (a run's row, its agents' rows); absent: none is. */
	readonly runs?: ReadonlyMap<string, string>;
	/** How many sessions the picker lists, when it is open. */
	readonly sessions?: number;
	/** False where there is no session to switch to (demo, replay): s then only says so. */
	readonly canPickSession?: boolean;
	/** x asked its question (the confirmation line shows): the next key answers it. */
	readonly stopAsked?: boolean;
}

export type UiEvent =
	{readonly type: 'key'; readonly action: Action; readonly context: UiContext} | {readonly type: 'reconcile'; readonly ids: readonly string[]};

function clamp(n: number, lo: number, hi: number): number {
	return Math.max(lo, Math.min(hi, n));
}

function selectIndex(model: UiModel, ids: readonly string[], index: number): UiModel {
	if (ids.length === 0) {
		return model.selectedId === undefined ? model : {...model, selectedId: undefined, selectedIndex: 0};
	}
	const i = clamp(index, 0, ids.length - 1);
	return ids[i] === model.selectedId && i === model.selectedIndex ? model : {...model, selectedId: ids[i], selectedIndex: i};
}

/**
 * Keeps the selection valid when the list changes: the same agent if it is still shown,
 * otherwise its nearest neighbour (the agent now at its old place). Same object when unchanged.
 */
export function reconcileSelection(model: UiModel, ids: readonly string[]): UiModel {
	const at = model.selectedId === undefined ? -1 : ids.indexOf(model.selectedId);
	const next = at >= 0 ? selectIndex(model, ids, at) : selectIndex(model, ids, model.selectedId === undefined ? 0 : model.selectedIndex);
	// A detail pane whose agent vanished closes.
	if (next.focus === 'detail' && next.selectedId !== model.selectedId) {
		return {...next, focus: 'list', detailScroll: 0};
	}
	return next;
}

/** Folds the run of the selected row (selecting the run's row), or unfolds it. */
function toggleFold(model: UiModel, ctx: UiContext): UiModel {
	const runId = model.selectedId === undefined ? undefined : ctx.runs?.get(model.selectedId);
	if (runId === undefined || model.focus !== 'list' || model.collapsed) {
		return model;
	}
	const folded = new Set(model.folded);
	if (folded.delete(runId)) {
		return {...model, folded};
	}
	folded.add(runId);
	return {...model, folded, selectedId: runRowId(runId)};
}

/** A key of the `/` line: a character added, the last one taken back, the filter kept (Enter) or cleared (Esc). */
function editFilter(model: UiModel, action: Extract<Action, {type: 'filter-edit'}>): UiModel {
	if (model.focus !== 'filter') {
		return model;
	}
	switch (action.op) {
		case 'type': {
			const filter = model.filter + action.text;
			return [...filter].length > FILTER_MAX ? model : {...model, filter};
		}
		case 'erase':
			return {...model, filter: [...model.filter].slice(0, -1).join('')};
		case 'done':
			return {...model, focus: 'list'};
		case 'clear':
			return {...model, focus: 'list', filter: ''};
	}
}

function onKey(model: UiModel, action: Action, ctx: UiContext): UiModel {
	const current = model.selectedId === undefined ? -1 : ctx.ids.indexOf(model.selectedId);
	const maxScroll = Math.max(0, ctx.detailLines - ctx.page);
	const scroll = (to: number) => {
		const next = clamp(to, 0, maxScroll);
		return next === model.detailScroll ? model : {...model, detailScroll: next};
	};
	switch (action.type) {
		case 'quit':
			return {...model, quit: true};
		case 'toggle-help':
			return {...model, focus: model.focus === 'help' ? 'list' : 'help', detailScroll: 0};
		case 'close':
			if (model.focus === 'list') {
				// Esc in the list clears a filter kept with Enter.
				return model.filter === '' ? model : {...model, filter: ''};
			}
			return {...model, focus: 'list', detailScroll: 0};
		case 'stop-ask':
			return (model.focus === 'list' || model.focus === 'detail') && ctx.stopAsked === true ? {...model, focus: 'confirm'} : model;
		case 'stop-answer':
			return model.focus === 'confirm' ? {...model, focus: 'list'} : model;
		case 'filter-open':
			return model.focus === 'list' ? {...model, focus: 'filter', collapsed: false} : model;
		case 'filter-edit':
			return editFilter(model, action);
		case 'cycle-sort':
			return {...model, sort: nextSortKey(model.sort)};
		case 'sessions-open':
			return model.focus === 'list' && ctx.canPickSession !== false ? {...model, focus: 'sessions', pickerIndex: 0} : model;
		case 'session-pick':
		case 'session-follow':
			return model.focus === 'sessions' ? {...model, focus: 'list', detailScroll: 0} : model;
		case 'jump':
			return model;
		case 'toggle-bell':
			return {...model, bell: !model.bell};
		case 'toggle-collapse':
			return {...model, collapsed: !model.collapsed, focus: model.focus === 'detail' ? 'list' : model.focus};
		case 'toggle-ghosts':
			return {...model, showGhosts: !model.showGhosts};
		case 'toggle-all':
			return {...model, showAll: !model.showAll};
		case 'toggle-fold':
			return toggleFold(model, ctx);
		case 'toggle-timeline':
			return model.focus === 'list' ? {...model, timeline: !model.timeline, collapsed: false} : model;
		case 'zoom': {
			if (!model.timeline || model.focus !== 'list') {
				return model;
			}
			const zoom = clamp(model.zoom + action.by, 0, ZOOMS.length - 1);
			// Zoomed all the way out there is nothing to look back at.
			return zoom === model.zoom ? model : {...model, zoom, pan: zoom === 0 ? 0 : model.pan};
		}
		case 'pan': {
			if (!model.timeline || model.focus !== 'list' || model.zoom === 0) {
				return model;
			}
			// Half a shown span a press; never past the start (the window is clamped when drawn) nor after now.
			const pan = clamp(model.pan - action.by * 0.5, 0, 1 / ZOOMS[model.zoom]! - 1);
			return pan === model.pan ? model : {...model, pan};
		}
		case 'open':
			// A run's row has no detail pane: Enter folds or unfolds it.
			if (model.focus === 'list' && isRunRow(model.selectedId)) {
				return toggleFold(model, ctx);
			}
			return model.focus === 'list' && model.selectedId !== undefined && !model.collapsed ? {...model, focus: 'detail', detailScroll: 0} : model;
		default:
			break;
	}
	if (model.collapsed && model.focus === 'list') {
		return model;
	}
	if (model.focus === 'sessions') {
		if (action.type !== 'move') {
			return model;
		}
		const pickerIndex = clamp(model.pickerIndex + action.by, 0, Math.max(0, (ctx.sessions ?? 0) - 1));
		return pickerIndex === model.pickerIndex ? model : {...model, pickerIndex};
	}
	// The detail pane and the help both scroll (the help is taller than a small pane).
	if (model.focus === 'detail' || model.focus === 'help') {
		switch (action.type) {
			case 'move':
				return scroll(model.detailScroll + action.by);
			case 'page':
				return scroll(model.detailScroll + action.by * Math.max(1, ctx.page - 1));
			case 'edge':
				return scroll(action.to === 'first' ? 0 : maxScroll);
		}
	}
	switch (action.type) {
		case 'move':
			return selectIndex(model, ctx.ids, current < 0 ? 0 : current + action.by);
		case 'page':
			return selectIndex(model, ctx.ids, (current < 0 ? 0 : current) + action.by * Math.max(1, ctx.page));
		case 'edge':
			return selectIndex(model, ctx.ids, action.to === 'first' ? 0 : ctx.ids.length - 1);
		default:
			return model;
	}
}

export function uiReducer(model: UiModel, event: UiEvent): UiModel {
	return event.type === 'key' ? onKey(model, event.action, event.context) : reconcileSelection(model, event.ids);
}
