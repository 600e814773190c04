// The orders watch's list can be sorted in (key o): started (the view's own order), last activity,
// duration, status, cost. Siblings are sorted among themselves: a nested agent stays under its
// parent, and the tree is kept (an item's parent is the nearest item before it one level up). Pure.
import {isFailure} from '../record/limits.js';
import {monitorFigures} from './figures.js';
import type {MonitorItem} from './model.js';

export const SORT_KEYS = ['started', 'activity', 'duration', 'status', 'cost'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** How the footer names an order. */
export const SORT_NAMES: Readonly<Record<SortKey, string>> = {
	started: 'started',
	activity: 'last activity',
	duration: 'duration',
	status: 'status',
	cost: 'cost',
};

export function nextSortKey(key: SortKey): SortKey {
	return SORT_KEYS[(SORT_KEYS.indexOf(key) + 1) % SORT_KEYS.length]!;
}

/** What needs the user first: waiting, failed, active, idle, stale, interrupted, stopped. */
function statusRank(item: MonitorItem): number {
	if (item.displayStatus === 'waiting') return 0;
	if (item.displayStatus === 'stopped' && !item.stale && isFailure(item.agent.stopReason)) return 1;
	if (item.stale) return 4;
	if (item.displayStatus === 'active') return 2;
	if (item.displayStatus === 'idle') return 3;
	return item.agent.interrupted ? 5 : 6;
}

/** A number to sort by, largest first; undefined (unknown) goes last. */
function measure(item: MonitorItem, key: Exclude<SortKey, 'started' | 'status'>): number | undefined {
	switch (key) {
		case 'activity':
			return Math.max(item.lastLife, item.activity?.summary.lastAt ?? Number.NEGATIVE_INFINITY);
		case 'duration':
			return item.durationMs;
		case 'cost':
			return monitorFigures(item).figures.cost?.usd;
	}
}

function compare(key: Exclude<SortKey, 'started'>): (a: MonitorItem, b: MonitorItem) => number {
	if (key === 'status') {
		return (a, b) => statusRank(a) - statusRank(b);
	}
	return (a, b) => {
		const x = measure(a, key);
		const y = measure(b, key);
		if (x === undefined || y === undefined) {
			return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
		}
		return y - x;
	};
}

interface Node {
	readonly item: MonitorItem;
	readonly children: Node[];
}

/** The items in `key`'s order, each sorted among its siblings (a stable sort: ties keep the view's order). */
export function sortItems(items: readonly MonitorItem[], key: SortKey): readonly MonitorItem[] {
	if (key === 'started' || items.length < 2) {
		return items;
	}
	const roots: Node[] = [];
	const path: Node[] = [];
	for (const item of items) {
		const depth = Math.max(0, Math.min(item.depth, path.length));
		const node: Node = {item, children: []};
		(depth === 0 ? roots : path[depth - 1]!.children).push(node);
		path.length = depth;
		path.push(node);
	}
	const by = compare(key);
	const out: MonitorItem[] = [];
	const walk = (nodes: Node[]) => {
		for (const node of [...nodes].sort((a, b) => by(a.item, b.item))) {
			out.push(node.item);
			walk(node.children);
		}
	};
	walk(roots);
	return out;
}
