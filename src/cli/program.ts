// agentlog's command-line entry: builds the commander program; each command lives in its own file.
import chalk from 'chalk';
import {Command, CommanderError} from 'commander';
import {registerDemoCommand} from './commands/demo-command.js';
import {registerDoctorCommand} from './commands/doctor-command.js';
import {registerExportCommand} from './commands/export-command.js';
import {registerHistoryCommands} from './commands/history-command.js';
import {registerImportCommand} from './commands/import-command.js';
import {registerInstallCommands} from './commands/install-hook-command.js';
import {registerLsCommand} from './commands/ls-command.js';
import {registerPruneCommand} from './commands/prune-command.js';
import {registerSessionsCommand} from './commands/sessions-command.js';
import {registerWatchCommand} from './commands/watch-command.js';
import {registerReplayCommand} from './commands/replay-command.js';
import {registerStatusCommand} from './commands/status-command.js';
import {registerTimelineCommand} from './commands/timeline-command.js';
import {registerReportCommand} from './commands/report-command.js';
import {registerStreamCommand} from './commands/stream-command.js';
import {registerStopCommand} from './commands/stop-command.js';
import {safeText} from '../core/text/safe-text.js';
import {usageErrorText} from '../present/usage-error.js';
import {CliError} from '../core/user-error.js';
import {VERSION} from '../app/version.js';
import {warnAboutPrices} from './shared/prices-warning.js';

export function createProgram(): Command {
	const program = new Command('agentlog')
		.description('A terminal monitor for the subagents of Claude Code, Codex CLI, Qwen Code, Gemini CLI and opencode.')
		.version(VERSION, '-V, --version', 'print the version')
		.helpOption('-h, --help', 'show help')
		.showHelpAfterError('(run with --help for usage)')
		// An error can quote the argument as typed: made safe like any text from outside, and cut.
		.configureOutput({outputError: (text, write) => write(usageErrorText(text))})
		// Before any command is added: subcommands copy it when they are created.
		.exitOverride();
	registerWatchCommand(program);
	registerReplayCommand(program);
	registerLsCommand(program);
	registerSessionsCommand(program);
	registerInstallCommands(program);
	registerDemoCommand(program);
	registerPruneCommand(program);
	registerHistoryCommands(program);
	registerExportCommand(program);
	registerImportCommand(program);
	registerDoctorCommand(program);
	registerStatusCommand(program);
	registerTimelineCommand(program);
	registerReportCommand(program);
	registerStreamCommand(program);
	registerStopCommand(program);
	warnAboutPrices(program);
	return program;
}

const guarded = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that closed the pipe (`agentlog ls | head -3`) ends the program quietly, as `cat`
 * would, instead of an unhandled EPIPE stack. Everything agentlog writes to files is synchronous
 * and done before it prints, so nothing is left half done.
 */
function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
	if (guarded.has(stream)) {
		// Once per stream: main() run again in one process (tests, scripts) adds no listener.
		return;
	}
	guarded.add(stream);
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') {
			process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
		}
		throw error;
	});
}

/**
 * Writes to a pipe wait while it is full instead of queueing in memory. Node writes a pipe
 * without blocking and keeps every write the reader has not taken yet (files and terminals are
 * written synchronously): `agentlog export --events | slow-reader` over a 1 GB log held the
 * whole export in memory. Blocking, the output takes the memory of one write, as `cat`'s does.
 */
export function blockOnFullPipe(stream: NodeJS.WriteStream): void {
	const handle = (stream as unknown as {readonly _handle?: {readonly setBlocking?: (blocking: boolean) => unknown}})._handle;
	handle?.setBlocking?.(true);
}

/** `agentlog -v` alone is `--version`, as people type it (`-V` is commander's; `-v` is no option otherwise). */
function withVersionAlias(argv: readonly string[]): readonly string[] {
	return argv.length === 3 && argv[2] === '-v' ? [argv[0]!, argv[1]!, '--version'] : argv;
}

export async function main(argv: readonly string[] = process.argv): Promise<void> {
	endQuietlyOnClosedPipe(process.stdout);
	endQuietlyOnClosedPipe(process.stderr);
	blockOnFullPipe(process.stdout);
	// NO_COLOR (https://no-color.org): chalk, which Ink and marked-terminal draw with, ignores it.
	if (process.env.NO_COLOR && !process.env.FORCE_COLOR) {
		chalk.level = 0;
	}
	const program = createProgram();
	try {
		await program.parseAsync(withVersionAlias(argv));
	} catch (error) {
		if (error instanceof CommanderError) {
			// --help and --version exit 0; usage errors are exit 2 (docs/design.md#exit-codes).
			process.exitCode = error.exitCode === 0 ? 0 : 2;
			return;
		}
		if (error instanceof CliError) {
			// Messages can quote names from disk (session folders listed as candidates): made safe.
			process.stderr.write(`agentlog: ${safeText(error.message)}\n`);
			process.exitCode = error.exitCode;
			return;
		}
		process.stderr.write(`agentlog: unexpected error: ${safeText(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
		process.exitCode = 1;
	}
}
