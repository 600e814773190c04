// One agent as `agentlog stream` writes it: `ls --json`'s element, narrowed to what a remote
// screen shows and bounded (the newest tool calls, the first files, the report cut). Pure.
import {head} from '../core/text/bounded.js';
import type {MonitorItem} from '../core/monitor/model.js';
import type {AgentRecord} from '../core/record/agent-record.js';
import type {StreamAgent} from '../core/remote/protocol.js';
import {lsJsonAgent} from './json-shapes.js';

const REPORT = 16_000;
const TOOL_CALLS = 8;
const FILES = 50;

export function streamAgent(raw: AgentRecord, item: MonitorItem): StreamAgent {
	const a = lsJsonAgent(raw, item);
	const report = a.report === null ? null : head(a.report, REPORT);
	return {
		agentId: a.agentId,
		type: a.type,
		status: a.status,
		startedAt: a.startedAt,
		updatedAt: a.updatedAt,
		...(a.stoppedAt === undefined ? {} : {stoppedAt: a.stoppedAt}),
		...(a.sessionId === undefined ? {} : {sessionId: a.sessionId}),
		...(a.cwd === undefined ? {} : {cwd: a.cwd}),
		...(a.teammateName === undefined ? {} : {teammateName: a.teammateName}),
		...(a.interrupted === true ? {interrupted: true} : {}),
		...(a.stopReason === undefined ? {} : {stopReason: a.stopReason}),
		...(a.resumeCount === undefined ? {} : {resumeCount: a.resumeCount}),
		...(a.spawnDepth === undefined ? {} : {spawnDepth: a.spawnDepth}),
		...(a.waitingFor === null ? {} : {waitingFor: a.waitingFor}),
		...(a.waitingSince === null ? {} : {waitingSince: a.waitingSince}),
		provider: a.provider,
		displayStatus: a.displayStatus,
		stale: a.stale,
		ghost: a.ghost,
		inferredStop: a.inferredStop,
		name: a.name,
		description: a.description,
		prompt: a.prompt,
		report,
		reportSource: a.reportSource,
		activity: a.activity,
		model: a.model,
		tokens: a.tokens,
		toolCounts: a.toolCounts,
		toolCalls: a.toolCalls === null ? null : a.toolCalls.slice(-TOOL_CALLS),
		files: a.files === null ? null : a.files.slice(0, FILES),
		lastSignOfLifeAt: a.lastSignOfLifeAt,
		parentAgentId: a.parentAgentId,
	};
}
