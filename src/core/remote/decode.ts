// Reading `agentlog stream` lines from another machine: hostile input, like any file. A line is
// parsed only when it is short enough, every field is checked and copied (unknown ones are
// left behind), every string is cut to a bound and made safe for a terminal here, where it
// enters; a snapshot holds at most MAX_AGENTS agents. Pure.
import {isSafeId, type AgentStatus} from '../record/agent-record.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import type {Result} from '../result.js';
import {PROTOCOL_VERSION, type StreamAgent, type StreamLine} from './protocol.js';
import {providerNamed} from '../record/provider.js';

/** The longest line read (UTF-16 units); the reader drops longer ones unread. */
export const MAX_LINE = 4 << 20;
/** Agents in one snapshot (and kept per host). */
export const MAX_AGENTS = 500;
const SHORT = 300;
const LONG = 16_000;
const PROMPT = 2000;
const MAX_TOOL_CALLS = 20;
const MAX_FILES = 50;
const MAX_TOOL_NAMES = 100;

const STATUSES: readonly string[] = ['active', 'idle', 'stopped'];
const DISPLAY: readonly string[] = ['active', 'idle', 'stopped', 'waiting'];

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function line(v: unknown, max = SHORT): string | undefined {
	return typeof v === 'string' ? safeLine(head(v, max)) : undefined;
}

function text(v: unknown, max: number): string | undefined {
	return typeof v === 'string' ? safeText(head(v, max)) : undefined;
}

function orNull(v: string | undefined): string | null {
	return v === undefined ? null : v;
}

function time(v: unknown): string | undefined {
	return typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v)) ? safeLine(v) : undefined;
}

