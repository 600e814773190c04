import {describe, expect, it} from 'vitest';
import type {MonitorItem} from '../../src/core/monitor/model.js';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {sessionReport} from '../../src/present/report.js';
import {grouped, markdownText, mermaidName, reportMarkdown} from '../../src/present/report-markdown.js';
import {lanesOf} from '../../src/present/timeline-lanes.js';
import {LIST_PRICES} from '../../src/core/cost/price.js';
import {agentActivity} from '../../src/core/transcript/activity.js';
import {emptySummary, foldLines} from '../../src/core/transcript/summary.js';
import {mermaidBlocks, parseGantt} from '../helpers/mermaid-gantt.js';

const at = (s: number) => new Date(Date.parse('2026-11-26T10:00:00Z') + s * 1000).toISOString();
const NOW = Date.parse(at(100));

function item(agent: Partial<AgentRecord>, more: Partial<MonitorItem> = {}): MonitorItem {
	const record: AgentRecord = {agentId: 'a1', type: 'Explore', status: 'stopped', startedAt: at(0), updatedAt: at(10), stoppedAt: at(10), ...agent};
	return {
		agent: record,
		displayStatus: record.status,
		stale: false,
		ghost: false,
		inferredStop: false,
		lastLife: Date.parse(record.updatedAt),
		durationMs: undefined,
		depth: 0,
		description: record.type,
		descriptionSource: 'type',
		...more,
	} as MonitorItem;
}

const hostile = 'fix | the <script>x</script> `table`\n# and: this; ok [link](http://e)';

const items = [
	item({agentId: 'aaaaaaaaaaaaaaaa1', stoppedAt: at(30)}),
	item(
		{agentId: 'bbbbbbbbbbbbbbbb2', type: 'general-purpose', startedAt: at(5), stoppedAt: at(20), stopReason: 'stop-failure:rate_limit'},
		{
			depth: 1,
			description: hostile,
			descriptionSource: 'parent',
		},
	),
	item({agentId: 'cccccccccccccccc3', status: 'active', startedAt: at(50), stoppedAt: undefined}),
];
const report = sessionReport(
	'3346aa6b-35c7-492e-80aa-4422bff0f369',
	items,
	lanesOf(items, () => undefined, NOW),
	NOW,
);

describe('sessionReport', () => {
	it('a stale agent has no stop (as in ls and history) and a whole number of milliseconds', () => {
		// SIGKILLed workflow agents (real Claude Code 2.1.328): their last sign of life is their transcript's write time, fractional.
		const lastLife = Date.parse(at(3)) + 0.3544921875;
		const stale = [item({agentId: 'dddddddddddddddd4', status: 'active', stoppedAt: undefined}, {displayStatus: 'stopped', stale: true, lastLife})];
		const [agent] = sessionReport(
			'3346aa6b-35c7-492e-80aa-4422bff0f369',
			stale,
			lanesOf(stale, () => undefined, NOW),
			NOW,
		).agents;
		expect(agent).toMatchObject({status: 'stale', stoppedAt: null, durationMs: 3000});
		// Its bar in the Markdown's timeline still ends at its last sign of life, not at the report's time.
		const staleReport = sessionReport(
			'3346aa6b-35c7-492e-80aa-4422bff0f369',
			stale,
			lanesOf(stale, () => undefined, NOW),
			NOW,
		);
		const markdown = reportMarkdown({...staleReport, generatedAt: at(100)}, iso => iso);
		expect(markdown).toContain(`t0, ${Date.parse(at(0))}, ${Date.parse(at(3))}`);
	});

	it('totals what the agents did: statuses, wall and agent time, the peak at once', () => {
		expect(report.totals).toMatchObject({
			agents: 3,
			byStatus: {completed: 1, failed: 1, active: 1},
			wallMs: 100_000,
			agentMs: 30_000 + 15_000 + 50_000,
			peakAtOnce: 2,
		});
		expect(report.agents[1]).toMatchObject({status: 'failed', why: 'rate_limit', durationMs: 15_000, depth: 1});
	});
});

