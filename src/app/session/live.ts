// The live sources of `watch` and the demo, written once: the activity folder's watcher, the
// transcript follower, and (for watch) Codex's rollouts polled beside them. The TUI is handed the
// two sources; the caller starts them before the first frame and closes them after the last.
import type {AgentSource} from '../../store/live/activity-watcher.js';
import {ActivityWatcher} from '../../store/live/activity-watcher.js';
import {CodexLive} from '../../store/live/codex-live.js';
import {GeminiLive} from '../../store/live/gemini-live.js';
import {TranscriptFollower, type TranscriptSource} from '../../store/transcripts/follower.js';
import {env} from '../env.js';
import {codexHomeFor, olderCodexSessionFiles, type CodexOptions} from './codex-scan.js';
import {geminiHomeFor} from './gemini-scan.js';
import {activityRoots} from './load.js';
import {WorkflowFollower, type WorkflowSource} from '../../store/workflow/workflow-follower.js';
import {ProviderLive} from '../../store/live/provider-live.js';
import {prices} from '../../store/cost/prices.js';
import {opencodeLiveScan} from './opencode-scan.js';
import {buildMonitorModel, type MonitorOptions} from '../../core/monitor/model.js';
import {sessionFolderOf} from '../../core/workflow/workflow-of.js';

export interface LiveSession {
	readonly agents: AgentSource;
	readonly transcripts: TranscriptSource;
	/** The workflow runs of the session shown. */
	readonly workflows: WorkflowSource;
	/** Starts watching. The first frame can be drawn at once: what the watcher read is there. */
	start(): void;
	close(): Promise<void>;
}

export interface LiveOptions {
	/** A session to show; omitted: follow the newest. */
	readonly session?: string;
	/** Read Codex CLI's rollouts beside (watch); the demo has none. */
	readonly codex?: CodexOptions;
	/** Folders outside `<claude>/projects` whose transcripts may be read (the demo's own); default: the activity folder's demo transcripts. */
	readonly roots?: readonly string[];
}

export function openLiveSession(activity: string, options: LiveOptions = {}): LiveSession {
	const roots = options.roots ?? activityRoots(activity);
	const watcher = new ActivityWatcher({activity, session: options.session, claudeDir: env().claude, roots});
	const follower = new TranscriptFollower({claudeDir: env().claude, roots});
	const workflows = new WorkflowFollower({claudeDir: env().claude, roots});
	const {codex: codexOptions} = options;
	if (codexOptions === undefined) {
		return {
			agents: watcher,
			transcripts: follower,
			workflows,
			start: () => void watcher.start().catch(() => undefined),
			close: async () => {
				workflows.close();
				await Promise.all([watcher.close(), follower.close()]);
			},
		};
	}
	// Codex subagents from their rollouts, and opencode's from its database, beside; nothing of either when it is not installed.
	const sessionFiles = options.session === undefined ? undefined : olderCodexSessionFiles(options.session, codexOptions);
	const codex = new CodexLive({
		codexHome: codexHomeFor(codexOptions),
		activity,
		session: options.session,
		...(sessionFiles === undefined ? {} : {sessionFiles}),
	});
	// Gemini CLI's subagents from their session files, and opencode's from its database, beside (the
	// outer ones first: a newer session of theirs replaces the others').
	const gemini = new GeminiLive({geminiHome: geminiHomeFor(codexOptions), activity, session: options.session});
	const opencode = new ProviderLive({scan: opencodeLiveScan(prices()), activity, session: options.session, prefix: 'opencode:'});
	return {
		agents: opencode.agents(gemini.agents(codex.agents(watcher))),
		transcripts: opencode.transcripts(gemini.transcripts(codex.transcripts(follower))),
		workflows,
		start: () => {
			watcher.start().catch(() => undefined);
			codex.start();
			opencode.start();
			gemini.start();
		},
		close: async () => {
			gemini.close();
			codex.close();
			opencode.close();
			workflows.close();
			await Promise.all([watcher.close(), follower.close()]);
		},
	};
}

/** At most this many reads before the first frame: each can change what is shown (below). */
const PRIME_ROUNDS = 4;

/**
 * Reads, before the first frame, the transcripts and workflow runs the screen will follow, so the
 * first frame is the whole picture (names, phases, tokens, no agent counted a ghost that its
 * transcript shows working) rather than the agent files alone followed by a second frame once
 * the screen's first effects have read the rest. The screen then follows the same list, which
 * reads nothing again. Again while what was read changes what is shown (a parent found, an
 * agent's last sign of life moving it among the newest shown), a few times at most.
 */
export function primeLive(live: LiveSession, options: MonitorOptions, now: number): void {
	for (let round = 0; round < PRIME_ROUNDS; round++) {
		const agents = [...live.agents.getSnapshot().set.agents.values()];
		live.workflows.refresh(sessionFolderOf(agents));
		const knownWork = live.transcripts.getWork?.();
		const read = live.transcripts.getSnapshot();
		const view = buildMonitorModel({
			agents,
			transcripts: read,
			now,
			options,
			knownParents: live.transcripts.getParents(),
			...(knownWork === undefined ? {} : {knownWork}),
			workflows: live.workflows.getSnapshot(),
		});
		if (round > 0 && view.follow.every(target => read.has(target.agentId))) {
			return;
		}
		live.transcripts.follow(view.follow);
	}
}
