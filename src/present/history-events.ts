// What `history --events` prints of a log line as text (time, event, agent, type, state, a short
// summary of its data, made safe), and the note under `history` on agents `agentlog import` added.
import {displayEventLine} from '../core/history/display-event-line.js';
import type {EventLine} from '../core/record/event-line.js';
import {truncate} from '../core/text/cut.js';
import {formatLocalTime} from '../core/text/format.js';

/** A short summary of a line's `data` for `--events` text: its facts, without the long texts. */
function dataSummary(line: EventLine): string {
	const data = line.data;
	if (data === undefined) {
		return '';
	}
	const parts: string[] = [];
	for (const [key, value] of Object.entries(data)) {
		if (key === 'prompt' || key === 'agentTranscriptPath') {
			continue;
		}
		if (typeof value === 'string') {
			parts.push(`${key}=${truncate(value, key === 'lastMessage' ? 40 : 60)}`);
		} else if (typeof value === 'number' || typeof value === 'boolean') {
			parts.push(`${key}=${value}`);
		} else if (Array.isArray(value)) {
			parts.push(`${key}=[${value.length}]`);
		}
	}
	return parts.join(' ');
}

/** One row of `history --events` text, made safe by displayEventLine. */
export function eventRow(raw: EventLine, now: number): string[] {
	const line = displayEventLine(raw);
	return [formatLocalTime(line.at, now), line.event, line.agentId ?? '-', line.type ?? '', line.state ?? '', dataSummary(line)];
}

export const EVENT_HEADERS: readonly string[] = ['TIME', 'EVENT', 'AGENT', 'TYPE', 'STATE', 'DATA'];

/** The line under the table saying how many agents `agentlog import` added (`source: transcript`). */
export function importedNote(imported: number, total: number): string {
	if (imported === total) {
		return imported === 1 ? 'this agent comes from a transcript (agentlog import)' : `all ${imported} of these agents come from transcripts (agentlog import)`;
	}
	return `${imported} of these agents ${imported === 1 ? 'comes' : 'come'} from transcripts (agentlog import)`;
}
