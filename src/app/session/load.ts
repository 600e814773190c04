// Reading one session into the monitor model, once: its agent files, the Codex children from their
// rollouts, their transcripts, and whether the main session waits. What ls, the piped snapshot of
// watch and the demo show.
import path from 'node:path';
import {buildMonitorModel, type FollowRequest, type MonitorModel, type MonitorOptions, type TranscriptFacts} from '../../core/monitor/model.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import type {Waiting} from '../../core/monitor/waiting.js';
import {DEMO_TRANSCRIPTS_DIR} from '../../core/demo/scenario.js';
import {readSessionDir, type SessionRead} from '../../store/activity/read-agents.js';
import {readMainWaiting} from '../../store/activity/main-waiting.js';
import {readAgentActivities} from '../../store/transcripts/read-once.js';
import {TranscriptStateCache} from '../../store/transcripts/state-cache.js';
import {prices} from '../../store/cost/prices.js';
import {transcriptStatesDir} from '../../core/paths.js';
import {TranscriptRoots} from '../../store/transcripts/transcript-paths.js';
import {readCodexAgents} from '../../store/codex/codex-sessions.js';
import {env, clockNow} from '../env.js';
import {codexSessionOf, scanCodex, type CodexOptions} from './codex-scan.js';
import {opencodeTreeOf} from './opencode-scan.js';
import {geminiSessionFor} from './gemini-scan.js';
import {geminiAgentsOf} from '../../store/gemini/gemini-sessions.js';
import {readSessionWorkflows} from '../../store/workflow/read.js';
import {sessionFolderOf} from '../../core/workflow/workflow-of.js';

/** Reads the transcripts of some agents once (for ls and the snapshot); `sessionId`: the session they are of, when one. */
export type ReadTranscripts = (targets: readonly FollowRequest[], sessionId?: string) => Promise<ReadonlyMap<string, TranscriptFacts>>;

/**
 * Each transcript read once, whole (store/transcripts/read-once.ts), only under `<claude>/projects/`
 * and `roots`. The agents of one session use its cache of what earlier runs read
 * (`<state>/agentlog/transcript-states/`): only files that changed are read again. `keepStates`
 * false: no cache is read or written (the demo leaves nothing in the user's state folder).
 */
export function transcriptReader(roots: readonly string[] = [], {keepStates = true}: {readonly keepStates?: boolean} = {}): ReadTranscripts {
	return (targets, sessionId) => {
		if (targets.length === 0) {
			return Promise.resolve(new Map());
		}
		const {vars, home, claude} = env();
		const cache = sessionId === undefined || !keepStates ? undefined : new TranscriptStateCache(transcriptStatesDir(vars, home), sessionId, prices());
		return Promise.resolve(readAgentActivities(targets, {claudeDir: claude, roots, ...(cache === undefined ? {} : {cache})}));
	};
}

export const readTranscriptsOnce: ReadTranscripts = transcriptReader();

/**
 * `agentlog demo --dir` keeps the transcripts it wrote in `<dir>/.demo-transcripts` (outside
 * `<claude>/projects`); the readers of that folder may open them too. It is agentlog's own folder,
 * written by no one but the demo, and what else is in the activity folder is trusted as much.
 */
export function activityRoots(activity: string): string[] {
	return [path.join(activity, DEMO_TRANSCRIPTS_DIR)];
}

export interface SessionModel {
	readonly read: SessionRead;
	readonly model: MonitorModel;
	readonly now: number;
	/** The main session waits for the user (its own permission prompt). */
	readonly mainWaiting?: Waiting;
}

/** One session's agent files and transcripts read once, and the monitor model of them: what ls and the snapshot show. */
export async function readSessionModel(
	activity: string,
	sessionId: string | undefined,
	options: MonitorOptions,
	readTranscripts: ReadTranscripts = readTranscriptsOnce,
	codex: CodexOptions = {},
): Promise<SessionModel> {
	const folder: SessionRead = sessionId === undefined ? {agents: [], raw: new Map(), invalid: []} : readSessionDir(path.join(activity, sessionId));
	// A Codex session: its children from their rollouts, merged with what the hook recorded of them.
	const codexSession = sessionId === undefined ? undefined : codexSessionOf(scanCodex(codex), sessionId);
	const fromCodex =
		codexSession === undefined
			? undefined
			: readCodexAgents(
					codexSession,
					folder.agents.filter(a => a.provider === 'codex'),
				);
	// A Gemini CLI session: its subagents from their own files; an opencode session: from opencode's
	// database (no hook writes a folder for either: nothing to merge).
	const geminiSession = sessionId === undefined ? undefined : geminiSessionFor(codex, sessionId);
	const fromGemini = geminiSession === undefined ? undefined : geminiAgentsOf(geminiSession, prices());
	const opencode = sessionId === undefined || fromCodex !== undefined || fromGemini !== undefined ? undefined : opencodeTreeOf(sessionId, prices());
	const fromOpencode =
		opencode === undefined
			? undefined
			: {agents: opencode.agents.map(a => a.record), transcripts: new Map(opencode.agents.map(a => [a.record.agentId, a.facts] as const))};
	const others = [fromCodex, fromGemini, fromOpencode].flatMap(o => (o === undefined ? [] : [o]));
	const fromFiles = others.flatMap(o => o.agents);
	const read: SessionRead =
		fromFiles.length === 0 ? folder : {...folder, agents: [...folder.agents.filter(a => !others.some(o => o.transcripts.has(a.agentId))), ...fromFiles]};
	// Every agent of the session: nesting, and ghosts' work, can change what is shown. A Codex
	// agent's "transcript" is its rollout, an opencode agent's its database, read above, never as a Claude transcript.
	const claudeTranscripts = await readTranscripts(
		read.agents.flatMap((agent: AgentRecord) =>
			agent.transcriptPath && agent.provider !== 'codex' && agent.provider !== 'gemini' && agent.provider !== 'opencode'
				? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}]
				: [],
		),
		sessionId,
	);
	const transcripts = others.length === 0 ? claudeTranscripts : new Map([...claudeTranscripts, ...others.flatMap(o => [...o.transcripts])]);
	const now = clockNow();
	const roots = new TranscriptRoots(env().claude, activityRoots(activity), true);
	const mainWaiting = sessionId === undefined ? undefined : readMainWaiting(path.join(activity, sessionId), roots);
	const workflows = readSessionWorkflows(sessionFolderOf(read.agents), roots);
	return {
		read,
		now,
		model: buildMonitorModel({agents: read.agents, transcripts, now, options, workflows}),
		...(mainWaiting === undefined ? {} : {mainWaiting}),
	};
}
