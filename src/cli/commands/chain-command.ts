// `agentlog chain <agent>`: who spawned an agent, what it spawned, and each one's lifecycle.
import type {Command} from 'commander';
import {agentChain} from '../../core/history/lineage.js';
import {chainJson, formatChainText} from '../../present/chain.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {readAgentSession} from '../../store/history/agent-session.js';
import {activityFor, clockNow, env} from '../../app/env.js';
import {CliError} from '../../core/user-error.js';
import {addHistoryReadOptions, printNotes, type HistoryReadOptions} from '../shared/history-options.js';

export function runChain(agentArg: string, options: HistoryReadOptions): void {
	const activity = activityFor(options);
	const now = clockNow();
	const read = readAgentSession(activity, agentArg, {vars: env().vars, now, staleMs: options.stale});
	printNotes(read.notes);
	if (read.agentError !== undefined) {
		throw new CliError(read.agentError, 2);
	}
	const chain = read.sessionAgents && read.agentId !== undefined ? agentChain(read.sessionAgents, read.agentId) : undefined;
	if (!chain) {
		throw new CliError(`no agent ${JSON.stringify(agentArg)} in the history under ${activity} (\`agentlog history\` lists them)`);
	}
	if (read.otherSessions > 0) {
		process.stderr.write(`agentlog: agent ${safeLine(agentArg)} is also in ${read.otherSessions} older session(s); showing the newest\n`);
	}
	if (options.json) {
		process.stdout.write(`${safeJsonStringify(chainJson(chain), 2)}\n`);
		return;
	}
	process.stdout.write(formatChainText(chain, now));
}

export function registerChainCommand(program: Command): void {
	const chain = program
		.command('chain')
		.description("an agent's lineage: who spawned it (the main session or another agent), what it spawned, and each one's lifecycle")
		.argument('<agent>', 'an agent id or a unique prefix of one');
	addHistoryReadOptions(chain, 'print {agent, ancestors, descendants}, each as in history --json with its events (see the README)').action(
		(agent: string, options: HistoryReadOptions) => runChain(agent, options),
	);
}
