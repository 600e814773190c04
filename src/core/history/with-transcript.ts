// An agent's history joined with what its transcript and `.meta.json` said (kept by the store's
// cache, so the transcript is not read again on every query and its facts outlive it): tokens and
// tool calls in total and per run, model, description, and its last sign of life. The figures are
// decided by core/transcript/agent-figures.ts, as `ls --json` and the detail pane decide theirs. Pure.
import {agentDuration} from '../monitor/duration.js';
import {DEFAULT_STALE_MS, displayStateOf} from '../monitor/stale.js';
import type {AgentRecord} from '../record/agent-record.js';
import {agentFigures} from '../transcript/agent-figures.js';
import {runFigures, tallyTotals, type TranscriptTally} from '../transcript/tally.js';
import type {AgentHistory} from './fold.js';

/** What `.meta.json` beside a transcript says that the past keeps (safe text). */
export interface KeptMeta {
	readonly description?: string;
	readonly model?: string;
	readonly name?: string;
	readonly agentType?: string;
	readonly parentAgentId?: string;
}

/** What the past keeps of an agent's transcript: its tally, and its `.meta.json`. */
export interface KeptFacts {
	/** Undefined when the transcript could never be read (only `.meta.json` was). */
	readonly tally?: TranscriptTally;
	readonly meta?: KeptMeta;
}

export interface WithTranscriptOptions {
	/** The clock (ms). */
	readonly now: number;
	readonly staleMs?: number;
}

/** The start of each run: the first start and every resume, as the lifecycle says. */
function runStarts(h: AgentHistory): string[] {
	const starts = h.lifecycle.filter(step => step.kind === 'spawned' || step.kind === 'resumed').map(step => step.at);
	return starts.length > 0 ? starts : [h.startedAt];
}

/** Still running as the log says it, its silence measured again from a later sign of life. */
function relive(h: AgentHistory, lastMs: number, options: WithTranscriptOptions): Pick<AgentHistory, 'status' | 'durationMs'> {
	const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
	const display = displayStateOf('active', lastMs, options.now, staleMs);
	const record: AgentRecord = {
		agentId: h.agentId,
		type: h.type,
		status: 'active',
		startedAt: h.startedAt,
		updatedAt: new Date(lastMs).toISOString(),
		...(h.startUnknown ? {startUnknown: true} : {}),
	};
	const durationMs = agentDuration(record, options.now, display);
	return {status: display.stale ? 'stale' : h.resumeCount > 0 ? 'resumed' : 'active', ...(durationMs === undefined ? {} : {durationMs})};
}

/**
 * `h` with its transcript's facts (none: `h` itself). Tokens and tool calls come from the
 * transcript (each run's from the responses after its start), model and description as
 * figures.ts decides; a transcript line later than the log's last line is a later sign of life,
 * so an agent still running by the log is stale only after that.
 */
export function withTranscriptFacts(h: AgentHistory, facts: KeptFacts | undefined, options: WithTranscriptOptions): AgentHistory {
	if (facts === undefined) {
		return h;
	}
	const {tally, meta} = facts;
	const totals = tally === undefined ? undefined : tallyTotals(tally);
	const figures = agentFigures({
		...(totals === undefined
			? {}
			: {
					transcript: {
						tokens: totals.tokens,
						toolCalls: totals.toolCalls,
						model: tally?.model,
						cost: tally?.pricesAsOf === undefined ? undefined : {...totals.cost, asOf: tally.pricesAsOf},
					},
				}),
		call: {description: h.description, model: h.model, toolUseCount: h.toolCalls, lastRequestTokens: h.lastRequestTokens},
		meta,
	});
	const type = h.type === '' && meta?.agentType !== undefined ? meta.agentType : h.type;
	const parentAgentId = h.parentAgentId ?? (meta?.parentAgentId !== undefined && meta.parentAgentId !== h.agentId ? meta.parentAgentId : undefined);
	const lastMs = tally?.lastAt;
	const later = lastMs !== undefined && lastMs > Date.parse(h.lastEventAt);
	const running = h.status === 'active' || h.status === 'resumed' || h.status === 'stale';
	const lived = later && running ? relive(h, lastMs, options) : undefined;
	// Built whole (no property deleted afterwards: objects stay fast): the log's fields, then the decided ones (each
	// defined whenever the log's was: the log's value is one of the decider's sources).
	const out: AgentHistory = {
		...h,
		type,
		...(lived === undefined ? {} : lived),
		...(parentAgentId === undefined ? {} : {parentAgentId}),
		...(figures.tokens === undefined ? {} : {tokens: figures.tokens, usage: figures.usage!, runs: runFigures(tally!, runStarts(h))}),
		...(figures.cost === undefined ? {} : {cost: figures.cost}),
		...(figures.toolCalls === undefined ? {} : {toolCalls: figures.toolCalls}),
		...(figures.model === undefined ? {} : {model: figures.model}),
		...(figures.description === undefined ? {} : {description: figures.description}),
		...(h.name === undefined && meta?.name !== undefined ? {name: meta.name} : {}),
		...(later ? {lastActivityAt: new Date(lastMs).toISOString()} : {}),
	};
	return out;
}
