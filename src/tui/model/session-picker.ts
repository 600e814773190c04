// The session picker (key s) as lines: the sessions `agentlog sessions` lists, newest first, with
// their counts and how long ago they were last active; the chosen line marked. Pure.
import type {SessionInfo} from '../../core/monitor/sessions.js';
import {formatSilence, shortId} from '../../core/text/format.js';
import {clip} from '../../core/text/cut.js';
import {safeLine} from '../../core/text/safe-text.js';
import {countsText, PROVIDER_MARK} from '../../present/present.js';

export interface SessionChoice extends SessionInfo {
	/** How `sessions` names it (a team's name, or its id). */
	readonly label: string;
	/** The machine it is on (`watch --host`), shown before it. */
	readonly host?: string;
	/** Whether it is shown now, when that is not `current` (one session per host). */
	readonly shown?: boolean;
}

export interface PickerInput {
	readonly sessions: readonly SessionChoice[];
	/** The chosen line. */
	readonly index: number;
	/** The session shown now, and whether it is followed as the newest. */
	readonly current: string | undefined;
	readonly following: boolean;
	readonly now: number;
}

/** The picker's lines, the chosen one kept in the `height` shown; and which line is chosen. */
export function pickerLines(input: PickerInput, width: number, height: number): string[] {
	const head = [`Sessions, newest first${input.following ? ' · following the newest' : ''}`, '↑↓ choose · Enter switch · f follow the newest · Esc close', ''];
	if (input.sessions.length === 0) {
		return [...head, 'No sessions yet (agentlog sessions lists them).'].map(line => clip(line, width));
	}
	const rows = input.sessions.map((s, i) => {
		const mark = i === input.index ? '›' : ' ';
		const here = (s.shown ?? s.id === input.current) ? '*' : ' ';
		const host = s.host === undefined ? '' : `${safeLine(s.host)} · `;
		const name = `${host}${s.provider === 'codex' || s.provider === 'gemini' ? `${PROVIDER_MARK[s.provider]} ` : ''}${safeLine(s.label === s.id ? shortId(s.id) : s.label)}`;
		return `${mark}${here} ${name} · ${countsText(s.counts, true)} · ${formatSilence(input.now - s.lastActivity)} ago`;
	});
	const room = Math.max(1, height - head.length);
	const first = Math.max(0, Math.min(input.index - Math.floor(room / 2), rows.length - room));
	return [...head, ...rows.slice(first, first + room)].map(line => clip(line, width));
}
