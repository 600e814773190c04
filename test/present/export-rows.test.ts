import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../src/core/record/event-line.js';
import {
	AGENT_COLUMNS,
	agentCells,
	agentRow,
	csvField,
	csvHeader,
	csvRow,
	EVENT_COLUMNS,
	eventCells,
	eventRow,
	exportAgentOrder,
	exportEventOrder,
	EXPORT_FORMATS,
	jsonAgentRow,
} from '../../src/present/export-rows.js';
import {foldEvents, type AgentHistory} from '../../src/core/history/fold.js';
import {heldHistory, heldJsonAgent, historyJsonAgent} from '../../src/present/history-json.js';
import {parseCsv} from '../helpers/csv.js';
import {ALL_HOSTILE, HOSTILE, RAW_CONTROL} from '../helpers/hostile.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const S = 'sess-1';
const at = (minutesAgo: number): string => new Date(NOW - minutesAgo * 60_000).toISOString();
const line = (fields: Partial<EventLine> & Pick<EventLine, 'event' | 'at'>): EventLine => ({v: 1, sessionId: S, ...fields});

function histories(): AgentHistory[] {
	return foldEvents(
		[
			line({event: 'SubagentStart', at: at(30), agentId: 'late', type: 'Plan'}),
			line({event: 'SubagentStart', at: at(120), agentId: 'early', type: 'Explore', git: {head: 'abcdef0123', branch: 'main'}}),
			line({event: 'PostToolUse', at: at(120), agentId: 'early', data: {description: 'say "hi", then\nleave', model: 'haiku'}}),
			line({event: 'SubagentStop', at: at(110), agentId: 'early', type: 'Explore', git: {head: '1234567890'}}),
			line({
				event: 'PostToolUse',
				at: at(110),
				agentId: 'early',
				data: {status: 'completed', totalTokens: 1200, totalToolUseCount: 7, parentAgentId: 'boss'},
			}),
		],
		{now: NOW},
	);
}

describe('csvField', () => {
	it('quotes a field with a comma, quote, CR or LF and doubles its quotes; leaves others bare', () => {
		expect(csvField('plain text')).toBe('plain text');
		expect(csvField('a,b')).toBe('"a,b"');
		expect(csvField('say "hi"')).toBe('"say ""hi"""');
		expect(csvField('two\nlines')).toBe('"two\nlines"');
		expect(csvField('cr\rhere')).toBe('"cr\rhere"');
		expect(csvField('')).toBe('');
	});

	it('numbers and booleans plain, null and absent empty', () => {
		expect(csvField(1200)).toBe('1200');
		expect(csvField(-5)).toBe('-5');
		expect(csvField(0)).toBe('0');
		expect(csvField(true)).toBe('true');
		expect(csvField(null)).toBe('');
		expect(csvField(undefined)).toBe('');
	});

	it('a text cell that a spreadsheet would read as a formula gets a leading quote and is quoted', () => {
		expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
		expect(csvField('+1+2')).toBe(`"'+1+2"`);
		expect(csvField('-2+3')).toBe(`"'-2+3"`);
		expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
		expect(csvField('\t=1')).toBe(`"'\t=1"`);
		expect(csvField('\r=1')).toBe(`"'\r=1"`);
		// Only the first character counts.
		expect(csvField('a=b')).toBe('a=b');
	});

	it("quotes a field with a semicolon or a tab: a spreadsheet whose list separator is ';' (or a TSV import) keeps it one text cell, no formula after the separator", () => {
		expect(csvField("x;=cmd|' /C calc'!A0")).toBe(`"x;=cmd|' /C calc'!A0"`);
		expect(csvField('x\t=1+1')).toBe('"x\t=1+1"');
		expect(csvField('a;b')).toBe('"a;b"');
		expect(csvRow(['ok', 'x;=cmd', 'y\t@SUM(A1)'])).toBe('ok,"x;=cmd","y\t@SUM(A1)"\n');
		// The guard at the start stays.
		expect(csvField('=1;2')).toBe(`"'=1;2"`);
	});

	it('values are exact for a file or pipe; only for a terminal are text cells made safe', () => {
		// Quoted for its `;`: the value inside is exact.
		expect(csvField(HOSTILE.title)).toBe(`"${HOSTILE.title}"`);
		expect(csvField(HOSTILE.bidi)).toBe(HOSTILE.bidi);
		const shown = csvField(ALL_HOSTILE, {terminal: true});
		expect(shown).not.toMatch(RAW_CONTROL);
		expect(shown).toContain('␛]0;pwned');
	});
});

