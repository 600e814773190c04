// `agentlog export [session]`: the history as JSON Lines or CSV, one row per agent (oldest start
// first) or, with --events, one per log line (oldest first), to stdout or, with -o, to a file
// written whole or not at all. The filters are history's.
//
// What is held: each selected agent in a small form (heldHistory: agents are sorted before the
// first row is written) or, with --events, nothing per line: lines are written as the logs are read, oldest
// first (store/history/selected-lines.ts). Rows go out a megabyte at a time.
import {lstatSync} from 'node:fs';
import path from 'node:path';
import {Option, type Command} from 'commander';
import {csvHeader, EXPORT_FORMATS, eventRow, jsonAgentRow, type CsvOptions, type ExportFormat} from '../../present/export-rows.js';
import {heldHistory, heldJsonAgent, sortByStart} from '../../core/history/query.js';
import {safeLine} from '../../core/text/safe-text.js';
import {openAtomicStream, TargetExistsError, TargetNotFileError, type AtomicStream} from '../../store/fs/atomic-stream.js';
import {replaceableFile} from '../../store/fs/safe-file.js';
import {activityFor, clockNow} from '../../app/env.js';
import {writeStdout} from '../shared/json-output.js';
import {runOtlp} from './otlp-export.js';
import {CliError} from '../../core/user-error.js';
import {
	addFilterOptions,
	addHistoryReadOptions,
	filterFrom,
	planLines,
	readSelected,
	sessionFrom,
	type FilterOptions,
	type HistoryReadOptions,
} from '../shared/history-options.js';

interface ExportOptions extends HistoryReadOptions, FilterOptions {
	readonly format: ExportFormat;
	readonly events?: boolean;
	readonly output?: string;
	readonly force?: boolean;
	readonly otlp?: true | string;
	readonly follow?: boolean;
}

/** How much text is gathered before one write. */
const CHUNK_CHARS = 1024 * 1024;

/** Gathers rows and passes them on a megabyte at a time. */
class ChunkedWriter {
	private chunk = '';
	constructor(private readonly sink: (text: string) => void) {}
	write(text: string): void {
		this.chunk += text;
		if (this.chunk.length >= CHUNK_CHARS) {
			this.flush();
		}
	}
	flush(): void {
		if (this.chunk !== '') {
			this.sink(this.chunk);
			this.chunk = '';
		}
	}
}

const notFileMessage = (file: string, why: string): string =>
	`${safeLine(file)} ${why}; -o writes a new file or replaces a regular one, --force too: nothing was changed`;

/** Whether a regular file is at `file`; anything else there (a device, FIFO, folder, link) is refused, --force or not, before the history is read. */
function exists(file: string): boolean {
	const target = replaceableFile(file);
	if (!target.ok) {
		// A folder is a wrong name rather than something to protect: said as such.
		throw new CliError(
			lstatSync(file, {throwIfNoEntry: false})?.isDirectory() ? `${safeLine(file)} is a folder; -o takes a file name` : notFileMessage(file, target.why),
		);
	}
	return target.exists;
}

const existsMessage = (file: string): string => `${safeLine(file)} already exists; --force replaces it`;

function openOutput(file: string, force: boolean): AtomicStream {
	if (exists(file) && !force) {
		throw new CliError(existsMessage(file));
	}
	try {
		return openAtomicStream(file, {overwrite: force});
	} catch (error) {
		throw new CliError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
	}
}

export function runExport(sessionArg: string | undefined, options: ExportOptions): void {
	const format = options.format;
	const activity = activityFor(options);
	const now = clockNow();
	const filter = filterFrom(options, now);
	const sessionId = sessionFrom(sessionArg, activity, options);
	if (options.output === '') {
		throw new CliError("option '-o, --output <file>' needs a file name", 2);
	}
	// `-o -` is stdout, as for most tools that take an output file (it had made a file named '-').
	const file = options.output === undefined || options.output === '-' ? undefined : path.resolve(options.output);
	// Refused before the history is read: no work for a file that would not be replaced.
	const output = file === undefined ? undefined : openOutput(file, Boolean(options.force));
	try {
		// JSONL is terminal-safe as it is (safeJsonStringify); CSV cells are made so only for a terminal.
		const csv: CsvOptions = {terminal: output === undefined && Boolean(process.stdout.isTTY)};
		const toFile = (text: string): void => {
			try {
				output!.write(text);
			} catch (error) {
				throw new CliError(`cannot write ${file ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
			}
		};
		const writer = new ChunkedWriter(output ? toFile : writeStdout);
		let rows = 0;
		if (options.events) {
			// Oldest first, written as the logs are read (planLines, then the lines one at a time).
			const {lines} = planLines(activity, now, options, filter, sessionId);
			if (format === 'csv') {
				writer.write(csvHeader(true));
			}
			for (const line of lines()) {
				writer.write(eventRow(line, format, csv));
				rows += 1;
			}
		} else {
			// Each agent held in a small form (heldHistory) until all are sorted; its row made as it is written.
			const sessionIds = new Map<string, string>();
			const same = (id: string): string => sessionIds.get(id) ?? (sessionIds.set(id, id), id);
			const read = readSelected(activity, now, options, filter, sessionId, false, h => heldHistory(h, same));
			if (format === 'csv') {
				writer.write(csvHeader(false));
			}
			for (const agent of sortByStart(read.agents, true)) {
				writer.write(jsonAgentRow(heldJsonAgent(agent), format, csv));
			}
			rows = read.agents.length;
		}
		writer.flush();
		if (output && file !== undefined) {
			try {
				output.commit();
			} catch (error) {
				if (error instanceof TargetExistsError) {
					throw new CliError(existsMessage(file));
				}
				if (error instanceof TargetNotFileError) {
					throw new CliError(notFileMessage(file, error.why));
				}
				throw new CliError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
			}
			const what = options.events ? (rows === 1 ? 'event' : 'events') : rows === 1 ? 'agent' : 'agents';
			process.stderr.write(`agentlog: exported ${rows} ${what} (${format}) to ${safeLine(file)}\n`);
		}
	} finally {
		output?.abort();
	}
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
				await runOtlp(session, options, command.getOptionValueSource('format') === 'cli');
				return;
			}
			runExport(session, options);
		});
}
