// With notifications on (`--notify`): what an event means for them, after its agent file is
// written; the one `{"terminalSequence": …}` line goes to stdout at exit (notify-state.ts).
import type {HookEvent} from '../../core/hook/hook-event.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {notifyAfterEvent} from '../../store/hook/notify-state.js';
import type {HookRun} from './hook-context.js';

export function noteForNotify(run: HookRun, sessionDir: string, event: HookEvent, agent: AgentRecord): void {
	const {notify, startedMs, log} = run.input;
	if (!notify.on || event.provider !== undefined) {
		return;
	}
	run.notifyLine = notifyAfterEvent(
		sessionDir,
		{
			agent,
			stops: agent.status === 'stopped',
			transcripts: [event.transcriptPath, agent.transcriptPath],
			nowMs: startedMs,
			...(notify.intervalMs === undefined ? {} : {intervalMs: notify.intervalMs}),
		},
		log,
	);
}
