// What the one-time OTLP export and --follow share: the settings from the option and the
// environment, the note said before each retry, and how they are told to stop and where they write.
import os from 'node:os';
import {otlpConfig, type OtlpConfig} from '../../core/otlp/config.js';
import type {ExportContext} from '../../core/otlp/span.js';
import {safeLine} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {MAX_RETRY_AFTER_MS} from '../../store/otlp/send.js';
import {env} from '../env.js';
import {VERSION} from '../version.js';

/** Why an export is asked to stop: Ctrl+C or SIGTERM in the CLI. */
export type StopReason = 'SIGINT' | 'SIGTERM';

/**
 * Where stop requests come from: calls `stop` on each one (a second one too: --follow then ends
 * the sending on quit) until the returned function is called.
 */
export type StopRequests = (stop: (reason: StopReason) => void) => () => void;

/** What an export is handed besides its settings: where its progress and warnings go, and its stop requests. */
export interface OtlpIo {
	readonly write: (text: string) => void;
	readonly stops: StopRequests;
}

export interface OtlpSetup {
	readonly config: OtlpConfig;
	readonly context: ExportContext;
}

/** The export's settings from the option and the environment; a wrong one is a usage error. */
export function otlpSetup(otlp: true | string, vars: NodeJS.ProcessEnv = env().vars): OtlpSetup {
	const config = otlpConfig(otlp === true ? undefined : otlp, vars, os.hostname());
	if (!config.ok) {
		throw new CliError(config.error, 2);
	}
	return {config: config.value, context: {resource: config.value.resource, scopeName: 'agentlog', scopeVersion: VERSION}};
}

const waitText = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

export function retryNote(label: string, write: (text: string) => void): (reason: string, waitMs: number, attempt: number, askedMs?: number) => void {
	return (reason, waitMs, _attempt, askedMs) => {
		const capped = askedMs === undefined ? '' : ` (it asked for ${waitText(askedMs)} with Retry-After; agentlog waits ${waitText(MAX_RETRY_AFTER_MS)} at most)`;
		write(`agentlog: ${safeLine(label)}: ${safeLine(reason)}; trying again in ${waitText(waitMs)}${capped}\n`);
	};
}
