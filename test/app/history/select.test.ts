// The history a selection picks: what could not be read goes to the `warn` it is handed, and an --agent prefix naming several agents is a usage error.
import {appendFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {planLines, readSelected, type Selection} from '../../../src/app/history/select.js';
import {DEFAULT_STALE_MS} from '../../../src/core/monitor/stale.js';
import {formatEventLine} from '../../../src/core/record/event-line.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const at = new Date(NOW - 60_000).toISOString();

/** Two agents, a line that is not JSON, and a session whose log is a folder. */
function activity(): string {
	const dir = tempDir('activity-');
	mkdirSync(path.join(dir, SESSION), {recursive: true});
	appendFileSync(
		path.join(dir, SESSION, 'events.jsonl'),
		[
			formatEventLine({v: 1, sessionId: SESSION, at, event: 'SubagentStart', agentId: 'ab1', type: 'Explore', state: 'active'}),
			'not json\n',
			formatEventLine({v: 1, sessionId: SESSION, at, event: 'SubagentStart', agentId: 'ab2', type: 'Plan', state: 'active'}),
		].join(''),
	);
	mkdirSync(path.join(dir, 'bb11aa22-0000-4000-8000-000000000000', 'events.jsonl'), {recursive: true});
	return dir;
}

const selection = (dir: string, agent?: string): Selection => ({
	activity: dir,
	now: NOW,
	staleMs: DEFAULT_STALE_MS,
	filter: agent === undefined ? {} : {agent},
	sessionId: undefined,
});

describe('readSelected and planLines', () => {
	it('say what could not be read through warn, in one write', () => {
		const dir = activity();
		const warned: string[] = [];
		const read = readSelected(selection(dir), t => warned.push(t));
		expect(read.agents.map(a => a.agentId).sort()).toEqual(['ab1', 'ab2']);
		expect(warned).toHaveLength(1);
		expect(warned[0]).toBe(
			`agentlog: skipped ${path.join(dir, 'bb11aa22-0000-4000-8000-000000000000', 'events.jsonl')}: events.jsonl is a folder\n` +
				`agentlog: skipped ${path.join(dir, SESSION, 'events.jsonl')} line 2: not JSON\n`,
		);
		const planned: string[] = [];
		const {lines} = planLines(selection(dir, 'ab2'), t => planned.push(t));
		expect([...lines()].map(l => l.agentId)).toEqual(['ab2']);
		expect(planned.join('')).toContain('events.jsonl is a folder');
	});

	it('refuse a prefix naming several agents with a usage error', () => {
		const dir = activity();
		expect(() => readSelected(selection(dir, 'ab'), () => undefined)).toThrow(expect.objectContaining({exitCode: 2}) as Error);
		expect(() => planLines(selection(dir, 'ab'), () => undefined)).toThrow(/agent prefix "ab" matches 2 agents/);
	});
});
