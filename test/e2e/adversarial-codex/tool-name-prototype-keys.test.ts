// A Codex child whose tool calls are named like Object.prototype members (`constructor`,
// `toString`): the tool name comes from the model's function_call, so a confused or injected model
// can write any name. Counts must stay numbers.
import {describe, expect, it} from 'vitest';
import {childRunLines, codexLine, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

function setUp() {
	const h = freshHome();
	const t0 = Date.now() - 60_000;
	writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
	const lines = childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Find the routes', 'Found 4 routes.');
	const call = (name: string, id: string) =>
		codexLine(codexTime(1.1, t0), 'response_item', {type: 'function_call', name, namespace: 'functions', arguments: '{}', call_id: id});
	// shell (from childRunLines) + constructor + toString: 3 calls.
	lines.splice(6, 0, call('constructor', 'c2'), call('toString', 'c3'));
	writeRollout(h.codex, C1, t0, lines);
	return h;
}

describe('Codex tool calls named like Object.prototype members', () => {
	it('ls --json counts them as numbers (toolCounts, totalToolUseCount)', () => {
		const h = setUp();
		const r = agentlog(h, ['ls', '--json']);
		expect(r.status).toBe(0);
		const [agent] = JSON.parse(r.stdout) as Array<{toolCounts: Record<string, unknown>; totalToolUseCount: unknown}>;
		// Actual: {"shell":1,"constructor":"function Object() { [native code] }1","toString":"function toString() { [native code] }1"}
		expect(agent!.toolCounts).toEqual({shell: 1, constructor: 1, toString: 1});
		// Actual: "1function toString() { [native code] }1function Object() { [native code] }1"
		expect(agent!.totalToolUseCount).toBe(3);
	});

	it('import then history --json keeps the call count (3), not null', () => {
		const h = setUp();
		expect(agentlog(h, ['import']).status).toBe(0);
		const r = agentlog(h, ['history', '--provider', 'codex', '--json']);
		expect(r.status).toBe(0);
		const [agent] = JSON.parse(r.stdout) as Array<{toolCalls: unknown}>;
		// Actual: null (the string total is dropped as not a number).
		expect(agent!.toolCalls).toBe(3);
	});
});
