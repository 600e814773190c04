// What the reading commands (watch, ls, sessions) share: options, folders, session resolution,
// the clock, and reading one session into the monitor model.
import path from 'node:path';
import {InvalidArgumentError, Option, type Command} from 'commander';
import {DURATION_FORM, parseDuration} from '../../core/text/format.js';
import {claudeDir} from '../../core/paths.js';
import {resolveSession} from '../../core/monitor/sessions.js';
import {buildMonitorModel, type FollowRequest, type MonitorModel, type MonitorOptions, type TranscriptFacts} from '../../core/monitor/model.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {readSessionDir, type SessionRead} from '../../store/activity/read-agents.js';
import {readAgentActivities} from '../../store/transcripts/one-shot.js';
import {closestWord} from '../../core/text/suggest.js';
import {DEFAULT_STALE_MS} from '../../core/monitor/stale.js';
import {DEFAULT_MAX} from '../../core/monitor/view.js';
import {readSessionInfos, sessionDirInfos} from '../../store/activity/session-listing.js';
import {readTeams} from '../../store/activity/teams.js';
import {readMainWaiting} from '../../store/activity/main-waiting.js';
import {TranscriptRoots} from '../../store/transcripts/transcript-paths.js';
import type {Waiting} from '../../core/monitor/waiting.js';
import {COMMAND_NAMES} from './command-names.js';
import {CliError} from '../../core/user-error.js';
import {DEMO_TRANSCRIPTS_DIR} from '../../core/demo/scenario.js';
import {clockNow, home} from '../../app/env.js';
import {codexSessionInfos, codexSessionOf, scanCodex, type CodexOptions} from '../../app/session/codex-scan.js';
import {readCodexAgents} from '../../store/codex/codex-sessions.js';
import {withCodexSessions} from '../../store/codex/codex-listings.js';

// The environment (clock, home, activity folder) lives in env.ts, which has no npm imports (status's small bundle reads it).
export {activityFor, clockNow, home} from '../../app/env.js';

export interface ReadOptions extends CodexOptions {
	readonly dir?: string;
	readonly stale: number;
	readonly dedup: boolean;
}

export function parseStale(value: string): number {
	const parsed = parseDuration(value);
	if (!parsed.ok) {
		throw new InvalidArgumentError(parsed.error);
	}
	return parsed.value;
}

export function parseMax(value: string): number {
	if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
		throw new InvalidArgumentError('expected a whole number of at least 1, e.g. 8');
	}
	return Number(value);
}

/** --dir, --stale and --no-dedup, as every reading command takes them. */
export function addReadOptions(command: Command): Command {
	return command
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.addOption(
			new Option('--stale <duration>', `mark an active agent stale after this long without a sign of life; ${DURATION_FORM}`)
				.default(DEFAULT_STALE_MS, '5m')
				.argParser(parseStale),
		)
		.option('--no-dedup', 'show team-shutdown ghosts as ordinary agents')
		.option('--codex-home <dir>', "OpenAI Codex CLI's folder, whose rollouts show its subagents too (default: $CODEX_HOME, else ~/.codex)");
}

export function maxOption(): Option {
	return new Option('--max <n>', 'how many of the newest agents to show (a key shows all)').default(DEFAULT_MAX).argParser(parseMax);
}

/** Reads the transcripts of some agents once (for ls and the snapshot). */
export type ReadTranscripts = (targets: readonly FollowRequest[]) => Promise<ReadonlyMap<string, TranscriptFacts>>;

/** Each transcript read once, whole (store/transcripts/one-shot.ts), only under `<claude>/projects/` and `roots`. */
export function transcriptReader(roots: readonly string[] = []): ReadTranscripts {
	return targets => Promise.resolve(targets.length === 0 ? new Map() : readAgentActivities(targets, {claudeDir: claudeDir(process.env, home()), roots}));
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
	const read: SessionRead =
		fromCodex === undefined ? folder : {...folder, agents: [...folder.agents.filter(a => !fromCodex.transcripts.has(a.agentId)), ...fromCodex.agents]};
	// Every agent of the session: nesting, and ghosts' work, can change what is shown. A Codex
	// agent's "transcript" is its rollout, read above, never as a Claude transcript.
	const claudeTranscripts = await readTranscripts(
		read.agents.flatMap((agent: AgentRecord) =>
			agent.transcriptPath && agent.provider !== 'codex' ? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}] : [],
		),
	);
	const transcripts = fromCodex === undefined ? claudeTranscripts : new Map([...claudeTranscripts, ...fromCodex.transcripts]);
	const now = clockNow();
	const mainWaiting =
		sessionId === undefined
			? undefined
			: readMainWaiting(path.join(activity, sessionId), new TranscriptRoots(claudeDir(process.env, home()), activityRoots(activity)));
	return {read, now, model: buildMonitorModel({agents: read.agents, transcripts, now, options}), ...(mainWaiting === undefined ? {} : {mainWaiting})};
}

/**
 * A session argument → a session id: exact id, team name, `session-<8>` or a unique prefix.
 * Ambiguous or unknown: exit 1 with the closest or most recent sessions, and, when the word
 * looks like a mistyped command (`agentlog wach`: watch is the default command, so the word
 * arrives here as a session), the command it was probably meant to be.
 */
export function resolveSessionArg(arg: string, activity: string, options: ReadOptions, commands: readonly string[] = COMMAND_NAMES): string {
	const teams = readTeams(claudeDir(process.env, home()));
	const folders = sessionDirInfos(activity);
	const ids = new Set(folders.map(s => s.id));
	const scan = scanCodex(options);
	const codex = codexSessionInfos(scan).filter(c => !ids.has(c.id));
	const quick = resolveSession(arg, [...folders, ...codex], teams);
	if (quick.ok) {
		return quick.sessionId;
	}
	// Read the sessions' files only now, so the message can give their counts: those `sessions` gives
	// (the transcripts that can change a count are read).
	const full = resolveSession(
		arg,
		withCodexSessions(activity, readSessionInfos(activity, clockNow(), options.stale, options.dedup, {claudeDir: claudeDir(process.env, home())}), scan, {
			now: clockNow(),
			staleMs: options.stale,
			dedup: options.dedup,
		}),
		teams,
	);
	if (full.ok) {
		return full.sessionId;
	}
	const command = closestWord(arg, commands);
	const hint = command ? `\nDid you mean the command \`agentlog ${command}\`? (\`agentlog --help\` lists the commands)` : '';
	// A word that is a command's name mistyped is a usage error, like an unknown option.
	throw new CliError(`${full.message}\n(sessions are read from ${activity}; \`agentlog sessions\` lists them)${hint}`, command ? 2 : 1);
}
