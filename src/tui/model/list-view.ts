// What the list and the timeline show of a view: the `/` filter applied (to every agent, not only
// the capped newest) and the order of key o. The same for the live screen and the snapshot. Pure.
import {EMPTY_FILTER, parseFilter} from '../../core/monitor/filter.js';
import type {MonitorModel} from '../../core/monitor/model.js';
import {sortItems} from '../../core/monitor/order.js';
import {filterView} from '../../present/filter-fields.js';
import type {UiModel} from './ui-state.js';

export interface FilterState {
	/** As typed. */
	readonly text: string;
	/** The `/` line is open. */
	readonly editing: boolean;
	readonly matched: number;
	readonly total: number;
	/** Why the expression cannot be used yet (the list is not filtered meanwhile). */
	readonly error?: string;
}

export interface ListView {
	readonly view: MonitorModel;
	/** Absent: no filter. */
	readonly filter?: FilterState;
}

/** Whether the monitor model should hold every agent: a filter looks past the cap. */
export function filterWantsAll(filter: string): boolean {
	return filter.trim() !== '';
}

export function listView(view: MonitorModel, ui: Pick<UiModel, 'filter' | 'sort'> & {readonly editing: boolean}): ListView {
	const {editing} = ui;
	const parsed = parseFilter(ui.filter, editing);
	const filtered = filterView(view, parsed.ok ? parsed.value : EMPTY_FILTER);
	const items = sortItems(filtered.view.items, ui.sort);
	const shown = items === filtered.view.items ? filtered.view : {...filtered.view, items};
	if (ui.filter === '' && !editing) {
		return {view: shown};
	}
	return {
		view: shown,
		filter: {text: ui.filter, editing, matched: filtered.matched, total: filtered.total, ...(parsed.ok ? {} : {error: parsed.error})},
	};
}