describe('agent rows', () => {
	it('the columns are the history --json fields in a fixed order, git and workflow flattened', () => {
		expect(csvHeader(false)).toBe(
			'agentId,sessionId,type,name,description,status,startedAt,stoppedAt,durationMs,resumeCount,stopReason,tokens,costUsd,costUnpricedResponses,pricesAsOf,lastRequestTokens,toolCalls,model,gitStartHead,gitStartBranch,gitStopHead,gitStopBranch,parentAgentId,lastActivityAt,source,provider,workflowRunId,workflowName,workflowPhase,workflowLabel\n',
		);
		// Every history --json field but the nested ones (git, workflow and cost are flattened; usage and runs are in JSONL only).
		const nested = ['git', 'workflow', 'usage', 'runs', 'cost'];
		const jsonKeys = Object.keys(historyJsonAgent(histories()[0]!)).filter(k => !nested.includes(k));
		const flattened = /^(git|workflow|cost)[A-Z]|^pricesAsOf$/u;
		expect(AGENT_COLUMNS.filter(c => !flattened.test(c))).toEqual(jsonKeys);
	});

	it('cells follow the columns; unknowns are empty in CSV and null in JSONL', () => {
		const early = histories().find(h => h.agentId === 'early')!;
		const cells = agentCells(early);
		expect(cells).toHaveLength(AGENT_COLUMNS.length);
		const byColumn = Object.fromEntries(AGENT_COLUMNS.map((c, i) => [c, cells[i]]));
		expect(byColumn).toMatchObject({
			agentId: 'early',
			sessionId: S,
			type: 'Explore',
			description: 'say "hi", then\nleave',
			status: 'completed',
			startedAt: at(120),
			stoppedAt: at(110),
			durationMs: 600_000,
			resumeCount: 0,
			// Claude Code's totalTokens is its last request only: not the agent's tokens.
			tokens: null,
			lastRequestTokens: 1200,
			toolCalls: 7,
			model: 'haiku',
			gitStartHead: 'abcdef0123',
			gitStartBranch: 'main',
			gitStopHead: '1234567890',
			gitStopBranch: null,
			parentAgentId: 'boss',
			source: 'hook',
			provider: 'claude',
		});
		const [record] = parseCsv(csvRow(cells));
		expect(record![AGENT_COLUMNS.indexOf('description')]).toBe('say "hi", then\nleave');
		expect(record![AGENT_COLUMNS.indexOf('gitStopBranch')]).toBe('');
		expect(JSON.parse(agentRow(early, 'jsonl'))).toEqual(historyJsonAgent(early));
		expect(agentRow(early, 'jsonl').endsWith('}\n')).toBe(true);
		expect(agentRow(early, 'jsonl').slice(0, -1)).not.toContain('\n');
	});

	it('oldest start first', () => {
		expect(exportAgentOrder(histories()).map(h => h.agentId)).toEqual(['early', 'late']);
	});

	it('JSONL escapes C1 and bidi characters and still parses to the exact value', () => {
		const [h] = foldEvents([line({event: 'SubagentStart', at: at(1), agentId: 'x1', type: ALL_HOSTILE})], {now: NOW});
		const row = agentRow(h!, 'jsonl');
		expect(row).not.toMatch(RAW_CONTROL);
		expect((JSON.parse(row) as {type: string}).type).toBe(ALL_HOSTILE);
	});
});

describe('event rows', () => {
	const stop = line({
		event: 'SubagentStop',
		at: at(5),
		agentId: 'ag1',
		type: 'Explore',
		state: 'stopped',
		data: {lastMessage: '=cmd|" /C calc"!A0, done'},
		cwd: '/work/a,b',
		git: {head: 'abc', branch: 'main'},
	});

	it('columns v, at, event, sessionId, agentId, type, state, cwd, gitHead, gitBranch, data (JSON text)', () => {
		expect(csvHeader(true)).toBe(`${EVENT_COLUMNS.join(',')}\n`);
		expect(EVENT_COLUMNS).toEqual(['v', 'at', 'event', 'sessionId', 'agentId', 'type', 'state', 'cwd', 'gitHead', 'gitBranch', 'data']);
		expect(eventCells(stop)).toEqual([1, at(5), 'SubagentStop', S, 'ag1', 'Explore', 'stopped', '/work/a,b', 'abc', 'main', JSON.stringify(stop.data)]);
		const [record] = parseCsv(eventRow(stop, 'csv'));
		expect(record).toEqual(['1', at(5), 'SubagentStop', S, 'ag1', 'Explore', 'stopped', '/work/a,b', 'abc', 'main', JSON.stringify(stop.data)]);
		const session = line({event: 'SessionEnd', at: at(1)});
		expect(eventRow(session, 'csv')).toBe(`1,${at(1)},SessionEnd,${S},,,,,,,\n`);
	});

	it('JSONL is the line exactly, one a line', () => {
		expect(JSON.parse(eventRow(stop, 'jsonl'))).toEqual(stop);
		expect(eventRow(stop, 'jsonl').split('\n')).toHaveLength(2);
	});

	it('oldest first, equal times in the order read', () => {
		const a = line({event: 'A', at: at(5)});
		const b = line({event: 'B', at: at(10)});
		const c = line({event: 'C', at: at(5)});
		expect(exportEventOrder([a, b, c]).map(l => l.event)).toEqual(['B', 'A', 'C']);
	});
});

describe('rows of held agents (what export keeps per agent)', () => {
	it('are the rows of the agents themselves, in both formats', () => {
		for (const h of histories()) {
			const held = heldJsonAgent(heldHistory(h));
			for (const format of EXPORT_FORMATS) {
				expect(jsonAgentRow(held, format)).toBe(agentRow(h, format));
				expect(jsonAgentRow(held, format, {terminal: true})).toBe(agentRow(h, format, {terminal: true}));
			}
		}
	});
});
