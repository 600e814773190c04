// `agentlog stop <agent-id|name|wf_run>`: asks agentlog's hook to stop a subagent (and every agent
// under it), or every agent of a workflow run, at its next tool call; `--cancel` withdraws the
// session's requests not carried out yet.
import {ruleOptions} from '../shared/read-options.js';
import type {Command} from 'commander';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {formatLocalTime} from '../../core/text/format.js';
import {CliError} from '../../core/user-error.js';
import {readSessionModel, activityRoots, transcriptReader} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import {cancelStops, requestStop, stopInstalled} from '../../app/stop/stop-agents.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {agentName} from '../../present/present.js';
import {STOP_EXPIRY_TEXT, STOP_LIMITS, STOP_OFF_TEXT, stopQuestion} from '../../present/stop-text.js';
import {activityFor, addReadOptions, clockNow, type ReadOptions} from '../shared/read-options.js';
import {COMMAND_NAMES} from '../shared/command-names.js';

interface StopOptions extends ReadOptions {
	readonly session?: string;
	readonly dryRun?: boolean;
	readonly json?: boolean;
	readonly cancel?: boolean;
}

function sessionOf(activity: string, options: StopOptions): string {
	const sessionId = pickSession(options.session, activity, options, COMMAND_NAMES);
	if (sessionId === undefined) {
		throw new CliError(`no session under ${activity}: nothing to stop`, 1);
	}
	return sessionId;
}

export async function runStop(target: string | undefined, options: StopOptions): Promise<void> {
	const activity = activityFor(options);
	const sessionId = sessionOf(activity, options);
	const now = clockNow();
	if (options.cancel) {
		const cancelled = cancelStops(activity, sessionId, now);
		if (!cancelled.ok) {
			throw new CliError(cancelled.error, 1);
		}
		process.stdout.write(
			options.json
				? `${safeJsonStringify({sessionId, cancelled: cancelled.value})}\n`
				: cancelled.value === 0
					? `Session ${sessionLabel(sessionId)} has no stop waiting.\n`
					: `Withdrew ${cancelled.value} stop request${cancelled.value === 1 ? '' : 's'} of session ${sessionLabel(sessionId)}: agents already stopped stay stopped.\n`,
		);
		return;
	}
	if (target === undefined) {
		throw new CliError('name what to stop: an agent id (or a unique prefix), its name, or a workflow run id (wf_…); or --cancel', 2);
	}
	const {model} = await readSessionModel(
		activity,
		sessionId,
		{...ruleOptions(options), showGhosts: true, showAll: true},
		transcriptReader(activityRoots(activity)),
		options,
	);
	const done = requestStop(activity, sessionId, target, model.items, now, options.dryRun);
	if (!done.ok) {
		throw new CliError(`cannot stop: ${safeLine(done.error)}`, 1);
	}
	const installed = stopInstalled();
	const {plan, request} = done.value;
	if (options.json) {
		process.stdout.write(
			`${safeJsonStringify(
				{
					sessionId,
					requestId: request.id,
					dryRun: options.dryRun === true,
					agents: request.agents,
					runs: request.runs,
					stops: plan.stops.map(item => item.agent.agentId),
					requestedAt: request.requestedAt,
					expiresAt: request.expiresAt,
					installed,
				},
				2,
			)}\n`,
		);
		return;
	}
	const what = stopQuestion(plan).replace(/\? y\/n$/u, '');
	const lines = [
		options.dryRun ? `Would ${what} (dry run: nothing written).` : `Asked to ${what}.`,
		...plan.stops.map(item => `  ${item.agent.agentId}  ${agentName(item)}${item.description === '' ? '' : `  ${safeLine(item.description)}`}`),
		STOP_LIMITS,
		`${STOP_EXPIRY_TEXT} (at ${formatLocalTime(request.expiresAt, now)}; \`agentlog stop --cancel\` withdraws it).`,
	];
	if (!installed) {
		lines.push(`warning: ${STOP_OFF_TEXT}`);
	}
	process.stdout.write(`${lines.join('\n')}\n`);
}

export function registerStopCommand(program: Command): void {
	addReadOptions(
		program
			.command('stop')
			.argument('[target]', 'an agent id (or a unique prefix of one), its name or description, or a workflow run id (wf_…)')
			.description("stop a runaway subagent and every agent under it (or every agent of a workflow run) at its next tool call, through agentlog's hook")
			.option('--session <session>', 'the session (default: the most recently active one)')
			.option('--dry-run', 'say what would stop and write nothing')
			.option('--json', 'print the request as JSON')
			.option('--cancel', "withdraw the session's stop requests not carried out yet")
			.addHelpText(
				'after',
				`
Needs \`agentlog install-hook --control\` (or the plugin's control option): the hook then runs at
every tool call and, while a stop is pending, denies the agent's next call and ends it. A tool call
already running is not cut short; a parent waiting on a child stops when that call returns; the
main session is never stopped. The request expires after 30 minutes. Codex subagents cannot be
stopped this way.`,
			),
	).action(async (target: string | undefined, options: StopOptions) => {
		await runStop(target, options);
	});
}
