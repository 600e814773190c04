// A Mermaid gantt block read by Mermaid itself (the npm package, a dev dependency): its jison
// grammar and its gantt database, as GitHub's renderer reads it. Node has no DOM, so DOMPurify
// (which Mermaid calls on titles and names while parsing) has no `sanitize` there: it is set to
// give its text back unchanged, which changes no parse.
import DOMPurify from 'dompurify';

export interface GanttTask {
	readonly task: string;
	readonly section: string;
	readonly startMs: number;
	readonly endMs: number;
}

export interface ParsedGantt {
	readonly title: string;
	readonly dateFormat: string;
	readonly axisFormat: string;
	/** Every setting a line can make besides those above, as Mermaid's database holds it. */
	readonly settings: Readonly<Record<string, unknown>>;
	readonly sections: readonly string[];
	readonly tasks: readonly GanttTask[];
}

interface GanttDb {
	getDiagramTitle(): string;
	getDateFormat(): string;
	getAxisFormat(): string;
	getTickInterval(): string | undefined;
	getTodayMarker(): string;
	getIncludes(): string[];
	getExcludes(): string[];
	getWeekday(): string;
	topAxisEnabled(): boolean;
	endDatesAreInclusive(): boolean;
	getAccTitle(): string;
	getAccDescription(): string;
	getSections(): string[];
	getTasks(): {task: string; section: string; startTime: Date; endTime: Date}[];
}

const purify = DOMPurify as unknown as {sanitize?: (text: string) => string; addHook?: () => void};
if (typeof purify.sanitize !== 'function') {
	purify.sanitize = (text: string) => text;
	purify.addHook = () => {};
}

/** The gantt block (without its fence), as Mermaid reads it; throws Mermaid's parse error. */
export async function parseGantt(text: string): Promise<ParsedGantt> {
	const {default: mermaid} = await import('mermaid');
	// parse registers Mermaid's diagrams (getDiagramFromText alone knows none) and throws a parse error.
	await mermaid.parse(text);
	const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
	if (diagram.type !== 'gantt') {
		throw new Error(`not a gantt: ${diagram.type}`);
	}
	const db = diagram.db as unknown as GanttDb;
	return {
		title: db.getDiagramTitle(),
		dateFormat: db.getDateFormat(),
		axisFormat: db.getAxisFormat(),
		settings: {
			tickInterval: db.getTickInterval(),
			todayMarker: db.getTodayMarker(),
			includes: db.getIncludes(),
			excludes: db.getExcludes(),
			weekday: db.getWeekday(),
			topAxis: db.topAxisEnabled(),
			inclusiveEndDates: db.endDatesAreInclusive(),
			accTitle: db.getAccTitle(),
			accDescription: db.getAccDescription(),
		},
		sections: db.getSections(),
		tasks: db.getTasks().map(t => ({task: t.task, section: t.section, startMs: t.startTime.getTime(), endMs: t.endTime.getTime()})),
	};
}

/** The text of each ```mermaid block in a Markdown document. */
export function mermaidBlocks(markdown: string): string[] {
	return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)^```$/gmu)].map(m => m[1]!);
}
