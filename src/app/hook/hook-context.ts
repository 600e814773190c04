// What one run of the hook is given and what it keeps while it runs. The entry
// (hooks/agent-spy.ts) builds it from the process: the activity folder, the moment the process
// started, its flags, its parent's pid, its log. A test builds it in-process.
import type {StdinRead} from '../../store/hook/stdin.js';
import type {DailyPrunePass} from './daily-prune.js';

/** How long to wait for another hook updating the same agent (an update takes a few ms). */
export const AGENT_LOCK_WAIT_MS = 1000;

export interface HookInput {
	/** The activity folder (`activityDir`): where the session folders are. */
	readonly dir: string;
	/** Stdin as read with its limits (STDIN_LIMITS). */
	readonly stdin: StdinRead;
	/**
	 * When the process started, before Node's start-up and any wait: the event's time. Hooks of
	 * one moment then get times in the order Claude Code fired them, give or take scheduling.
	 */
	readonly startedMs: number;
	/** The clock of the daily prune (its stamp and its pass). */
	readonly clock: () => number;
	/** `--notify` (install-hook --notify, or the plugin's notify option), and `AGENTLOG_NOTIFY_INTERVAL_MS` when it is a number. */
	readonly notify: {readonly on: boolean; readonly intervalMs?: number};
	/** `--control`: a stop is pending (`agentlog stop`), and the launcher lets stdout through. */
	readonly control: boolean;
	/** The session's Claude Code (or Codex) process: the hook's parent. */
	readonly ppid: number;
	/** The retention pass (agent-prune.cjs beside the bundle), loaded only on the run that claims the day. */
	readonly loadPrune: () => DailyPrunePass | undefined;
	/** The hook's own log (`.agentlog-hook.log`); never stdout. */
	readonly log: (message: string) => void;
}

/** One run: its input, the payload as parsed, and the lines Claude Code reads at exit. */
export interface HookRun {
	readonly input: HookInput;
	/** The payload as parsed, for the stop's own reading of it. */
	payload?: unknown;
	/** The answer for a stopped agent (`--control`). */
	stopLine?: string;
	/** The one `{"terminalSequence": …}` line of a notification (`--notify`). */
	notifyLine?: string;
}
