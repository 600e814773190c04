// The detail pane's lines: the agent's fields, its lifecycle, its report (Markdown as far as it is
// rendered) and every tool call. Pure.
import {head} from '../../core/text/bounded.js';
import {clip} from '../../core/text/cut.js';
import {wrapText} from '../../core/text/wrap.js';
import {lifecycleLines, type SessionLifecycle} from '../../core/record/lifecycle.js';
import type {MonitorItem} from '../../core/monitor/model.js';
import {compactNumber} from '../../core/text/format.js';
import {activityFields, detailFields} from '../../present/detail-fields.js';
import {PIECE_SIZE} from './markdown-pieces.js';

/** A last message rendered as terminal Markdown, as far as it is (see ui/markdown). */
export interface RenderedMessage {
	readonly lines: readonly string[];
	/** Pieces rendered, of about `pieces`: a long message is rendered piece by piece. */
	readonly done: number;
	readonly pieces: number;
	/** Where the message is cut for display (characters), when it is longer than is ever rendered. */
	readonly cutAt: number | undefined;
}

/** What the detail pane reads of the screen's input. */
export interface DetailInput {
	readonly sessionId: string | undefined;
	readonly now: number;
	/** Local time of an ISO timestamp. */
	readonly time: (iso: string) => string;
	/** The last message rendered as terminal Markdown lines, as far as it is; undefined before. */
	readonly markdown: (text: string, width: number) => RenderedMessage | undefined;
	/** What the session's event log says of each agent's lifecycle; absent: not read. */
	readonly lifecycle?: SessionLifecycle;
}

/** Hard-wraps plain text, paragraph by paragraph, for when Markdown is not rendered (yet). */
export function wrapParagraphs(text: string, width: number): string[] {
	return text.split('\n').flatMap(line => (line.trim() === '' ? [''] : wrapText(line, width, Number.MAX_SAFE_INTEGER)));
}

/** The tool calls of the detail pane: time, summary, and the result on the next line. */
function toolCallLines(activity: MonitorItem['activity'], input: DetailInput, width: number, running: boolean): string[] {
	const calls = activity?.summary.toolCalls ?? [];
	if (calls.length === 0) {
		return [];
	}
	const total = Object.values(activity?.summary.toolCounts ?? {}).reduce((n, c) => n + c, 0);
	const shownNote = total > calls.length ? `, the last ${calls.length} shown` : '';
	const lines = ['', `── tool calls (${total}${shownNote}) `.padEnd(Math.min(width, 40), '─')];
	for (const call of calls) {
		const time = call.at === undefined ? '        ' : input.time(new Date(call.at).toISOString()).slice(-8).padStart(8);
		lines.push(clip(`${time}  ${call.summary}`, width));
		if (call.result !== undefined) {
			lines.push(...wrapText(`${call.isError ? '✗ ' : '→ '}${call.result}`, Math.max(10, width - 10), 2).map(l => `          ${l}`));
		} else {
			// A call without a result is running only while its agent is (or waits); after it: none came.
			lines.push(running ? '          … running' : '          (no result)');
		}
	}
	return lines;
}

/** The detail pane's body while its message's Markdown is not rendered yet. */
export const MARKDOWN_PENDING = '…';

/** The detail pane's lines, and how far its message's Markdown is rendered while it is not yet. */
export function detailLines(item: MonitorItem, input: DetailInput, width: number): {readonly lines: string[]; readonly rendering: string | undefined} {
	const {activity} = item;
	const fields = [...detailFields(item, input.sessionId, input.now, input.time), ...activityFields(item)];
	const labelWidth = Math.max(...fields.map(([label]) => label.length)) + 2;
	const valueWidth = Math.max(10, width - labelWidth);
	const top = fields.flatMap(([label, value]) => wrapText(value, valueWidth, 3).map((line, i) => `${(i === 0 ? label : '').padEnd(labelWidth)}${line}`));
	// The report: the stop event's message, else the transcript's (the model chose).
	const message = item.report;
	const rendered = message ? input.markdown(message, width) : undefined;
	const cutNote =
		rendered?.cutAt === undefined
			? []
			: wrapText(
					`message cut at ${compactNumber(rendered.cutAt)} of ${compactNumber(message?.length ?? 0)} characters for display; full text: agentlog ls --json`,
					width,
					3,
				);
	let body: readonly string[];
	let rendering: string | undefined;
	if (rendered) {
		rendering = rendered.done < rendered.pieces ? `rendering ${rendered.done}/${rendered.pieces}…` : undefined;
		body = [...rendered.lines, ...(rendering === undefined ? [] : ['', rendering]), ...(cutNote.length > 0 ? ['', ...cutNote] : [])];
	} else if (message && /\S/u.test(head(message, PIECE_SIZE))) {
		// Until the Markdown is rendered (the renderer loads in the background once watch has drawn;
		// a pane opened before shows this for a moment): a placeholder, never the raw Markdown.
		rendering = message.length > PIECE_SIZE ? 'rendering…' : undefined;
		body = [rendering ?? MARKDOWN_PENDING];
	} else {
		body = [item.displayStatus === 'active' ? '(no message yet: it arrives when the agent stops)' : '(no message)'];
	}
	const lines = [
		...top,
		...lifecycleLines(item.agent, input.lifecycle, input.time, width, item.activity?.lifecycle),
		...(cutNote.length > 0 ? ['', ...cutNote] : []),
		'',
		'─'.repeat(Math.min(width, 40)),
		...body,
		...toolCallLines(activity, input, width, item.displayStatus === 'active' || item.displayStatus === 'waiting' || item.displayStatus === 'idle'),
	];
	return {lines, rendering};
}
