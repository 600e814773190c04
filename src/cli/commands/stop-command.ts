// `agentlog stop <agent-id|name|wf_run>`: asks agentlog's hook to stop a subagent (and every agent
// under it), or every agent of a workflow run, at its next tool call; `--cancel` withdraws the
// session's requests not carried out yet.
import type {Command} from 'commander';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {pickSession} from '../../app/session/pick.js';
import {cancelStops, stopInSession} from '../../app/stop/stop-agents.js';
import {stopAskedText, stopCancelText} from '../../present/stop-text.js';
import {stopCancelJson, stopJson} from '../../present/stop-json.js';
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
		process.stdout.write(options.json ? `${safeJsonStringify(stopCancelJson(sessionId, cancelled.value))}\n` : stopCancelText(sessionId, cancelled.value));
		return;
	}
	if (target === undefined) {
		throw new CliError('name what to stop: an agent id (or a unique prefix), its name, or a workflow run id (wf_…); or --cancel', 2);
	}
	const dryRun = options.dryRun === true;
	const asked = await stopInSession(activity, sessionId, target, options, now, dryRun);
	if (!asked.ok) {
		throw new CliError(`cannot stop: ${safeLine(asked.error)}`, 1);
	}
	process.stdout.write(options.json ? `${safeJsonStringify(stopJson(sessionId, asked.value, dryRun), 2)}\n` : stopAskedText(asked.value, dryRun, now));
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
main session is never stopped. The request expires after 30 minutes. Subagents of Codex CLI, Qwen
Code, Gemini CLI and opencode cannot be stopped this way.`,
			),
	).action(async (target: string | undefined, options: StopOptions) => {
		await runStop(target, options);
	});
}
