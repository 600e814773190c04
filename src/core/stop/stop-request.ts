// The user's request to stop agents (`agentlog stop`, `x` in watch), as the hook reads it. Pure.
//
// One file per session, `<activity>/.stop-requests/<sessionId>.json`, written only by agentlog:
// `{"v": 1, "kind": "agentlog-stop", "sessionId", "requests": [{id, agents, runs, requestedAt,
// expiresAt}]}`. A request names agent ids of the session (each stops with its descendants) and
// workflow run ids (`wf_…`: every agent of the run). The hook carries it out at each covered
// agent's next tool call; it expires `STOP_EXPIRES_MS` after it was made. The file is outside
// data to the hook like any other: anything that is not exactly this shape stops nothing.
import {isSafeId} from '../record/agent-record.js';
import {USER_STOP_MESSAGE} from '../record/limits.js';
import {isObject} from '../record/json.js';
import {fail, ok, type Result} from '../result.js';

export const STOP_FILE_VERSION = 1;
export const STOP_FILE_KIND = 'agentlog-stop';

/**
 * How long a request waits for its agents' next tool call: 30 minutes. A Bash call runs up to 10
 * minutes by default; a request that outlives any call it could wait on is dropped, so a stale one
 * never stops an agent much later.
 */
export const STOP_EXPIRES_MS = 30 * 60 * 1000;

/** The most requests one session's file holds, and the most ids one request names. */
export const MAX_STOP_REQUESTS = 32;
export const MAX_STOP_TARGETS = 256;

/** The largest stop file read (bytes): a bigger one is not ours. */
export const MAX_STOP_FILE_BYTES = 64 * 1024;

export {USER_STOP_MESSAGE};

/** A workflow run id as Claude Code writes it: `wf_` and a few letters, digits and dashes. */
export function isRunId(value: unknown): value is string {
	return typeof value === 'string' && /^wf_[A-Za-z0-9-]{1,64}$/u.test(value);
}

export interface StopRequest {
	/** A few random characters: what `--cancel` and the hook's log name. */
	readonly id: string;
	/** Agent ids: each stops, with every agent under it. */
	readonly agents: readonly string[];
	/** Workflow run ids: every agent of the run stops. */
	readonly runs: readonly string[];
	/** ISO times. */
	readonly requestedAt: string;
	readonly expiresAt: string;
}

export interface StopFile {
	readonly v: number;
	readonly kind: typeof STOP_FILE_KIND;
	readonly sessionId: string;
	readonly requests: readonly StopRequest[];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/u;

function isIso(value: unknown): value is string {
	return typeof value === 'string' && ISO.test(value) && !Number.isNaN(Date.parse(value));
}

function idList(value: unknown, check: (id: unknown) => boolean): string[] | undefined {
	if (value === undefined) {
		return [];
	}
	if (!Array.isArray(value) || value.length > MAX_STOP_TARGETS || !value.every(check)) {
		return undefined;
	}
	return [...new Set(value as string[])];
}

function parseRequest(value: unknown): Result<StopRequest> {
	if (!isObject(value)) {
		return fail('a request is not an object');
	}
	if (typeof value.id !== 'string' || !/^[A-Za-z0-9]{1,32}$/u.test(value.id)) {
		return fail('a request has no valid id');
	}
	const agents = idList(value.agents, isSafeId);
	const runs = idList(value.runs, isRunId);
	if (agents === undefined || runs === undefined) {
		return fail(`request ${value.id}: its agents or runs are not a list of valid ids`);
	}
	if (agents.length + runs.length === 0) {
		return fail(`request ${value.id} names nothing`);
	}
	if (!isIso(value.requestedAt) || !isIso(value.expiresAt)) {
		return fail(`request ${value.id}: requestedAt or expiresAt is not an ISO time`);
	}
	const requested = Date.parse(value.requestedAt);
	const expires = Date.parse(value.expiresAt);
	if (expires <= requested || expires - requested > STOP_EXPIRES_MS) {
		return fail(`request ${value.id}: it expires before it was made or more than ${STOP_EXPIRES_MS / 60_000} minutes after`);
	}
	return ok({id: value.id, agents, runs, requestedAt: value.requestedAt, expiresAt: value.expiresAt});
}

/**
 * Reads a stop file's text for `sessionId` (the session its name says). The whole file is refused
 * when any part of it is wrong: a torn or tampered file stops nothing.
 */
export function parseStopFile(text: string, sessionId: string): Result<StopFile> {
	if (text.length > MAX_STOP_FILE_BYTES) {
		return fail(`over ${MAX_STOP_FILE_BYTES} bytes`);
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return fail('not JSON (torn or not ours)');
	}
	if (!isObject(json) || json.v !== STOP_FILE_VERSION || json.kind !== STOP_FILE_KIND) {
		return fail(`not a version ${STOP_FILE_VERSION} ${STOP_FILE_KIND} file`);
	}
	if (json.sessionId !== sessionId) {
		return fail(`it names session ${JSON.stringify(json.sessionId)}, not ${sessionId}`);
	}
	if (!Array.isArray(json.requests) || json.requests.length > MAX_STOP_REQUESTS) {
		return fail('its requests are not a list (or too many)');
	}
	const requests: StopRequest[] = [];
	for (const value of json.requests) {
		const request = parseRequest(value);
		if (!request.ok) {
			return request;
		}
		requests.push(request.value);
	}
	return ok({v: STOP_FILE_VERSION, kind: STOP_FILE_KIND, sessionId, requests});
}

/** The file's text as agentlog writes it. */
export function formatStopFile(file: StopFile): string {
	return `${JSON.stringify({v: STOP_FILE_VERSION, kind: STOP_FILE_KIND, sessionId: file.sessionId, requests: file.requests}, null, 2)}\n`;
}

/** A request not expired at `nowMs`. */
export function isLive(request: StopRequest, nowMs: number): boolean {
	return Date.parse(request.expiresAt) > nowMs;
}

/** A new request made at `nowMs`, expiring `STOP_EXPIRES_MS` later. */
export function newStopRequest(id: string, agents: readonly string[], runs: readonly string[], nowMs: number): StopRequest {
	return {
		id,
		agents: [...new Set(agents)],
		runs: [...new Set(runs)],
		requestedAt: new Date(nowMs).toISOString(),
		expiresAt: new Date(nowMs + STOP_EXPIRES_MS).toISOString(),
	};
}

/** The session's file with `request` added; expired requests and the oldest past the bound are dropped. */
export function withRequest(file: StopFile | undefined, sessionId: string, request: StopRequest, nowMs: number): StopFile {
	const kept = (file?.requests ?? []).filter(r => isLive(r, nowMs) && r.id !== request.id);
	const requests = [...kept, request].slice(-MAX_STOP_REQUESTS);
	return {v: STOP_FILE_VERSION, kind: STOP_FILE_KIND, sessionId, requests};
}

/** The file without the requests `ids` names (all when `ids` is undefined) and without expired ones. */
export function withoutRequests(file: StopFile, nowMs: number, ids?: ReadonlySet<string>): StopFile {
	return {...file, requests: file.requests.filter(r => isLive(r, nowMs) && ids !== undefined && !ids.has(r.id))};
}
