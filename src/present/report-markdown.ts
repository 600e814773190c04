// `agentlog report`'s Markdown: a Mermaid gantt of when each agent ran (GitHub draws it),
// failures and interruptions first, a table per agent, each agent's summary line, totals. Every
// string from outside is made safe for Markdown here: a description cannot break the table or the
// diagram. The report itself (what it counts) is made in report.ts. Pure.
import {formatDuration, shortId} from '../core/text/format.js';
import {safeLine} from '../core/text/safe-text.js';
import {truncate} from '../core/text/cut.js';
import type {LaneStatus} from './timeline.js';
import type {JsonCost} from '../core/cost/cost.js';
import {jsonCostText, pricesNote} from './cost-text.js';
import type {ReportAgent, SessionReport} from './report.js';

const HTML_ESCAPE: Readonly<Record<string, string>> = {'<': '&lt;', '>': '&gt;', '&': '&amp;'};

/**
 * Text made safe inside a Markdown table cell or a line: one line, terminal-safe, Markdown and
 * HTML characters escaped (`|` cannot end the cell, `<` cannot open a tag, `&lt;` stays those four
 * characters, `$` cannot start GitHub's math), cut to `max`.
 */
export function markdownText(text: string, max = 120): string {
	return truncate(safeLine(text), max)
		.replace(/[\\`*_[\]|#<>~$&]/gu, ch => HTML_ESCAPE[ch] ?? `\\${ch}`)
		.replace(/^([-+=])(\s)/u, '\\$1$2')
		.replace(/^(\d+)\.(\s)/u, '$1\\.$2');
}

/** A gantt task's name: Mermaid ends the name at `:` and a line at `;` or `#`; none of them, no brackets. */
export function mermaidName(text: string, max = 60): string {
	const cleaned = truncate(safeLine(text), max)
		.replace(/[:;#`"'<>{}[\]\\]/gu, ' ')
		.replace(/\s+/gu, ' ')
		.trim();
	return cleaned === '' ? 'agent' : cleaned;
}

/** How the report calls an agent: as the list does, its name and its task (`scout (general-purpose) · Map the repo`). */
function labelOf(agent: ReportAgent): string {
	return agent.task === null ? agent.name : `${agent.name} · ${agent.task}`;
}

/**
 * Each agent's label, with its short id after it when another agent's reads the same (two
 * `Explore` agents without a task): every row and bar of the report can be told apart.
 */
function reportLabels(agents: readonly ReportAgent[]): {readonly text: string; readonly id: string | null}[] {
	const texts = agents.map(labelOf);
	const seen = new Map<string, number>();
	for (const text of texts) {
		const key = mermaidName(text);
		seen.set(key, (seen.get(key) ?? 0) + 1);
	}
	return texts.map((text, i) => ({text, id: (seen.get(mermaidName(text)) ?? 0) > 1 ? shortId(agents[i]!.agentId) : null}));
}

/** A glyph per status, as the list's; the first thing of each bar in the gantt. */
const STATUS_GLYPH: Readonly<Record<LaneStatus, string>> = {
	active: '●',
	idle: '◐',
	waiting: '◆',
	stale: '◌',
	completed: '✓',
	failed: '✗',
	interrupted: '╳',
	'user-stopped': '■',
};

const STATUS_WORD: Readonly<Record<LaneStatus, string>> = {
	active: `${STATUS_GLYPH.active} running`,
	idle: `${STATUS_GLYPH.idle} idle`,
	waiting: `${STATUS_GLYPH.waiting} waiting`,
	stale: `${STATUS_GLYPH.stale} stale`,
	completed: `${STATUS_GLYPH.completed} completed`,
	failed: `${STATUS_GLYPH.failed} failed`,
	interrupted: `${STATUS_GLYPH.interrupted} interrupted`,
	'user-stopped': `${STATUS_GLYPH['user-stopped']} stopped by you`,
};

/** Mermaid's tag for a bar: failures in red (crit), running ones highlighted (active), finished ones grey (done). */
function ganttTag(status: LaneStatus): string {
	return status === 'failed' || status === 'interrupted'
		? 'crit, '
		: status === 'completed'
			? 'done, '
			: status === 'active' || status === 'waiting'
				? 'active, '
				: '';
}

/**
 * `1,234,567`, as `toLocaleString('en-US')` writes it; whole numbers without it, which loads
 * ICU's number formatting (~10–30 ms, once per process: a third of what a warm `report` spends).
 */
export function grouped(n: number): string {
	if (!Number.isSafeInteger(n) || Object.is(n, -0)) {
		return n.toLocaleString('en-US');
	}
	return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(?:\d{3})+$)/gu, ',')}`;
}

const count = (n: number | null): string => (n === null ? '?' : grouped(n));
const duration = (ms: number | null): string => (ms === null ? '?' : formatDuration(ms));
/** A cost in Markdown: `$` escaped (GitHub reads `$…$` as math); `?` when unknown. */
const dollars = (cost: JsonCost | null): string => (cost === null ? '?' : jsonCostText(cost).replaceAll('$', '\\$'));

/** The report as Markdown. `time` formats an ISO time for people (local time). */
export function reportMarkdown(report: SessionReport, time: (iso: string) => string): string {
	const short = report.sessionId.slice(0, 8);
	const t = report.totals;
	const statusWords = (Object.entries(t.byStatus) as [LaneStatus, number][])
		.map(([status, n]) => `${n} ${status === 'user-stopped' ? 'stopped by you' : status}`)
		.join(', ');
	const lines: string[] = [
		`## Agents of session \`${markdownText(short, 16)}\``,
		'',
		`${t.agents} agent${t.agents === 1 ? '' : 's'} (${statusWords || 'none'}) · ${duration(t.wallMs)} wall time, ${duration(t.agentMs)} of agent time · at most ${t.peakAtOnce} at once · ${count(t.tokens)} tokens · ${dollars(t.cost)} · ${count(t.toolCalls)} tool call${t.toolCalls === 1 ? '' : 's'}`,
		'',
	];
	const labels = reportLabels(report.agents);
	const cell = (i: number, max: number): string => {
		const label = labels[i]!;
		return `${markdownText(label.text, max)}${label.id === null ? '' : ` \`${label.id}\``}`;
	};
	const bar = (i: number, max: number): string => {
		const label = labels[i]!;
		return `${mermaidName(label.text, max)}${label.id === null ? '' : ` ${label.id}`}`;
	};
	const trouble = report.agents.filter(a => a.status === 'failed' || a.status === 'interrupted' || a.status === 'user-stopped');
	if (trouble.length > 0) {
		lines.push(trouble.some(a => a.status === 'user-stopped') ? '### Failures, interruptions and stops' : '### Failures and interruptions', '');
		// Its id follows its label here.
		for (const a of trouble) {
			const when = a.stoppedAt === null ? '' : ` at ${markdownText(time(a.stoppedAt), 40)}`;
			const why = a.status === 'user-stopped' ? null : a.why;
			lines.push(
				`- **${markdownText(labelOf(a), 80)}** \`${a.agentId.slice(0, 12)}\` ${a.status === 'user-stopped' ? 'stopped by you' : a.status}${when}${why === null ? '' : `: ${markdownText(why, 200)}`}`,
			);
		}
		lines.push('');
	}
	if (report.agents.length > 0) {
		lines.push('### Timeline', '', '```mermaid', 'gantt', `    title Agents of session ${mermaidName(short)}`, '    dateFormat x', '    axisFormat %H:%M:%S');
		let section = '';
		for (const [i, a] of report.agents.entries()) {
			// A section per top-level agent and those it started.
			if (a.depth === 0 || section === '') {
				section = bar(i, 40);
				lines.push(`    section ${section}`);
			}
			const start = Date.parse(a.startedAt);
			const end = a.stoppedAt !== null ? Date.parse(a.stoppedAt) : a.durationMs !== null ? start + a.durationMs : Date.parse(report.generatedAt);
			// The glyph first: Mermaid reads a line that starts with a keyword and a space (`title`,
			// `dateFormat`, `excludes`, `click`…, any case) as a setting, not a bar, one that starts
			// with `topAxis` or `section` as something else, and one whose second character is `%`
			// as a comment. A line that starts with a glyph and a space is a bar.
			lines.push(`    ${STATUS_GLYPH[a.status]} ${bar(i, 60)} :${ganttTag(a.status)}t${i}, ${start}, ${Math.max(end, start + 1)}`);
		}
		lines.push('```', '');
		lines.push('### Agents', '', '| status | agent | duration | tokens | cost | tool calls | files changed | summary |', '|---|---|--:|--:|--:|--:|--:|---|');
		for (const [i, a] of report.agents.entries()) {
			const name = `${'↳ '.repeat(Math.min(a.depth, 5))}${cell(i, 100)}`;
			// The task is in the agent's cell; without a summary, the cell stays empty.
			const about = a.summary ?? (a.task === null ? a.description : null);
			lines.push(
				`| ${STATUS_WORD[a.status]} | ${name} | ${duration(a.durationMs)} | ${count(a.tokens)} | ${dollars(a.cost)} | ${count(a.toolCalls)} | ${count(a.filesChanged)} | ${about === null ? '' : markdownText(about, 160)} |`,
			);
		}
		lines.push('');
	}
	lines.push(
		`<sub>agentlog report · ${markdownText(time(report.generatedAt), 40)} · tokens are input, output, cache read and cache write over each agent's responses${t.cost === null ? '' : ` · cost is ${pricesNote(t.cost.pricesAsOf)}`}</sub>`,
		'',
	);
	return lines.join('\n');
}
