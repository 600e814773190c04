// Durations, times and text as the monitor shows them (docs/design.md#the-monitors-rules, docs/design.md#the-tui). Pure: the clock and
// the time zone are parameters.
import type {Result as ParseResult} from '../result.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds of an ISO timestamp, or undefined when it is missing or unreadable. */
export function parseTime(iso: string | undefined): number | undefined {
	if (iso === undefined || iso === '') {
		return undefined;
	}
	const ms = Date.parse(iso);
	return Number.isNaN(ms) ? undefined : ms;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * `0s`, `45s`, `3m 05s`, `1h 02m`, `2d 3h`. Rounds down to whole seconds (a clock that ticks
 * once a second must never show a second that has not passed). Negative, NaN or infinite → `0s`.
 */
export function formatDuration(ms: number): string {
	if (!Number.isFinite(ms) || ms <= 0) {
		return '0s';
	}
	const total = Math.floor(ms / SECOND);
	const days = Math.floor(total / 86_400);
	const hours = Math.floor((total % 86_400) / 3600);
	const minutes = Math.floor((total % 3600) / 60);
	const seconds = total % 60;
	if (days > 0) {
		return `${days}d ${hours}h`;
	}
	if (hours > 0) {
		return `${hours}h ${pad2(minutes)}m`;
	}
	if (minutes > 0) {
		return `${minutes}m ${pad2(seconds)}s`;
	}
	return `${seconds}s`;
}

/**
 * How long an agent has been silent: to the second under a minute, else to the minute (`5m`,
 * `1h 05m`, `2d 3h`), so a clock that ticks every 30 s never shows stale seconds.
 */
export function formatSilence(ms: number): string {
	if (!Number.isFinite(ms) || ms < 60 * SECOND) {
		return formatDuration(ms);
	}
	const text = formatDuration(Math.floor(ms / (60 * SECOND)) * 60 * SECOND);
	return text.endsWith(' 00s') ? text.slice(0, -4) : text;
}

/** The first 8 characters of an id (session ids are UUIDs; 8 hex characters tell them apart). */
export function shortId(id: string): string {
	return id.slice(0, 8);
}

type Clock = {readonly date: string; readonly time: string};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
	const key = timeZone ?? '';
	let formatter = formatters.get(key);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(key, formatter);
	}
	return formatter;
}

/**
 * The process's own zone, from Date's getters: the same text as the formatter's, without making
 * one (an Intl.DateTimeFormat costs 20–30 ms in a fresh process: a tenth of a `report`).
 */
function ownClockOf(ms: number): Clock | undefined {
	const d = new Date(ms);
	const year = d.getFullYear();
	if (year < 1) {
		return undefined;
	}
	return {date: `${year}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`, time: `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`};
}

function clockOf(ms: number, timeZone: string | undefined): Clock {
	const own = timeZone === undefined ? ownClockOf(ms) : undefined;
	if (own !== undefined) {
		return own;
	}
	const parts: Record<string, string> = {};
	for (const part of formatterFor(timeZone).formatToParts(ms)) {
		parts[part.type] = part.value;
	}
	return {date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}`};
}

/**
 * Local wall-clock time of an ISO timestamp: `14:03:07` when it falls on the same local day as
 * `now`, else `2026-11-21 14:03`. `timeZone` is an IANA name (default: the process's zone); an
 * unknown zone falls back to the default. Decision: an unreadable timestamp is returned as it is,
 * so the detail pane still shows what the file holds.
 */
export function formatLocalTime(iso: string, now: number, timeZone?: string): string {
	const ms = parseTime(iso);
	if (ms === undefined) {
		return iso;
	}
	let zone = timeZone;
	try {
		if (zone !== undefined) {
			formatterFor(zone);
		}
	} catch {
		zone = undefined;
	}
	const at = clockOf(ms, zone);
	if (at.date === clockOf(now, zone).date) {
		return at.time;
	}
	return `${at.date} ${at.time.slice(0, 5)}`;
}

const UNIT_MS: Readonly<Record<string, number>> = {d: DAY, h: HOUR, m: MINUTE, s: SECOND, ms: 1};
// Largest unit first; each unit at most once.
const UNIT_ORDER = ['d', 'h', 'm', 's', 'ms'];
const DURATION_PART = /(\d+(?:\.\d+)?)\s*(ms|d|h|m|s)\s*/gy;

/** Accepted form, quoted in every error. */
export const DURATION_FORM = 'a number with a unit (ms, s, m, h, d), e.g. 90s, 5m, 1h, 1h30m or 500ms';

function durationError(text: string, why: string): ParseResult<number> {
	return {ok: false, error: `invalid duration ${JSON.stringify(text)}: ${why}; use ${DURATION_FORM}`};
}

function whyNotADuration(input: string): string {
	if (input.startsWith('-')) {
		return 'it must be more than 0';
	}
	return /^\+?\d+(\.\d+)?$/.test(input) ? 'it has no unit' : 'it is not a duration';
}

/**
 * Parses a duration such as `90s`, `5m`, `1h`, `1h30m`, `500ms`, `1.5h` (for `--stale`) into ms.
 * Decisions: a bare number is rejected (seconds or milliseconds? the user must say); units go
 * from largest to smallest, each once; case and spaces between parts are tolerated; the result
 * is rounded to whole ms and must be more than 0.
 */
export function parseDuration(text: string): ParseResult<number> {
	const input = text.trim().toLowerCase();
	if (input === '') {
		return durationError(text, 'it is empty');
	}
	let total = 0;
	let lastUnit = -1;
	DURATION_PART.lastIndex = 0;
	while (DURATION_PART.lastIndex < input.length) {
		const match = DURATION_PART.exec(input);
		const unit = match?.[2] ?? '';
		const factor = UNIT_MS[unit];
		if (!match || factor === undefined) {
			return durationError(text, whyNotADuration(input));
		}
		const order = UNIT_ORDER.indexOf(unit);
		if (order <= lastUnit) {
			return durationError(text, 'units must go from largest to smallest, each once');
		}
		lastUnit = order;
		total += Number(match[1]) * factor;
	}
	const ms = Math.round(total);
	if (ms <= 0) {
		return durationError(text, 'it must be more than 0');
	}
	if (!Number.isSafeInteger(ms)) {
		return durationError(text, 'it is too long');
	}
	return {ok: true, value: ms};
}

/** 13522 → `13.5k`, 2_300_000 → `2.3M`. */
export function compactNumber(n: number): string {
	if (n < 1000) {
		return String(n);
	}
	if (n < 1_000_000) {
		return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
	}
	return `${(n / 1_000_000).toFixed(1)}M`;
}
