// Lines from another machine are hostile: every field is checked and copied, strings are cut and
// made terminal-safe, unknown fields stay behind, and a snapshot is capped.
import {describe, expect, it} from 'vitest';
import {decodeAgent, decodeLine, MAX_AGENTS, MAX_LINE} from '../../../src/core/remote/decode.js';
import {streamAgentFixture} from '../../helpers/stream-agents.js';

const ESC = '\u001b';

describe('decodeLine', () => {
	it('reads what the writer writes', () => {
		const line = JSON.stringify({v: 1, type: 'agent', agent: streamAgentFixture('a1', {activity: 'Read x'})});
		const decoded = decodeLine(line);
		expect(decoded).toEqual({ok: true, value: {line: {v: 1, type: 'agent', agent: streamAgentFixture('a1', {activity: 'Read x'})}, skipped: 0}});
	});

	it('refuses what is not a stream line', () => {
		for (const raw of [
			'',
			'not json',
			'[]',
			'{"type":5}',
			'{"v":1,"type":"what"}',
			'{"v":2,"type":"agent","agent":{}}',
			'{"v":1,"type":"snapshot"}',
			'{"v":1,"type":"gone","agentId":"../x"}',
		]) {
			expect(decodeLine(raw).ok, raw).toBe(false);
		}
		expect(decodeLine(`{"v":1,"type":"gone","agentId":"${'a'.repeat(MAX_LINE)}"}`)).toEqual({ok: false, error: 'a line is too long'});
	});

	it('reads any hello (the reader compares the versions) and makes its version safe', () => {
		expect(decodeLine(`{"v":9,"type":"hello","agentlog":"9\\u001b[2J","protocol":9}`)).toEqual({
			ok: true,
			value: {line: {v: 1, type: 'hello', agentlog: '9␛[2J', protocol: 9}, skipped: 0},
		});
	});

	it('caps a snapshot: its bad agents skipped, those past the cap named as over the limit', () => {
		const agents = [
			{agentId: 'bad'},
			...Array.from({length: MAX_AGENTS + 10}, (_, i) => streamAgentFixture(`a${i}`)),
			{agentId: 'not valid past the cap'},
			'x',
		];
		const decoded = decodeLine(JSON.stringify({v: 1, type: 'snapshot', session: 's', following: true, agents}));
		expect(decoded.ok && decoded.value.line.type === 'snapshot' && decoded.value.line.agents.length).toBe(MAX_AGENTS);
		expect(decoded.ok && decoded.value.skipped).toBe(3);
		expect(decoded.ok && decoded.value.overLimit).toEqual(Array.from({length: 10}, (_, i) => `a${MAX_AGENTS + i}`));
	});

	it('takes times as the event log does: ISO 8601 with a four-digit year', () => {
		for (const far of ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', 'March 7', '1']) {
			expect(decodeAgent({...streamAgentFixture('a1'), startedAt: far}).ok, far).toBe(false);
			const r = decodeAgent({...streamAgentFixture('a1'), status: 'stopped', stoppedAt: far, updatedAt: far, waitingSince: far, lastSignOfLifeAt: far});
			expect(r.ok && [r.value.stoppedAt, r.value.updatedAt, r.value.waitingSince, r.value.lastSignOfLifeAt], far).toEqual([
				undefined,
				'2026-11-20T10:00:00.000Z',
				undefined,
				null,
			]);
		}
		expect(decodeAgent({...streamAgentFixture('a1'), startedAt: '2026-11-20T10:00:00+01:00'}).ok).toBe(true);
	});
});

describe('decodeAgent', () => {
	it('makes every string terminal-safe and one-line where shown on one line', () => {
		const evil = `${ESC}]0;title\u0007${ESC}[31m\u202Eevil\u009b`;
		const r = decodeAgent({
			...streamAgentFixture('a1'),
			type: `Explore\n${evil}`,
			description: evil,
			activity: evil,
			report: `# Report\n${evil}`,
			toolCalls: [{tool: evil, summary: evil, result: evil, at: null, isError: false}],
			toolCounts: {[evil]: 3},
			files: [evil],
			cwd: evil,
		});
		expect(r.ok).toBe(true);
		const text = JSON.stringify(r.ok ? r.value : null);
		expect(text).not.toMatch(/\\u001b|\\u0007|\u202E|\u009b/u);
		expect(r.ok && r.value.type).toBe('Explore ␛]0;title␇␛[31mevil\\x9b');
		expect(r.ok && r.value.report).toContain('# Report\n');
	});

	it('cuts long strings and lists, drops unknown fields and wrong types', () => {
		const r = decodeAgent({
			...streamAgentFixture('a1'),
			report: 'r'.repeat(1_000_000),
			description: 'd'.repeat(100_000),
			toolCalls: Array.from({length: 1000}, (_, i) => ({tool: `T${i}`, summary: '', result: null, at: null, isError: false})),
			files: Array.from({length: 1000}, (_, i) => `f${i}`),
			tokens: {input: -1, output: 2, cacheRead: 0, cacheCreation: 0},
			resumeCount: 'many',
			spawnDepth: 1e9,
			parentAgentId: '../../etc',
			secret: {deep: 'x'.repeat(10_000)},
		});
		if (!r.ok) {
			throw new Error(r.error);
		}
		expect(r.value.report!.length).toBe(16_000);
		expect(r.value.description!.length).toBe(1000);
		expect(r.value.toolCalls).toHaveLength(20);
		expect(r.value.toolCalls![19]!.tool).toBe('T999');
		expect(r.value.files).toHaveLength(50);
		expect(r.value.tokens).toBeNull();
		expect(r.value.parentAgentId).toBeNull();
		expect('resumeCount' in r.value || 'spawnDepth' in r.value || 'secret' in r.value).toBe(false);
	});

	it('refuses an agent without a safe id, a status or a start', () => {
		for (const bad of [
			null,
			[],
			{...streamAgentFixture('a1'), agentId: '../x'},
			{...streamAgentFixture('a1'), status: 'running'},
			{...streamAgentFixture('a1'), startedAt: 'soon'},
		]) {
			expect(decodeAgent(bad).ok).toBe(false);
		}
	});
});