describe('reportMarkdown', () => {
	const markdown = reportMarkdown(report, iso => iso.slice(11, 19));

	it('lists failures first, then a gantt and a table per agent', () => {
		const failures = markdown.indexOf('### Failures');
		expect(failures).toBeGreaterThan(0);
		expect(markdown.indexOf('```mermaid')).toBeGreaterThan(failures);
		expect(markdown).toContain('`bbbbbbbbbbbb` failed at 10:00:20: rate\\_limit');
		expect(markdown).toMatch(/^ {4}✓ Explore aaaaaaaa :done, t0, \d+, \d+$/mu);
		expect(markdown).toMatch(/^ {4}✗ general-purpose · fix \| the script x \/script table and… :crit, t1, \d+, \d+$/mu);
		expect(markdown).toMatch(/^ {4}● Explore cccccccc :active, t2, \d+, \d+$/mu);
	});

	it('keeps a hostile description inside its table cell: no new cell, no tag, no heading, one line', () => {
		const row = markdown.split('\n').find(line => line.includes('✗ failed'))!;
		// Eight cells: nine unescaped pipes.
		expect(row.replace(/\\\|/gu, '').split('|')).toHaveLength(10);
		expect(row).not.toContain('<script>');
		expect(row).toContain('&lt;script&gt;');
		expect(row).toContain('\\`table\\`');
	});

	it("every table row has the header's cells and every gantt task one colon", () => {
		const rows = markdown.split('\n').filter(line => line.startsWith('|'));
		for (const row of rows) {
			expect(row.replace(/\\\|/gu, '').split('|'), row).toHaveLength(10);
		}
		const tasks = markdown.split('\n').filter(line => /^ {4}\S.* :/u.test(line) && !line.includes('section'));
		expect(tasks).toHaveLength(3);
		for (const task of tasks) {
			expect(task.split(':'), task).toHaveLength(2);
		}
	});
});

describe('how the report names agents', () => {
	// Three agents of one type: two with a task, two without (their short ids tell them apart).
	const same = [
		item({agentId: 'aaaaaaaa11', type: 'general-purpose', stoppedAt: at(30)}, {description: 'Count files', descriptionSource: 'parent'}),
		item({agentId: 'bbbbbbbb22', type: 'general-purpose', stoppedAt: at(30)}, {description: 'Count lines', descriptionSource: 'meta'}),
		item({agentId: 'cccccccc33', type: 'general-purpose', stoppedAt: at(30)}),
		item({agentId: 'dddddddd44', type: 'general-purpose', stoppedAt: at(30)}),
		item({agentId: 'eeeeeeee55', type: 'general-purpose', stoppedAt: at(30)}, {name: 'scout', description: 'Map the repo', descriptionSource: 'parent'}),
	];
	const named = sessionReport(
		's',
		same,
		lanesOf(same, () => undefined, NOW),
		NOW,
	);
	const markdown = reportMarkdown(named, iso => iso);

	it('as the list does: its name or type, and its task', () => {
		expect(named.agents.map(a => [a.name, a.task])).toEqual([
			['general-purpose', 'Count files'],
			['general-purpose', 'Count lines'],
			['general-purpose', null],
			['general-purpose', null],
			['scout (general-purpose)', 'Map the repo'],
		]);
		const cells = markdown
			.split('\n')
			.filter(line => line.startsWith('| ✓'))
			.map(row => row.split(' | ')[1]);
		expect(cells).toEqual([
			'general-purpose · Count files',
			'general-purpose · Count lines',
			'general-purpose `cccccccc`',
			'general-purpose `dddddddd`',
			'scout (general-purpose) · Map the repo',
		]);
		const bars = markdown.split('\n').flatMap(line => /^ {4}✓ (.+) :done, t\d/u.exec(line)?.[1] ?? []);
		expect(bars).toEqual([
			'general-purpose · Count files',
			'general-purpose · Count lines',
			'general-purpose cccccccc',
			'general-purpose dddddddd',
			'scout (general-purpose) · Map the repo',
		]);
	});
});

