// A stop is pending (`agentlog stop`): the launcher saw the flag and passes --control. PreToolUse
// (registered by `install-hook --control`) is then asked about, and a parent's PostToolUse of an
// Agent call; the answer for a stopped agent goes to stdout at exit (store/hook/stop-control.ts).
import {isoTime} from '../../core/hook/iso-time.js';
import {carryOutStop} from '../../store/hook/stop-control.js';
import type {HookRun} from './hook-context.js';

export function stopStep(run: HookRun): void {
	const {control, dir, startedMs, log} = run.input;
	if (!control || run.payload === undefined) {
		return;
	}
	try {
		run.stopLine = carryOutStop(dir, run.payload, isoTime(startedMs), log).answer;
	} catch (error) {
		log(`stop: ${error instanceof Error ? error.message : String(error)}`);
	}
}
