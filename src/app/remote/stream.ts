// `agentlog stream`'s use case: the same live sources as `watch` (watcher, transcript follower,
// workflow runs), the same monitor model, given to a publisher as a StreamState whenever they
// change (coalesced over a few milliseconds). No clock of its own: stale and duration are the
// reader's to work out, so an idle stream does nothing between file events.
import {buildMonitorModel, type MonitorOptions} from '../../core/monitor/model.js';
import type {StreamState} from '../../core/remote/protocol.js';
import {sessionFolderOf} from '../../core/workflow/workflow-of.js';
import {streamAgent} from '../../present/stream-agent.js';
import {openLiveSession} from '../session/live.js';
import type {CodexOptions} from '../session/codex-scan.js';

export interface StreamOptions {
	readonly session?: string;
	readonly staleMs: number;
	readonly dedup: boolean;
	readonly codex?: CodexOptions;
	readonly now?: () => number;
	/** Changes within this window go out as one (ms). */
	readonly coalesceMs?: number;
}

export interface ModelStream {
	close(): Promise<void>;
}

export function openModelStream(activity: string, options: StreamOptions, publish: (state: StreamState) => void): ModelStream {
	const live = openLiveSession(activity, {
		...(options.session === undefined ? {} : {session: options.session}),
		...(options.codex === undefined ? {} : {codex: options.codex}),
	});
	const now = options.now ?? Date.now;
	// Every agent, ghosts included and no cap: the reader applies its own view options.
	const monitorOptions: MonitorOptions = {staleMs: options.staleMs, dedup: options.dedup, showGhosts: true, showAll: true};
	let timer: NodeJS.Timeout | undefined;
	let folder: string | undefined;
	let last = Number.NEGATIVE_INFINITY;
	const build = (): void => {
		timer = undefined;
		last = performance.now();
		const snapshot = live.agents.getSnapshot();
		const agents = [...snapshot.set.agents.values()];
		const nextFolder = sessionFolderOf(agents);
		if (nextFolder !== folder) {
			folder = nextFolder;
			live.workflows.refresh(folder);
		}
		const model = buildMonitorModel({
			agents,
			transcripts: live.transcripts.getSnapshot(),
			now: now(),
			knownParents: live.transcripts.getParents(),
			...(live.transcripts.getWork === undefined ? {} : {knownWork: live.transcripts.getWork()}),
			options: monitorOptions,
			workflows: live.workflows.getSnapshot(),
		});
		live.transcripts.follow(model.follow);
		publish({
			session: snapshot.sessionId ?? null,
			following: snapshot.following,
			agents: model.items.map(item => streamAgent(item.agent, item)),
		});
	};
	// At once after a quiet spell; a burst within coalesceMs goes out as one at its end.
	const schedule = (): void => {
		timer ??= setTimeout(build, Math.max(0, last + (options.coalesceMs ?? 15) - performance.now()));
	};
	const unsubscribe = [live.agents.subscribe(schedule), live.transcripts.subscribe(schedule), live.workflows.subscribe(schedule)];
	live.start();
	build();
	return {
		close: async () => {
			if (timer !== undefined) {
				clearTimeout(timer);
			}
			for (const off of unsubscribe) {
				off();
			}
			await live.close();
		},
	};
}
