// What the filter expression (core/monitor/filter.ts) matches an agent on: the words the screen,
// `ls` and `history` show of it. A watch item's and a history agent's fields, the same names.
import {hasEnded, type AgentHistory} from '../core/history/fold.js';
import {filterTree, isEmptyFilter, matchesFilter, type Filter, type FilterFields} from '../core/monitor/filter.js';
import type {MonitorItem, MonitorModel} from '../core/monitor/model.js';
import {lifecycleWord, shownStatus} from './present.js';

const words = (...texts: ReadonlyArray<string | null | undefined>): readonly string[] => texts.filter((t): t is string => typeof t === 'string' && t !== '');

/** A watch or `ls` item: its status as shown (`stale`, `waiting`) and as its lifecycle says (`failed`, `interrupted`, `resumed`). */
export function itemFilterFields(item: MonitorItem): FilterFields {
	const {agent} = item;
	const shown = shownStatus(item);
	const lifecycle = lifecycleWord(item).split(' · ');
	return {
		name: words(agent.teammateName, item.name),
		type: words(agent.type),
		description: words(item.description, agent.description),
		status: [...new Set([shown, item.displayStatus, ...lifecycle.map(word => word.split(' ')[0]!), ...(item.ghost ? ['ghost'] : [])])],
		workflow: words(item.workflow?.name, item.workflow?.phase),
		label: words(item.workflow?.label),
		id: words(agent.agentId),
		host: words(agent.host),
	};
}

/** A history agent: its history status (`completed`, `failed`, `stale`…), `stopped` for every stop. */
export function historyFilterFields(h: Pick<AgentHistory, 'agentId' | 'type' | 'description' | 'name' | 'status' | 'workflow'>): FilterFields {
	const stopped = hasEnded(h.status);
	return {
		name: words(h.name),
		type: words(h.type),
		description: words(h.description),
		status: stopped ? [h.status, 'stopped'] : [h.status],
		workflow: words(h.workflow?.name, h.workflow?.phase),
		label: words(h.workflow?.label),
		id: words(h.agentId),
		host: [],
	};
}

/** A monitor view kept to what a filter matches (every agent, not only the capped list), and how many matched of how many. */
export interface FilteredView {
	readonly view: MonitorModel;
	readonly matched: number;
	readonly total: number;
}

export function filterView(view: MonitorModel, filter: Filter): FilteredView {
	const total = view.items.length;
	if (isEmptyFilter(filter)) {
		return {view, matched: total, total};
	}
	const kept = filterTree(view.items, item => matchesFilter(filter, itemFilterFields(item)));
	return {view: {...view, items: kept.items, uncapped: kept.items, hiddenByCap: 0}, matched: kept.matched, total};
}

/** `3 of 12`: what a filter kept, for a header or a title. */
export function filterCountText(filtered: Pick<FilteredView, 'matched' | 'total'>): string {
	return `${filtered.matched} of ${filtered.total}`;
}
