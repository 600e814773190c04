// `agentlog export --otlp [url] [--follow]`: the options checked, then the one-time export or
// --follow (app/otlp) run with stderr for their words and Ctrl+C / SIGTERM as their stop requests.
import {exportOnce} from '../../app/otlp/export-once.js';
import {follow} from '../../app/otlp/follow.js';
import {otlpSetup, type OtlpIo, type StopReason} from '../../app/otlp/setup.js';
import {activityFor} from '../../app/env.js';
import {CliError} from '../../core/user-error.js';
import {selectionFrom, toStderr, type FilterOptions, type HistoryReadOptions} from '../shared/history-options.js';

export interface OtlpOptions extends HistoryReadOptions, FilterOptions {
	/** `--otlp` alone (true) or with its URL. */
	readonly otlp?: true | string;
	readonly follow?: boolean;
	readonly events?: boolean;
	readonly output?: string;
	readonly force?: boolean;
}

/** The exit code of a one-time export a signal stopped: 128 + the signal's number, as a shell reports it. */
export const SIGNAL_EXIT: Readonly<Record<StopReason, number>> = {SIGINT: 130, SIGTERM: 143};

/** Calls `stop` on Ctrl+C and SIGTERM (instead of dying mid-request) until the returned function is called. */
export function onStopSignals(stop: (signal: StopReason) => void): () => void {
	const interrupt = (): void => stop('SIGINT');
	const terminate = (): void => stop('SIGTERM');
	process.on('SIGINT', interrupt);
	process.on('SIGTERM', terminate);
	return () => {
		process.off('SIGINT', interrupt);
		process.off('SIGTERM', terminate);
	};
}

const io: OtlpIo = {write: toStderr, stops: onStopSignals};

/** `--otlp` and `--follow` with the options that go with them only; a wrong mix is a usage error. */
export async function runOtlp(sessionArg: string | undefined, options: OtlpOptions, formatGiven: boolean): Promise<void> {
	const otlp = options.otlp;
	if (otlp === undefined) {
		throw new CliError('--follow sends spans to a collector as runs end: use it with --otlp [url]', 2);
	}
	const clash = [
		formatGiven ? '--format' : undefined,
		options.events ? '--events' : undefined,
		options.output === undefined ? undefined : '--output',
		options.force ? '--force' : undefined,
	].filter(name => name !== undefined);
	if (clash.length > 0) {
		throw new CliError(`--otlp sends spans to a collector; ${clash.join(', ')} ${clash.length === 1 ? 'is' : 'are'} for files and stdout`, 2);
	}
	if (options.follow) {
		const filters = [
			sessionArg === undefined ? undefined : 'a session',
			...(['agent', 'type', 'status', 'since', 'until', 'provider'] as const).map(name => (options[name] === undefined ? undefined : `--${name}`)),
		].filter(name => name !== undefined);
		if (filters.length > 0) {
			throw new CliError(
				`--follow sends every session's agents as they end; ${filters.join(', ')} ${filters.length === 1 ? 'is' : 'are'} for a one-time export`,
				2,
			);
		}
		const setup = otlpSetup(otlp);
		const end = await follow({setup, activity: activityFor(options), staleMs: options.stale}, io);
		if (!end.ok) {
			process.exitCode = 1;
		}
		return;
	}
	const setup = otlpSetup(otlp);
	const end = await exportOnce({setup, ...selectionFrom(sessionArg, options)}, io);
	if (end.stopped !== undefined) {
		process.exitCode = SIGNAL_EXIT[end.stopped];
	} else if (end.rejected) {
		process.exitCode = 1;
	}
}
