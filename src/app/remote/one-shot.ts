// `ls`, `sessions` and `status` with --host: the command runs there with --json, its answer is
// checked here (core/remote/answers.ts) and printed by the same presenters as a local one.
import {decodeAgents, decodeSessions, decodeStatus, type Decoded, type RemoteSession, type RemoteStatus} from '../../core/remote/answers.js';
import {decodeHistory} from '../../core/remote/history-answer.js';
import {decodeStats} from '../../core/remote/stats-answer.js';
import type {HistoryStats} from '../../core/history/stats.js';
import type {HistoryJsonAgent} from '../../core/history/query.js';
import {localAgent} from '../../core/remote/host-state.js';
import type {StreamAgent} from '../../core/remote/protocol.js';
import {buildMonitorModel, type MonitorModel, type MonitorOptions} from '../../core/monitor/model.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {CliError} from '../../core/user-error.js';
import {runRemoteJson} from '../../store/remote/run-remote.js';

/** How long and until when a one-shot command may run. */
export interface AskLimits {
	readonly timeoutMs?: number;
	readonly signal?: AbortSignal;
}

async function ask<T>(label: string, argv: readonly string[], decode: (json: unknown) => T | undefined, what: string, limits: AskLimits = {}): Promise<T> {
	const answer = await runRemoteJson({label, argv, ...limits});
	if (!answer.ok) {
		throw new CliError(answer.error);
	}
	const decoded = decode(answer.value);
	if (decoded === undefined) {
		throw new CliError(`${label} did not answer with ${what}: is its agentlog this one (npm i -g agentlog there)?`);
	}
	return decoded;
}

export function remoteAgents(label: string, argv: readonly string[]): Promise<Decoded<StreamAgent>> {
	return ask(label, argv, decodeAgents, "ls --json's list of agents");
}

export function remoteSessions(label: string, argv: readonly string[], limits?: AskLimits): Promise<Decoded<RemoteSession>> {
	return ask(label, argv, decodeSessions, "sessions --json's list", limits);
}

export function remoteStatus(label: string, argv: readonly string[]): Promise<RemoteStatus> {
	return ask(label, argv, decodeStatus, "status's JSON");
}

export function remoteHistory(label: string, argv: readonly string[]): Promise<Decoded<HistoryJsonAgent>> {
	return ask(label, argv, decodeHistory, "history --json's list of agents");
}

export function remoteStats(label: string, argv: readonly string[]): Promise<HistoryStats> {
	return ask(label, argv, decodeStats, "stats --json's figures");
}

/** The monitor model of a remote host's agents, with this machine's rules and clock. */
export function remoteModel(
	agents: readonly StreamAgent[],
	options: MonitorOptions,
	now: number,
): {readonly model: MonitorModel; readonly raw: ReadonlyMap<AgentRecord, AgentRecord>} {
	const local = agents.map(agent => localAgent(agent, undefined));
	const model = buildMonitorModel({
		agents: local.map(l => l.record),
		transcripts: new Map(local.map(l => [l.record.agentId, l.facts])),
		knownWork: new Set(local.filter(l => l.facts.hasWork === true).map(l => l.record.agentId)),
		now,
		options,
	});
	return {model, raw: new Map()};
}
