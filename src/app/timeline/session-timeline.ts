// One session's timeline, once (`agentlog timeline`): the monitor model `ls` and the snapshot show
// (every agent, nested as the list nests them) and each agent's lifecycle from the session's log,
// made into lanes. The same lanes `watch` draws with key t.
import path from 'node:path';
import type {LifecycleStep} from '../../core/record/fold-state.js';
import type {MonitorItem, MonitorOptions} from '../../core/monitor/model.js';
import {lanesOf} from '../../present/timeline-lanes.js';
import type {Lane} from '../../present/timeline.js';
import {foldSessionLog} from '../../store/history/session-fold.js';
import type {CodexOptions} from '../session/codex-scan.js';
import {readSessionModel, type ReadTranscripts} from '../session/load.js';

export interface SessionTimeline {
	/** The monitor model's items, as `ls` lists them. */
	readonly items: readonly MonitorItem[];
	readonly lanes: readonly Lane[];
	readonly now: number;
	/** Lines of the log that could not be read. */
	readonly skipped: number;
	/** Why the log could not be read (display-safe), when it could not. */
	readonly problem?: string;
}

export async function readSessionTimeline(
	activity: string,
	sessionId: string,
	options: MonitorOptions,
	readTranscripts: ReadTranscripts,
	codex: CodexOptions = {},
): Promise<SessionTimeline> {
	const {model, now} = await readSessionModel(activity, sessionId, options, readTranscripts, codex);
	const log = foldSessionLog(path.join(activity, sessionId), {now, sessionId, ...(options.staleMs === undefined ? {} : {staleMs: options.staleMs})});
	const steps = new Map<string, readonly LifecycleStep[]>(log.agents.map(h => [h.agentId, h.lifecycle]));
	return {
		items: model.items,
		lanes: lanesOf(model.items, id => steps.get(id), now),
		now,
		skipped: log.skipped,
		...(log.problem === undefined ? {} : {problem: log.problem}),
	};
}
