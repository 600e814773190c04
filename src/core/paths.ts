// Where things live (docs/design.md#data-flow). Pure: the environment and home folder are passed in.
import {createHash} from 'node:crypto';
import {dirname, isAbsolute, join, resolve} from 'node:path';

export interface PathEnv {
	readonly CLAUDE_CONFIG_DIR?: string | undefined;
	readonly AGENTLOG_DIR?: string | undefined;
	readonly XDG_STATE_HOME?: string | undefined;
	readonly XDG_CONFIG_HOME?: string | undefined;
}

/** `<claude>`: `$CLAUDE_CONFIG_DIR` if set, else `~/.claude`. */
export function claudeDir(env: PathEnv, home: string): string {
	return env.CLAUDE_CONFIG_DIR ? resolve(env.CLAUDE_CONFIG_DIR) : join(home, '.claude');
}

/** The activity folder's name inside `<claude>`, by default. */
export const ACTIVITY_FOLDER_NAME = 'agent-activity';

/** `<activity>`: `--dir`, else `$AGENTLOG_DIR`, else `<claude>/agent-activity`. */
export function activityDir(env: PathEnv, home: string, dirOption?: string): string {
	if (dirOption) {
		return resolve(dirOption);
	}
	if (env.AGENTLOG_DIR) {
		return resolve(env.AGENTLOG_DIR);
	}
	return join(claudeDir(env, home), ACTIVITY_FOLDER_NAME);
}

/** `$XDG_STATE_HOME/agentlog/state.json`, default `~/.local/state/agentlog/state.json`. */
export function stateFile(env: PathEnv, home: string): string {
	const base = env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(home, '.local', 'state');
	return join(base, 'agentlog', 'state.json');
}

/** `$XDG_CONFIG_HOME/agentlog/prices.json`, default `~/.config/agentlog/prices.json`: the user's model prices (core/cost/user-prices.ts). */
export function userPricesFile(env: PathEnv, home: string): string {
	const base = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
	return join(base, 'agentlog', 'prices.json');
}

/** `$XDG_STATE_HOME/agentlog/count-facts-cache.json`: what the session counts read of transcripts, and how far (store/transcripts/count-facts.ts). */
export function countFactsCacheFile(env: PathEnv, home: string): string {
	return join(dirname(stateFile(env, home)), 'count-facts-cache.json');
}

/**
 * `$XDG_STATE_HOME/agentlog/transcript-facts/`: what the past keeps of each agent's transcript,
 * one file per session (store/history/transcript-facts.ts).
 */
export function transcriptFactsDir(env: PathEnv, home: string): string {
	return join(dirname(stateFile(env, home)), 'transcript-facts');
}

/**
 * `$XDG_STATE_HOME/agentlog/transcript-states/`: what the one-shot read of each session's
 * transcripts reached, one file per session (store/transcripts/state-cache.ts).
 */
export function transcriptStatesDir(env: PathEnv, home: string): string {
	return join(dirname(stateFile(env, home)), 'transcript-states');
}

/** `$XDG_STATE_HOME/agentlog/sessions-cache.json`: the session listing's cache (store/activity/session-cache.ts). */
export function sessionCacheFile(env: PathEnv, home: string): string {
	return join(dirname(stateFile(env, home)), 'sessions-cache.json');
}

/** The hook's problem log, kept inside the activity folder. */
export const HOOK_LOG_NAME = '.agentlog-hook.log';

/**
 * `$XDG_STATE_HOME/agentlog/otlp-cursor-<hash>.json`: what `export --otlp --follow` sent to one
 * collector (`endpoint`: its URL without credentials), so a restart neither loses nor repeats a span.
 */
export function otlpCursorFile(env: PathEnv, home: string, endpoint: string): string {
	const hash = createHash('sha256').update(endpoint).digest('hex').slice(0, 12);
	return join(dirname(stateFile(env, home)), `otlp-cursor-${hash}.json`);
}

/** `$CODEX_HOME` (`--codex-home` first), else `~/.codex`: where OpenAI's Codex CLI keeps its rollouts (docs/codex-rollouts.md#rollout-files). */
export function codexHomeDir(env: {readonly CODEX_HOME?: string | undefined}, home: string, option?: string): string {
	if (option) {
		return resolve(option);
	}
	return env.CODEX_HOME ? resolve(env.CODEX_HOME) : join(home, '.codex');
}

/**
 * Gemini CLI's folder (`--gemini-home` first): `$GEMINI_CLI_HOME/.gemini` (the variable moves the
 * CLI's home), else `~/.gemini`. Its sessions are under `tmp/<projectId>/chats/`.
 */
export function geminiHomeDir(env: {readonly GEMINI_CLI_HOME?: string | undefined}, home: string, option?: string): string {
	if (option) {
		return resolve(option);
	}
	return env.GEMINI_CLI_HOME ? join(resolve(env.GEMINI_CLI_HOME), '.gemini') : join(home, '.gemini');
}

/**
 * `$XDG_STATE_HOME/agentlog/codex-cache.json`: what the Codex rollouts said, and how far each was
 * read (store/codex/codex-sessions.ts); `codex-live-cache.json` for the few recent ones the live
 * rule reads (`status`, every few seconds, need not read the month's).
 */
export function codexCacheFile(env: PathEnv, home: string, live = false): string {
	return join(dirname(stateFile(env, home)), live ? 'codex-live-cache.json' : 'codex-cache.json');
}
