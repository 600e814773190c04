// `agentlog export [session]`: the options of the history as JSON Lines or CSV (app/export) or,
// with --otlp, as OpenTelemetry traces (otlp-export.ts). The filters are history's.
import path from 'node:path';
import {Option, type Command} from 'commander';
import {EXPORT_FORMATS, type ExportFormat} from '../../present/export-rows.js';
import {writeExport} from '../../app/export/write-export.js';
import {writeStdout} from '../shared/json-output.js';
import {CliError} from '../../core/user-error.js';
import {addFilterOptions, addHistoryReadOptions, selectionFrom, toStderr, type FilterOptions, type HistoryReadOptions} from '../shared/history-options.js';

interface ExportOptions extends HistoryReadOptions, FilterOptions {
	readonly format: ExportFormat;
	readonly events?: boolean;
	readonly output?: string;
	readonly force?: boolean;
	readonly otlp?: true | string;
	readonly follow?: boolean;
}

export function runExport(sessionArg: string | undefined, options: ExportOptions): void {
	const selection = selectionFrom(sessionArg, options);
	if (options.output === '') {
		throw new CliError("option '-o, --output <file>' needs a file name", 2);
	}
	// `-o -` is stdout, as for most tools that take an output file (it had made a file named '-').
	const file = options.output === undefined || options.output === '-' ? undefined : path.resolve(options.output);
	writeExport(
		{selection, format: options.format, events: Boolean(options.events), file, force: Boolean(options.force)},
		{stdout: writeStdout, stdoutIsTerminal: Boolean(process.stdout.isTTY), stderr: toStderr},
	);
}

export function registerExportCommand(program: Command): void {
	const command = program
		.command('export')
		.description(
			'the history as JSON Lines or CSV: one row per agent, oldest first (--events: one per log line); columns in the README. --otlp: as OpenTelemetry traces to a collector',
		)
		.argument('[session]', 'only this session: an id, a unique prefix of one, or a team name');
	addFilterOptions(addHistoryReadOptions(command))
		.addOption(new Option('--format <format>', 'jsonl (one JSON value a line) or csv').choices(EXPORT_FORMATS).default('jsonl'))
		.option('--events', "one row per log line instead: the selected agents' lines (and, unless --agent, --type or --status, the session lines)")
		.option('-o, --output <file>', 'write to this file (whole or not at all) instead of stdout; - is stdout')
		.option('--force', 'with -o: replace an existing regular file (never a device, FIFO, folder or link)')
		.option(
			'--otlp [url]',
			'send the history as OTLP/HTTP traces to a collector instead: url, else $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else $OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, else http://localhost:4318/v1/traces',
		)
		.option('--follow', "with --otlp: keep running, and send each agent's span when its run ends (runs still going: on quit, marked unfinished)")
		.action(async (session: string | undefined, options: ExportOptions) => {
			if (options.otlp !== undefined || options.follow) {
				// Loaded when it runs: its sender takes Node's http, https and zlib, which no other command needs.
				const {runOtlp} = await import('./otlp-export.js');
				await runOtlp(session, options, command.getOptionValueSource('format') === 'cli');
				return;
			}
			runExport(session, options);
		});
}
