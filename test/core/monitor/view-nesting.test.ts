import {describe, expect, it} from 'vitest';
import {buildView, nestItems, type ViewItem, type ViewOptions} from '../../../src/core/monitor/view.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

/** A plain top-level item for `agentId`. */
function item(agentId: string): ViewItem {
	return {
		agent: agent(agentId, {type: `type-${agentId}`}),
		displayStatus: 'active',
		stale: false,
		ghost: false,
		inferredStop: false,
		lastLife: 0,
		durationMs: undefined,
		depth: 0,
	};
}

const items = (...agentIds: string[]): ViewItem[] => agentIds.map(item);

/** A parentOf from a table of child → parent. */
const parents =
	(table: Readonly<Record<string, string>>) =>
	(agentId: string): string | undefined =>
		table[agentId];

/** `id:depth` for each item, in order. */
const shape = (list: readonly ViewItem[]): string[] => list.map(i => `${i.agent.agentId}:${i.depth}`);

describe('nestItems', () => {
	it('puts children right under their parent at depth 1, grandchildren at depth 2', () => {
		const list = items('c1', 'p', 'x', 'g', 'c2');
		const nested = nestItems(list, parents({c1: 'p', c2: 'p', g: 'c1'}));
		expect(shape(nested)).toEqual(['p:0', 'c1:1', 'g:2', 'c2:1', 'x:0']);
	});

	it('keeps the order when nobody has a parent, and the same items', () => {
		const list = items('d', 'b', 'a', 'c');
		const nested = nestItems(list, () => undefined);
		expect(shape(nested)).toEqual(['d:0', 'b:0', 'a:0', 'c:0']);
		nested.forEach((n, i) => expect(n).toBe(list[i]));
	});

	it('keeps the order of roots and of siblings', () => {
		const list = items('r1', 'k3', 'r2', 'k1', 'm1', 'k2', 'r3');
		const nested = nestItems(list, parents({k1: 'r2', k2: 'r2', k3: 'r2', m1: 'r3'}));
		expect(shape(nested)).toEqual(['r1:0', 'r2:0', 'k3:1', 'k1:1', 'k2:1', 'r3:0', 'm1:1']);
	});

	it('leaves a child whose parent is not in the list at the top level, in its place', () => {
		const list = items('a', 'orphan', 'b');
		expect(shape(nestItems(list, parents({orphan: 'gone'})))).toEqual(['a:0', 'orphan:0', 'b:0']);
	});

	it('treats an agent that names itself as its parent as a root', () => {
		expect(shape(nestItems(items('a', 'b'), parents({a: 'a'})))).toEqual(['a:0', 'b:0']);
	});

	it('neither loops nor drops items when parents form a cycle', () => {
		const two = nestItems(items('x', 'a', 'b'), parents({a: 'b', b: 'a'}));
		expect(two).toHaveLength(3);
		expect(two.map(i => i.agent.agentId).sort()).toEqual(['a', 'b', 'x']);
		expect(shape(two)[0]).toBe('x:0');

		const three = nestItems(items('a', 'b', 'c', 'leaf', 'root'), parents({a: 'c', b: 'a', c: 'b', leaf: 'b'}));
		expect(three).toHaveLength(5);
		expect(three.map(i => i.agent.agentId).sort()).toEqual(['a', 'b', 'c', 'leaf', 'root']);
		expect(new Set(three.map(i => i.agent.agentId)).size).toBe(5);
		// The leaf still sits right under its parent.
		const ids = three.map(i => i.agent.agentId);
		const leaf = three[ids.indexOf('leaf')];
		const parent = three[ids.indexOf('b')];
		expect(leaf?.depth).toBe((parent?.depth ?? -9) + 1);
	});

	it('does not change its input', () => {
		const list = items('c', 'p');
		nestItems(list, parents({c: 'p'}));
		expect(shape(list)).toEqual(['c:0', 'p:0']);
	});

	it('resets a stale depth on an item that is now a root', () => {
		const list = [{...item('a'), depth: 3}];
		expect(shape(nestItems(list, () => undefined))).toEqual(['a:0']);
	});
});

describe('buildView with parentOf', () => {
	const base: ViewOptions = {now: ms(1000), staleMs: 300_000, dedup: true, showGhosts: false, showAll: false};
	// Most recently started first: child2 (60), other (50), child1 (40), lead (10).
	const agents = [
		agent('lead', {type: 'general-purpose', start: 10, updated: 990}),
		agent('child1', {type: 'Explore', start: 40, updated: 990}),
		agent('other', {type: 'Plan', start: 50, updated: 990}),
		agent('child2', {type: 'Review', start: 60, updated: 990}),
		agent('grandchild', {type: 'Search', start: 70, updated: 990}),
	];
	const parentOf = parents({child1: 'lead', child2: 'lead', grandchild: 'child1'});

	it('is flat and by start without parentOf', () => {
		expect(shape(buildView(agents, base).items)).toEqual(['grandchild:0', 'child2:0', 'other:0', 'child1:0', 'lead:0']);
	});

	it('nests children under their parent', () => {
		const view = buildView(agents, {...base, parentOf});
		expect(shape(view.items)).toEqual(['other:0', 'lead:0', 'child2:1', 'child1:1', 'grandchild:2']);
		expect(view.counts).toEqual({waiting: 0, active: 5, idle: 0, stopped: 0, stale: 0});
	});

	it('applies the cap after nesting', () => {
		const view = buildView(agents, {...base, parentOf, max: 3});
		expect(shape(view.items)).toEqual(['other:0', 'lead:0', 'child2:1']);
		expect(view.hiddenByCap).toBe(2);
	});

	it('keeps a child at the top level when its parent is not among the agents', () => {
		const view = buildView(
			agents.filter(a => a.agentId !== 'lead'),
			{...base, parentOf},
		);
		expect(shape(view.items)).toEqual(['child2:0', 'other:0', 'child1:0', 'grandchild:1']);
	});
});

describe('nesting with hidden ghosts', () => {
	it('keeps the child of a hidden ghost at the top level, and nests it when ghosts are shown', () => {
		const agents = [
			agent('w1', {type: 'worker', start: 0, stop: 10}),
			agent('w2', {type: 'worker', start: 20, stop: 21}),
			agent('kid', {type: 'Explore', start: 25}),
			agent('other', {type: 'Plan', start: 22}),
		];
		const parentOf = (id: string) => (id === 'kid' ? 'w2' : undefined);
		const base = {now: ms(30), staleMs: 300_000, dedup: true, showAll: true, parentOf};
		const hidden = buildView(agents, {...base, showGhosts: false});
		expect(hidden.items.map(i => `${i.agent.agentId}:${i.depth}`)).toEqual(['kid:0', 'other:0', 'w1:0']);
		const shown = buildView(agents, {...base, showGhosts: true});
		expect(shown.items.map(i => `${i.agent.agentId}:${i.depth}`)).toEqual(['other:0', 'w2:0', 'kid:1', 'w1:0']);
	});
});
