// `agentlog export [session]`'s use case: the history as JSON Lines or CSV, one row per agent
// (oldest start first) or, with --events, one per log line (oldest first), to stdout or to a file
// written whole or not at all.
//
// What is held: each selected agent in a small form (heldHistory: agents are sorted before the
// first row is written) or, with --events, nothing per line: lines are written as the logs are read, oldest
// first (store/history/selected-lines.ts). Rows go out a megabyte at a time.
import {lstatSync} from 'node:fs';
import {sortByStart} from '../../core/history/query.js';
import {heldHistory, heldJsonAgent} from '../../present/history-json.js';
import {safeLine} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {csvHeader, eventRow, jsonAgentRow, type CsvOptions, type ExportFormat} from '../../present/export-rows.js';
import {openAtomicStream, TargetExistsError, TargetNotFileError, type AtomicStream} from '../../store/fs/atomic-stream.js';
import {replaceableFile} from '../../store/fs/safe-file.js';
import {planLines, readSelected, type Selection} from '../history/select.js';

export interface ExportRequest {
	readonly selection: Selection;
	readonly format: ExportFormat;
	/** One row per log line instead of one per agent. */
	readonly events: boolean;
	/** The file to write (an absolute path), else stdout. */
	readonly file: string | undefined;
	/** Replace a regular file at `file`. */
	readonly force: boolean;
}

export interface ExportIo {
	/** Where the rows go without a file, a megabyte at a time. */
	readonly stdout: (text: string) => void;
	/** Whether stdout is a terminal (CSV cells are then made terminal-safe). */
	readonly stdoutIsTerminal: boolean;
	/** Where notes and the summary of a file written go. */
	readonly stderr: (text: string) => void;
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

export function writeExport(request: ExportRequest, io: ExportIo): void {
	const {selection, format, file} = request;
	// Refused before the history is read: no work for a file that would not be replaced.
	const output = file === undefined ? undefined : openOutput(file, request.force);
	try {
		// JSONL is terminal-safe as it is (safeJsonStringify); CSV cells are made so only for a terminal.
		const csv: CsvOptions = {terminal: output === undefined && io.stdoutIsTerminal};
		const toFile = (text: string): void => {
			try {
				output!.write(text);
			} catch (error) {
				throw new CliError(`cannot write ${file ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
			}
		};
		const writer = new ChunkedWriter(output ? toFile : io.stdout);
		let rows = 0;
		if (request.events) {
			// Oldest first, written as the logs are read (planLines, then the lines one at a time).
			const {lines} = planLines(selection, io.stderr);
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
			const read = readSelected(selection, io.stderr, {lines: 'none', keep: h => heldHistory(h, same)});
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
			const what = request.events ? (rows === 1 ? 'event' : 'events') : rows === 1 ? 'agent' : 'agents';
			io.stderr(`agentlog: exported ${rows} ${what} (${format}) to ${safeLine(file)}\n`);
		}
	} finally {
		output?.abort();
	}
}
