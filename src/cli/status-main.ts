// The small bundle of `agentlog status` (dist/cli/status.cjs): a status bar runs it every few
// seconds, so it loads no npm package (no commander, chalk, Ink, React, chokidar or marked), only
// node built-ins and agentlog's own core and store. bin/agentlog.js calls runStatusFast with the
// arguments after `status`; when they are anything but the plain forms parsed here (--help, a
// usage error, `--`, a session argument that is ambiguous or unknown), it returns false and the
// main CLI runs the same command through commander (status-command.ts), which prints commander's
// help and errors (exit 2 on a usage error) and the full session resolution's message.
import {writeSync} from 'node:fs';
import {DEFAULT_STALE_MS} from '../core/monitor/stale.js';
import {STATUS_FORMATS, type StatusFormat} from '../present/status-line.js';
import {parseDuration} from '../core/text/format.js';
import {activityFor} from '../app/env.js';
import {scanCodex} from '../app/session/codex-scan.js';
import {statusText, type StatusOptions} from './commands/status-run.js';
import {quickResolveSession} from '../app/session/resolve.js';

export interface StatusArgs {
	readonly session: string | undefined;
	readonly options: StatusOptions;
}

const VALUE_OPTIONS = new Set(['--dir', '--stale', '--format', '--codex-home', '--gemini-home']);

/** The arguments after `status`, as commander would read them; undefined for anything the main CLI must handle. */
export function parseStatusArgs(args: readonly string[]): StatusArgs | undefined {
	let session: string | undefined;
	let dir: string | undefined;
	let codexHome: string | undefined;
	let geminiHome: string | undefined;
	let stale = DEFAULT_STALE_MS;
	let dedup = true;
	let format: StatusFormat = 'plain';
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		if (!arg.startsWith('-') || arg === '-') {
			if (session !== undefined) {
				return undefined;
			}
			session = arg;
			continue;
		}
		if (arg === '--no-dedup') {
			dedup = false;
			continue;
		}
		const eq = arg.indexOf('=');
		const name = eq === -1 ? arg : arg.slice(0, eq);
		if (!arg.startsWith('--') || !VALUE_OPTIONS.has(name)) {
			// -h, --help, `--`, an unknown option: commander's.
			return undefined;
		}
		// As commander: a required value is the next argument, whatever it looks like.
		const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
		if (value === undefined) {
			return undefined;
		}
		if (name === '--dir') {
			dir = value;
		} else if (name === '--codex-home') {
			codexHome = value;
		} else if (name === '--gemini-home') {
			geminiHome = value;
		} else if (name === '--stale') {
			const parsed = parseDuration(value);
			if (!parsed.ok) {
				return undefined;
			}
			stale = parsed.value;
		} else {
			const known = STATUS_FORMATS.find(f => f === value);
			if (known === undefined) {
				return undefined;
			}
			format = known;
		}
	}
	return {
		session,
		options: {
			...(dir === undefined ? {} : {dir}),
			...(codexHome === undefined ? {} : {codexHome}),
			...(geminiHome === undefined ? {} : {geminiHome}),
			stale,
			dedup,
			format,
		},
	};
}

/**
 * Writes to stdout without process.stdout, whose set-up (a net.Socket for a pipe, which is what
 * tmux gives) costs more than the rest of a run's output. A bar that closed the pipe early ends
 * the run quietly, as the main CLI does.
 */
function writeOut(text: string): void {
	const bytes = Buffer.from(text);
	let offset = 0;
	try {
		while (offset < bytes.length) {
			offset += writeSync(1, bytes, offset);
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EPIPE') {
			throw error;
		}
	}
}

/** Runs `agentlog status <args>`; false when the main CLI must run it instead (nothing printed then). */
export function runStatusFast(args: readonly string[]): boolean {
	const parsed = parseStatusArgs(args);
	if (parsed === undefined) {
		return false;
	}
	let text: string;
	try {
		const activity = activityFor(parsed.options);
		// Codex's recent rollouts looked at once (the newest session, then its counts).
		const options = {...parsed.options, liveScan: scanCodex(parsed.options, true)};
		const quick = quickResolveSession(parsed.session, activity, options);
		if (quick === undefined) {
			return false;
		}
		text = statusText(activity, quick.sessionId, options);
	} catch {
		// Nothing printed yet: the main CLI runs it again and says what went wrong.
		return false;
	}
	writeOut(text);
	return true;
}
