// `agentlog status [session]` in the commander program: for `agentlog help status`, `--help` and
// usage errors, and whenever the small bundle (status-main.ts) hands over. The same code prints.
import {Option, type Command} from 'commander';
import {STATUS_FORMATS, statusJson, type StatusFormat} from '../../present/status-line.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {activityFor, addReadOptions, type ReadOptions} from '../shared/read-options.js';
import {resolveSessionArg} from '../../app/session/resolve.js';
import {plainColour, statusOutput, statusText, stdoutIsTerminal} from './status-run.js';
import {quickResolveSession} from '../../app/session/resolve.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {addHostOption, argvFor, type HostOptions} from '../shared/host-options.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {remoteStatus} from '../../app/remote/one-shot.js';

interface StatusCommandOptions extends ReadOptions, HostOptions {
	readonly format: StatusFormat;
}

/** `status --host`: that machine's counts, checked, printed as here. */
async function runRemoteStatus(target: string, sessionArg: string | undefined, options: StatusCommandOptions): Promise<void> {
	const words = ['status', ...(sessionArg === undefined ? [] : [sessionArg]), '--format', 'json'];
	const label = hostLabel(target);
	const s = await remoteStatus(label, argvFor(target, words, options));
	if (options.format === 'json') {
		process.stdout.write(`${safeJsonStringify({host: label, ...statusJson(s.sessionId, s.counts, s.mainWaiting, s.provider)})}\n`);
		return;
	}
	process.stdout.write(statusOutput(s.sessionId, s.counts, s.mainWaiting, options.format, plainColour(process.env, stdoutIsTerminal()), s.provider));
}

export async function runStatus(sessionArg: string | undefined, options: StatusCommandOptions): Promise<void> {
	if (typeof options.host === 'string') {
		await runRemoteStatus(options.host, sessionArg, options);
		return;
	}
	const activity = activityFor(options);
	const quick = quickResolveSession(sessionArg, activity, options);
	// Ambiguous or unknown: resolveSessionArg's message and exit 1.
	const sessionId = quick === undefined ? resolveSessionArg(sessionArg as string, activity, options, COMMAND_NAMES) : quick.sessionId;
	process.stdout.write(statusText(activity, sessionId, options));
}

export function registerStatusCommand(program: Command): void {
	const status = program
		.command('status')
		.description(
			"print one short line for a status bar: the session's agents waiting (◆), active (●), idle (◐), and stale (◌) beside them; nothing when none runs (default: the newest session)",
		)
		.argument('[session]', 'a session id, a unique prefix of one, or a team name');
	addHostOption(addReadOptions(status))
		.addOption(
			new Option('--format <format>', 'plain, tmux (with tmux colour codes, for status-right) or json ({sessionId, counts, mainWaiting, provider})')
				.choices(STATUS_FORMATS)
				.default('plain'),
		)
		.action((session: string | undefined, options: StatusCommandOptions) => runStatus(session, options));
}