describe('markdownText and mermaidName', () => {
	it('escape what would change the Markdown, and keep one line', () => {
		expect(markdownText('a|b*c_d<e>\nf')).toBe('a\\|b\\*c\\_d&lt;e&gt; f');
		expect(markdownText('1. not a list')).toBe('1\\. not a list');
		expect(markdownText('\u001B[31mred')).not.toContain('\u001B');
	});

	it('escape `$` (GitHub reads $…$ as math) and `&` (an entity would show decoded)', () => {
		expect(markdownText('costs $5 and $x^2$')).toBe('costs \\$5 and \\$x^2\\$');
		expect(markdownText('&lt;img src=x&gt; &amp; <b>')).toBe('&amp;lt;img src=x&amp;gt; &amp;amp; &lt;b&gt;');
	});

	it('leave a gantt name nothing Mermaid reads as syntax', () => {
		expect(mermaidName('a: b; c # d')).toBe('a b c d');
		expect(mermaidName(':::')).toBe('agent');
		expect(mermaidName(hostile)).not.toMatch(/[:;#<>`]/u);
	});
});

describe('the cost in the report', () => {
	const response = (id: string, model: string) =>
		JSON.stringify({
			type: 'assistant',
			timestamp: at(1),
			message: {id, model, content: [{type: 'text', text: 'x'}], usage: {input_tokens: 1000, output_tokens: 10}},
		});
	const read = (lines: string[]) =>
		agentActivity({summary: foldLines(emptySummary(LIST_PRICES), lines), meta: undefined, history: undefined, missing: false, parent: undefined});
	const priced = [
		item({agentId: 'p1'}, {activity: read([response('m1', 'claude-haiku-4-5')])}),
		item({agentId: 'p2'}, {activity: read([response('m2', 'my-local-llama')])}),
		item({agentId: 'p3'}),
	];
	const costly = sessionReport(
		's',
		priced,
		lanesOf(priced, () => undefined, NOW),
		NOW,
	);

	it('each agent as ls --json gives it, the total of those known with the responses left out', () => {
		// Haiku 4.5: 1,000 in at $1, 10 out at $5 per million.
		expect(costly.agents.map(a => (a.cost === null ? 'unknown' : a.cost.usd))).toEqual([0.00105, null, 'unknown']);
		expect(costly.totals.cost).toEqual({usd: 0.00105, pricesAsOf: LIST_PRICES.asOf, estimated: true, unpricedResponses: 1});
	});

	it('Markdown: a cost column, `?` when unknown, `$` escaped (GitHub reads $…$ as math), the estimate said', () => {
		const markdown = reportMarkdown(costly, iso => iso.slice(11, 19));
		expect(markdown).toContain('| tokens | cost | tool calls |');
		expect(markdown).toMatch(/· ≥\\\$0\.0011 · /u);
		const rows = markdown.split('\n').filter(line => line.startsWith('| ✓'));
		expect(rows.map(row => row.split('|')[5]!.trim())).toEqual(['\\$0.0011', '?', '?']);
		expect(markdown).not.toMatch(/(^|[^\\])\$\d/mu);
		expect(markdown).toContain(`cost is an estimate at list prices of ${LIST_PRICES.asOf}; subscription plans pay differently`);
	});
});

describe('grouped', () => {
	it('writes numbers as toLocaleString("en-US") does', () => {
		const values = [
			0,
			-0,
			1,
			12,
			999,
			1000,
			1001,
			9_906_525,
			123_456_789,
			-1234,
			-999,
			Number.MAX_SAFE_INTEGER,
			-Number.MAX_SAFE_INTEGER,
			1.5,
			1234.5678,
			1e21,
			NaN,
			Infinity,
			-Infinity,
		];
		for (const n of values) {
			expect(grouped(n), String(n)).toBe(n.toLocaleString('en-US'));
		}
	});
});

describe("the report's gantt, read by Mermaid's own gantt grammar", () => {
	// Names that start with a gantt keyword and a space, make the grammar fail, or read as a comment.
	const hostileNames = [
		'Title writer',
		'dateFormat YYYY',
		'DATEFORMAT YYYY-MM',
		'axisFormat %Y',
		'excludes weekends',
		'includes 2026-11-26',
		'tickInterval 1day',
		'weekday monday',
		'weekend friday',
		'todayMarker off',
		'section Evil',
		'Click handler audit',
		'click t0 href "https://example.invalid"',
		'call back()',
		'href "x"',
		'topAxis',
		'inclusiveEndDates',
		'gantt',
		'5% faster',
		'%% a comment',
		'%%{init: {"theme": "dark"}}%%',
		'accTitle: owned',
		'accDescr { owned }',
		'accDescription owned',
		'2026-11-26 report',
		'a: b; c # d',
		'',
		'   ',
		'\u001B[31mred\u001B[0m',
	];
	const hostileAgents = hostileNames.flatMap((text, i) => [
		item({agentId: `type${i}`.padEnd(17, 'x'), type: text, startedAt: at(i), stoppedAt: at(i + 5)}),
		item({agentId: `name${i}`.padEnd(17, 'x'), type: 'general-purpose', startedAt: at(i), stoppedAt: at(i + 5)}, {name: text}),
		item({agentId: `task${i}`.padEnd(17, 'x'), type: 'Explore', startedAt: at(i), stoppedAt: at(i + 5)}, {description: text, descriptionSource: 'parent'}),
		item({agentId: `team${i}`.padEnd(17, 'x'), type: '', teammateName: text, status: 'active', startedAt: at(i), stoppedAt: undefined}),
	]);
	const hostileReport = sessionReport(
		'5%-title-writer',
		hostileAgents,
		lanesOf(hostileAgents, () => undefined, NOW),
		NOW,
	);

	it('a bar per agent, in order, at its times; no name changes a setting', async () => {
		const [block, ...more] = mermaidBlocks(reportMarkdown(hostileReport, iso => iso));
		expect(more).toEqual([]);
		const gantt = await parseGantt(block!);
		expect(gantt.title).toBe('Agents of session 5%-title');
		expect([gantt.dateFormat, gantt.axisFormat]).toEqual(['x', '%H:%M:%S']);
		expect(gantt.settings).toEqual({
			tickInterval: undefined,
			todayMarker: '',
			includes: [],
			excludes: [],
			weekday: 'sunday',
			topAxis: false,
			inclusiveEndDates: false,
			accTitle: '',
			accDescription: '',
		});
		expect(gantt.tasks).toHaveLength(hostileAgents.length);
		for (const [i, agent] of hostileReport.agents.entries()) {
			const task = gantt.tasks[i]!;
			expect(task.startMs, agent.agentId).toBe(Date.parse(agent.startedAt));
			expect(task.endMs, agent.agentId).toBe(agent.stoppedAt === null ? NOW : Date.parse(agent.stoppedAt));
		}
	});

	it('each bar says its agent', async () => {
		const gantt = await parseGantt(mermaidBlocks(reportMarkdown(hostileReport, iso => iso))[0]!);
		// What of the label is left once Mermaid's syntax is out: its words.
		const words = (text: string) =>
			mermaidName(text)
				.split(' ')
				.filter(w => /\w/u.test(w));
		for (const [i, agent] of hostileReport.agents.entries()) {
			const bar = gantt.tasks[i]!.task;
			for (const word of words(agent.task ?? agent.name)) {
				expect(bar, agent.agentId).toContain(word);
			}
		}
	});
});
