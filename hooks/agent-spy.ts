// agent-spy: the hook Claude Code runs on SubagentStart, SubagentStop, TeammateIdle, SessionStart,
// SessionEnd, PostToolUse of the Agent/Task tool, PermissionRequest, Notification and StopFailure
// (HOOK_EVENTS, docs/design.md#the-hook-event-by-event); Codex CLI and Qwen Code run it too. This
// is the entry only: it reads stdin with its deadline, runs the use case (src/app/hook/record-event.ts),
// writes what Claude Code must read, and exits 0.
//
// Never break Claude Code: whatever arrives on stdin, this exits 0 and prints nothing to stdout
// (exit 2 on SubagentStop or TeammateIdle would keep the agent running), but for a pending stop's
// answer (--control) and the one `{"terminalSequence": …}` line of a notification (--notify).
// Problems go to a small rotated log, <activity>/.agentlog-hook.log. Everything is synchronous
// and uses only node: built-ins, so a run costs little more than Node's own start-up.
import {writeSync} from 'node:fs';
import {join} from 'node:path';
import {stdinLimits} from '../src/app/hook/read-payload.js';
import {runHook} from '../src/app/hook/record-event.js';
import type {DailyPrunePass} from '../src/app/hook/daily-prune.js';
import {activityDir} from '../src/core/paths.js';
import {requireBuiltin} from '../src/store/hook/builtin.js';
import {hookLog} from '../src/store/hook/log.js';
import {readStdin} from '../src/store/hook/stdin.js';

// The event's time: when this process started, before Node's start-up and any wait.
const startedMs = Date.now() - Math.round(process.uptime() * 1000);
const notifyOn = process.argv.includes('--notify');
const intervalSetting = notifyOn ? process.env.AGENTLOG_NOTIFY_INTERVAL_MS : undefined;
const notifyIntervalMs = intervalSetting !== undefined && /^\d{1,9}$/u.test(intervalSetting) ? Number(intervalSetting) : undefined;

let dir = '';
const log = (message: string) => {
	if (dir) {
		hookLog(dir, message);
	}
};
let out: string | undefined;
try {
	dir = activityDir(process.env, process.env.HOME || requireBuiltin<{homedir(): string}>('node:os').homedir());
	out = runHook({
		dir,
		stdin: readStdin(stdinLimits(startedMs)),
		startedMs,
		clock: Date.now,
		notify: notifyOn && notifyIntervalMs !== undefined ? {on: true, intervalMs: notifyIntervalMs} : {on: notifyOn},
		control: process.argv.includes('--control'),
		ppid: process.ppid,
		// The bundled hook is CommonJS: require and __dirname are there.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		loadPrune: () => require(join(__dirname, 'agent-prune.cjs')) as DailyPrunePass,
		log,
	});
} catch (error) {
	log(`error: ${error instanceof Error ? error.message : String(error)}`);
}
if (out !== undefined) {
	try {
		writeSync(1, out);
	} catch {
		// Claude Code stopped reading: nothing to tell.
	}
}
// Exit now: every call above is synchronous, so nothing is pending, and Node's own teardown of the
// heap at a natural exit costs about 2.5% of a run. With nothing listening for the exit event (the
// code cache's writer listens on a run that makes it), the exit is Node's own process.reallyExit,
// which process.exit calls after its checks and the event: that JavaScript of Node's, compiled at its
// first use, cost ~0.2 ms of CPU a run (measured). Any Node without it gets process.exit.
const reallyExit = (process as unknown as {reallyExit?: unknown}).reallyExit;
if (typeof reallyExit === 'function' && process.listenerCount('exit') === 0) {
	(reallyExit as (code: number) => never).call(process, 0);
}
process.exit(0);
