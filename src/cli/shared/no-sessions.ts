// What `ls` and `sessions` say when no session has agent files: how to get some, and, when
// `agentlog import` has filled the history, where those sessions are.
import {listSessionDirs} from '../../store/activity/read-agents.js';

export function noSessionsText(activity: string): string {
	const historyOnly = listSessionDirs(activity).length;
	if (historyOnly > 0) {
		return `No live sessions under ${activity}: ${historyOnly === 1 ? '1 session is' : `${historyOnly} sessions are`} in the history only (imported); see \`agentlog history\`. Live sessions appear once the hook records agents (agentlog install-hook).\n`;
	}
	return `No sessions under ${activity} yet. Is the hook installed? (agentlog install-hook)\n`;
}