function count(v: unknown): number | undefined {
	return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

function tokensOf(v: unknown): StreamAgent['tokens'] {
	if (!isObj(v)) {
		return null;
	}
	const [input, output, cacheRead, cacheCreation] = [count(v.input), count(v.output), count(v.cacheRead), count(v.cacheCreation)];
	return input === undefined || output === undefined || cacheRead === undefined || cacheCreation === undefined
		? null
		: {input, output, cacheRead, cacheCreation};
}

function toolCountsOf(v: unknown): StreamAgent['toolCounts'] {
	if (!isObj(v)) {
		return null;
	}
	const out: Record<string, number> = {};
	for (const [name, n] of Object.entries(v).slice(0, MAX_TOOL_NAMES)) {
		const c = count(n);
		if (c !== undefined) {
			out[safeLine(head(name, 100))] = c;
		}
	}
	return out;
}

function toolCallsOf(v: unknown): StreamAgent['toolCalls'] {
	if (!Array.isArray(v)) {
		return null;
	}
	return v.slice(-MAX_TOOL_CALLS).flatMap(c => {
		const tool = isObj(c) ? line(c.tool, 100) : undefined;
		if (!isObj(c) || tool === undefined) {
			return [];
		}
		return [{tool, summary: line(c.summary) ?? '', result: orNull(line(c.result, 200)), at: orNull(time(c.at)), isError: c.isError === true}];
	});
}

function filesOf(v: unknown): StreamAgent['files'] {
	return Array.isArray(v) ? v.slice(0, MAX_FILES).flatMap(f => (typeof f === 'string' ? [safeLine(head(f, 1000))] : [])) : null;
}

/** One agent from the wire, checked and copied; an error names what is wrong. */
export function decodeAgent(v: unknown): Result<StreamAgent> {
	if (!isObj(v)) {
		return {ok: false, error: 'an agent is not an object'};
	}
	if (!isSafeId(v.agentId)) {
		return {ok: false, error: 'an agent has no valid agentId'};
	}
	const type = line(v.type, 200);
	const startedAt = time(v.startedAt);
	if (type === undefined || typeof v.status !== 'string' || !STATUSES.includes(v.status) || startedAt === undefined) {
		return {ok: false, error: `agent ${v.agentId} lacks type, status or startedAt`};
	}
	const displayStatus =
		typeof v.displayStatus === 'string' && DISPLAY.includes(v.displayStatus) ? (v.displayStatus as StreamAgent['displayStatus']) : (v.status as AgentStatus);
	const optional: {-readonly [K in keyof StreamAgent]?: StreamAgent[K]} = {};
	const stoppedAt = time(v.stoppedAt);
	const waitingSince = time(v.waitingSince);
	const lastMessage = text(v.lastMessage, LONG);
	const cwd = line(v.cwd, 1000);
	const teammateName = line(v.teammateName);
	const stopReason = line(v.stopReason);
	const waitingFor = line(v.waitingFor);
	const resumeCount = count(v.resumeCount);
	const spawnDepth = count(v.spawnDepth);
	if (isSafeId(v.sessionId)) optional.sessionId = v.sessionId;
	if (stoppedAt !== undefined) optional.stoppedAt = stoppedAt;
	if (waitingSince !== undefined) optional.waitingSince = waitingSince;
	if (lastMessage !== undefined) optional.lastMessage = lastMessage;
	if (cwd !== undefined) optional.cwd = cwd;
	if (teammateName !== undefined) optional.teammateName = teammateName;
	if (stopReason !== undefined) optional.stopReason = stopReason;
	if (waitingFor !== undefined) optional.waitingFor = waitingFor;
	if (resumeCount !== undefined) optional.resumeCount = resumeCount;
	if (spawnDepth !== undefined && spawnDepth >= 1 && spawnDepth <= 1000) optional.spawnDepth = spawnDepth;
	if (v.interrupted === true) optional.interrupted = true;
	const parent = isSafeId(v.parentAgentId) ? v.parentAgentId : null;
	return {
		ok: true,
		value: {
			agentId: v.agentId,
			type,
			status: v.status as AgentStatus,
			startedAt,
			updatedAt: time(v.updatedAt) ?? startedAt,
			...optional,
			provider: providerNamed(v.provider) ?? 'claude',
			displayStatus,
			stale: v.stale === true,
			ghost: v.ghost === true,
			inferredStop: v.inferredStop === true,
			name: orNull(line(v.name)),
			description: orNull(line(v.description, 1000)),
			prompt: orNull(text(v.prompt, PROMPT)),
			report: orNull(text(v.report, LONG)),
			reportSource: v.reportSource === 'hook' || v.reportSource === 'transcript' ? v.reportSource : null,
			activity: orNull(line(v.activity)),
			model: orNull(line(v.model, 100)),
			tokens: tokensOf(v.tokens),
			toolCounts: toolCountsOf(v.toolCounts),
			toolCalls: toolCallsOf(v.toolCalls),
			files: filesOf(v.files),
			lastSignOfLifeAt: orNull(time(v.lastSignOfLifeAt)),
			parentAgentId: parent,
		},
	};
}

/**
 * One line of the stream, parsed and checked. A snapshot's agents that fail the checks are left
 * out (counted in `skipped`); a line that fails as a whole is an error.
 */
export function decodeLine(raw: string): Result<{readonly line: StreamLine; readonly skipped: number}> {
	if (raw.length > MAX_LINE) {
		return {ok: false, error: 'a line is too long'};
	}
	let json: unknown;
	try {
		json = JSON.parse(raw);
	} catch {
		return {ok: false, error: 'a line is not JSON'};
	}
	if (!isObj(json) || typeof json.type !== 'string') {
		return {ok: false, error: 'a line is not a stream message'};
	}
	if (json.type === 'hello') {
		// Read whatever its version: the reader says what to install when it is not ours.
		const protocol = typeof json.protocol === 'number' && Number.isSafeInteger(json.protocol) ? json.protocol : 0;
		return {ok: true, value: {line: {v: 1, type: 'hello', agentlog: line(json.agentlog, 40) ?? 'unknown', protocol}, skipped: 0}};
	}
	if (json.v !== PROTOCOL_VERSION) {
		return {ok: false, error: `protocol version ${safeLine(head(String(json.v), 20))} is not ${PROTOCOL_VERSION}`};
	}
	if (json.type === 'snapshot') {
		if (!Array.isArray(json.agents)) {
			return {ok: false, error: 'a snapshot has no agents list'};
		}
		const agents: StreamAgent[] = [];
		let skipped = 0;
		for (const a of json.agents) {
			const r = agents.length < MAX_AGENTS ? decodeAgent(a) : undefined;
			if (r?.ok === true) {
				agents.push(r.value);
			} else {
				skipped += 1;
			}
		}
		const session = line(json.session, 200) ?? null;
		return {ok: true, value: {line: {v: 1, type: 'snapshot', session, following: json.following === true, agents}, skipped}};
	}
	if (json.type === 'agent') {
		const r = decodeAgent(json.agent);
		return r.ok ? {ok: true, value: {line: {v: 1, type: 'agent', agent: r.value}, skipped: 0}} : r;
	}
	if (json.type === 'gone') {
		return isSafeId(json.agentId)
			? {ok: true, value: {line: {v: 1, type: 'gone', agentId: json.agentId}, skipped: 0}}
			: {ok: false, error: 'a gone line has no valid agentId'};
	}
	return {ok: false, error: 'a line of an unknown type'};
}
