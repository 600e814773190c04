// `agentlog import`: adds the subagents Claude Code still keeps in <claude>/projects, and Codex
// CLI's, Qwen Code's, Gemini CLI's and opencode's, to the history (store/history/import.ts), with a
// progress line on a terminal and a summary at the end.
import type {Command} from 'commander';
import {parseTimeBound} from '../../core/history/query.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {importTranscripts, type ImportProgress, type ImportSummary} from '../../store/history/import.js';
import {importSummaryText} from '../../present/import-text.js';
import {opencodeDataDir} from '../../store/opencode/opencode-db.js';
import {env, activityFor, clockNow} from '../../app/env.js';
import {CliError} from '../../core/user-error.js';

interface ImportCommandOptions {
	readonly since?: string;
	readonly project?: string;
	readonly dir?: string;
	readonly json?: boolean;
	readonly dryRun?: boolean;
	readonly codexHome?: string;
	readonly geminiHome?: string;
}

/** The progress line is redrawn at most this often (ms). */
const PROGRESS_EVERY_MS = 100;

const MB = 1024 * 1024;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A progress line for stderr on a terminal: redrawn in place with `\r`, at most ~10×/s, cleared at the end. */
function progressWriter(stream: NodeJS.WriteStream): {onProgress: (p: ImportProgress) => void; clear: () => void} {
	let last = 0;
	let drawn = false;
	return {
		onProgress: p => {
			const now = Date.now();
			if (now - last < PROGRESS_EVERY_MS && p.filesDone < p.filesTotal) {
				return;
			}
			last = now;
			const pct = p.bytesTotal === 0 ? 100 : Math.floor((100 * p.bytesDone) / p.bytesTotal);
			const text = `importing: ${p.filesDone}/${p.filesTotal} transcripts · ${(p.bytesDone / MB).toFixed(1)}/${(p.bytesTotal / MB).toFixed(1)} MB (${pct}%) · ${plural(p.agentsFound, 'agent')} found`;
			const width = Math.max(20, (stream.columns || 80) - 1);
			stream.write(`\r${text.slice(0, width)}\u001B[K`);
			drawn = true;
		},
		clear: () => {
			if (drawn) {
				stream.write('\r\u001B[K');
			}
		},
	};
}

export function runImport(options: ImportCommandOptions): void {
	const activity = activityFor(options);
	const now = clockNow();
	let sinceMs: number | undefined;
	if (options.since !== undefined) {
		const parsed = parseTimeBound(options.since, now);
		if (!parsed.ok) {
			throw new CliError(`option '--since <when>' argument: ${parsed.error}`, 2);
		}
		sinceMs = parsed.value;
	}
	const progress = process.stderr.isTTY ? progressWriter(process.stderr) : undefined;
	let summary: ImportSummary;
	try {
		summary = importTranscripts({
			claudeDir: env().claude,
			activity,
			...(sinceMs === undefined ? {} : {sinceMs}),
			...(options.project === undefined ? {} : {project: options.project}),
			dryRun: options.dryRun === true,
			codexHome: env().codexHome(options.codexHome),
			qwenProjects: env().qwenProjects,
			geminiHome: env().geminiHome(options.geminiHome),
			opencodeDataDir: opencodeDataDir(env().vars, env().home),
			...(progress === undefined ? {} : {onProgress: progress.onProgress}),
		});
	} finally {
		progress?.clear();
	}
	if (options.json) {
		process.stdout.write(`${safeJsonStringify(summary, 2)}\n`);
	} else {
		process.stdout.write(importSummaryText(summary));
	}
	for (const error of summary.errors) {
		process.stderr.write(`agentlog: ${safeLine(error)}\n`);
	}
	if (summary.errors.length > 0) {
		process.exitCode = 1;
	}
}

export function registerImportCommand(program: Command): void {
	program
		.command('import')
		.description(
			'add to the history the subagents Claude Code (<claude>/projects), Codex CLI, Qwen Code, Gemini CLI and opencode still keep on disk; never over what the hook recorded; running it again adds only new or grown ones',
		)
		.option('--since <when>', 'only transcripts written since then: a duration before now (2h, 7d) or an ISO time')
		.option(
			'--project <name>',
			"only Claude Code project folders whose name holds this (a name or a part of the project path); Codex's, Qwen Code's, Gemini's and opencode's subagents are then left out",
		)
		.option('--codex-home <dir>', "OpenAI Codex CLI's folder, whose subagents' rollouts are imported too (default: $CODEX_HOME, else ~/.codex)")
		.option('--gemini-home <dir>', "Gemini CLI's folder, whose subagents' files are imported too (default: $GEMINI_CLI_HOME/.gemini, else ~/.gemini)")
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.addHelpText(
			'after',
			'\nWhat it reads (a folder that is not there is skipped):\n' +
				"  Claude Code  its subagents' transcripts in <claude>/projects\n" +
				"  Codex CLI    its subagents' rollouts in --codex-home\n" +
				"  Qwen Code    its subagents' transcripts in <qwen>/projects (<qwen>:\n" +
				'               $QWEN_RUNTIME_DIR, else $QWEN_HOME, else ~/.qwen)\n' +
				"  Gemini CLI   its subagents' files in --gemini-home\n" +
				'  opencode     its child sessions in its databases in $XDG_DATA_HOME/opencode\n' +
				'               (else ~/.local/share/opencode)',
		)
		.option('--dry-run', 'read and count, write nothing')
		.option(
			'--json',
			'print the summary as JSON: {dryRun, imported, transcripts, bytes, sessions, upToDate, hooked, skipped: {internal, unreadable, empty, badName}, errors, durationMs}',
		)
		.action((options: ImportCommandOptions) => runImport(options));
}
