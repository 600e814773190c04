import {describe, expect, it} from 'vitest';
import {filterTree, matchesFilter, parseFilter, type FilterFields} from '../../../src/core/monitor/filter.js';

const fields = (over: Partial<FilterFields> = {}): FilterFields => ({
	name: ['alpha'],
	type: ['code-reviewer'],
	description: ['Review the parser'],
	status: ['stopped', 'failed'],
	workflow: ['nightly-audit'],
	label: ['lint'],
	id: ['a1b2c3'],
	host: [],
	...over,
});

const parsed = (text: string, partial = false) => {
	const result = parseFilter(text, partial);
	if (!result.ok) {
		throw new Error(result.error);
	}
	return result.value;
};
const matches = (text: string, f = fields()) => matchesFilter(parsed(text), f);

describe('parseFilter', () => {
	it('reads words, field:value terms, negation and quotes', () => {
		expect(parsed('  Review  status:FAILED -type:explore name:"two words" ').terms).toEqual([
			{value: 'review', negate: false},
			{field: 'status', value: 'failed', negate: false},
			{field: 'type', value: 'explore', negate: true},
			{field: 'name', value: 'two words', negate: false},
		]);
		expect(parsed('').terms).toEqual([]);
		expect(parsed('wf:nightly desc:parser').terms.map(t => t.field)).toEqual(['workflow', 'description']);
	});

	it('says what is wrong with a bad expression', () => {
		const error = (text: string) => {
			const result = parseFilter(text);
			return result.ok ? '' : result.error;
		};
		expect(error('colour:red')).toContain("unknown field 'colour:'");
		expect(error('status:')).toContain("'status:' needs a value");
		expect(error('name:"open')).toContain('quote is not closed');
		expect(parseFilter('x'.repeat(2000)).ok).toBe(false);
	});

	it('takes an expression being typed as it is so far', () => {
		expect(parsed('status:', true).terms).toEqual([]);
		expect(parsed('name:"two wo', true).terms).toEqual([{field: 'name', value: 'two wo', negate: false}]);
	});
});

describe('matchesFilter', () => {
	it('matches a word in any shown field, whatever its case', () => {
		for (const word of ['ALPHA', 'reviewer', 'parser', 'fail', 'audit', 'lint']) {
			expect(matches(word)).toBe(true);
		}
		expect(matches('zebra')).toBe(false);
		// The id only by its field: a short word would match ids by chance.
		expect(matches('a1b2')).toBe(false);
		expect(matches('id:a1b2')).toBe(true);
	});

	it('matches a field only in that field', () => {
		expect(matches('name:alpha')).toBe(true);
		expect(matches('type:alpha')).toBe(false);
		expect(matches('label:lint workflow:nightly')).toBe(true);
	});

	it('matches the machine of watch --host by host: and by a bare word', () => {
		const onGpu = fields({host: ['gpu1']});
		expect(matches('host:gpu', onGpu)).toBe(true);
		expect(matches('gpu1', onGpu)).toBe(true);
		expect(matches('-host:gpu1', onGpu)).toBe(false);
		expect(matches('host:gpu')).toBe(false);
	});

	it('reads a status as a word: its start, not any part', () => {
		expect(matches('status:fail')).toBe(true);
		expect(matches('status:stop')).toBe(true);
		expect(matches('status:active', fields({status: ['inactive']}))).toBe(false);
	});

	it('needs every term, and a negated term must not match', () => {
		expect(matches('alpha status:failed')).toBe(true);
		expect(matches('alpha status:active')).toBe(false);
		expect(matches('-status:failed')).toBe(false);
		expect(matches('-type:explore')).toBe(true);
	});
});

describe('filterTree', () => {
	it('keeps the parents of a kept item and counts only the matches', () => {
		const items = [
			{id: 'p', depth: 0},
			{id: 'c', depth: 1},
			{id: 'g', depth: 2},
			{id: 'q', depth: 0},
			{id: 'd', depth: 1},
		];
		const kept = filterTree(items, item => item.id === 'g' || item.id === 'q');
		expect(kept.items.map(item => item.id)).toEqual(['p', 'c', 'g', 'q']);
		expect(kept.matched).toBe(2);
		expect(filterTree(items, () => false)).toEqual({items: [], matched: 0});
	});
});
