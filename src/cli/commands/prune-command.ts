// `agentlog prune`: removes whole sessions whose last event is older than the retention
// (DESIGN.md §10), never one with an agent that still runs; `--dry-run` says what would go.
import {InvalidArgumentError, Option, type Command} from 'commander';
import {formatBytes, formatRetention, parseRetention, retentionFrom, RETENTION_ENV} from '../../core/history/retention.js';
import {DEFAULT_STALE_MS} from '../../core/monitor/stale.js';
import {formatLocalTime} from '../../core/text/format.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {codeOf} from '../../store/fs/errors.js';
import {describeForeign, toolFolderFix} from '../../core/history/ownership.js';
import {pruneSessions, toolHomesFrom, ToolFolderError, type PruneResult} from '../../store/history/prune.js';
import {activityFor, clockNow, parseStale} from '../shared/read-options.js';
import {CliError} from '../../core/user-error.js';
import {env} from '../../app/env.js';

interface PruneCommandOptions {
	readonly dir?: string;
	readonly olderThan?: number;
	readonly dryRun?: boolean;
	readonly json?: boolean;
	readonly stale: number;
}

function parseOlderThan(value: string): number {
	const parsed = parseRetention(value);
	if (!parsed.ok) {
		throw new InvalidArgumentError(parsed.error);
	}
	return parsed.value;
}

/** --older-than, else AGENTLOG_RETENTION, else 30 days. An invalid AGENTLOG_RETENTION is refused: prune removes files, it does not guess. */
function retentionMs(options: PruneCommandOptions): number {
	if (options.olderThan !== undefined) {
		return options.olderThan;
	}
	const retention = retentionFrom(process.env);
	if (retention.warning !== undefined) {
		throw new CliError(`${RETENTION_ENV} is not a retention: ${retention.warning.replace(/; using the default, 30d$/, '')}\n(fix it, or give --older-than)`, 2);
	}
	return retention.ms;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function keptLine(k: PruneResult['kept'][number]): string | undefined {
	switch (k.reason) {
		case 'live-agent':
			return `  ${k.id}  kept: agent ${k.agentId ?? '?'} still runs`;
		case 'changed':
			return `  ${k.id}  kept: written to while it was being pruned`;
		case 'symlink':
			return `  ${k.id}  skipped: a symbolic link, not followed`;
		case 'unknown-age':
			return `  ${k.id}  kept: its last event cannot be told`;
		case 'foreign':
			return `  ${k.id}  left alone: holds files agentlog did not write: ${describeForeign(k.foreign ?? [])}`;
		case 'recent':
			return undefined;
	}
}

function printResult(result: PruneResult, olderThanMs: number, dryRun: boolean, now: number): void {
	const age = formatRetention(olderThanMs);
	const out: string[] = [];
	const total = result.removed.reduce((sum, r) => sum + r.bytes, 0);
	if (result.removed.length === 0) {
		out.push(`Nothing to prune: no session's last event is ${age} old or more${result.kept.length > 0 ? ` without an agent that still runs` : ''}.`);
	} else {
		out.push(
			`${dryRun ? 'Would remove' : 'Removed'} ${plural(result.removed.length, 'session')} whose last event is ${age} old or more (${formatBytes(total)}):`,
		);
		const width = Math.max(...result.removed.map(r => r.id.length));
		for (const r of result.removed) {
			out.push(`  ${r.id.padEnd(width)}  last event ${formatLocalTime(r.lastEventAt, now)}  ${formatBytes(r.bytes)}`);
		}
	}
	const notes = result.kept.map(keptLine).filter((line): line is string => line !== undefined);
	if (notes.length > 0) {
		out.push(`${plural(notes.length, 'old session')} kept or skipped:`, ...notes);
	}
	const recent = result.kept.filter(k => k.reason === 'recent').length;
	if (recent > 0) {
		out.push(`${plural(recent, 'recent session')} kept.`);
	}
	if (dryRun && result.removed.length > 0) {
		out.push('Dry run: nothing was removed.');
	}
	// Session ids are safe ids (only those are pruned), but what is printed is made safe anyway.
	process.stdout.write(`${out.map(line => safeLine(line)).join('\n')}\n`);
}

export function runPrune(options: PruneCommandOptions): void {
	const activity = activityFor(options);
	const olderThanMs = retentionMs(options);
	const now = clockNow();
	const dryRun = options.dryRun === true;
	let result: PruneResult;
	const homes = toolHomesFrom(env().vars, env().home);
	try {
		result = pruneSessions(activity, {now, olderThanMs, dryRun, staleMs: options.stale, homes});
	} catch (error) {
		if (error instanceof ToolFolderError) {
			throw new CliError(`${safeLine(error.message)}; nothing was removed.\n(${safeLine(toolFolderFix(homes))})`);
		}
		// The activity folder itself cannot be listed: a file at its name, no permission.
		const code = codeOf(error);
		if (code === undefined) {
			throw error;
		}
		throw new CliError(`the activity folder ${safeLine(activity)} cannot be read: ${code}${code === 'ENOTDIR' ? ' (not a folder)' : ''}`);
	}
	if (options.json) {
		const totalBytes = result.removed.reduce((sum, r) => sum + r.bytes, 0);
		process.stdout.write(`${safeJsonStringify({dryRun, olderThanMs, totalBytes, ...result}, 2)}\n`);
	} else {
		printResult(result, olderThanMs, dryRun, now);
	}
	for (const e of result.errors) {
		process.stderr.write(`agentlog: session ${safeLine(e.id)}: ${safeLine(e.error)}\n`);
	}
	if (result.errors.length > 0) {
		process.exitCode = 1;
	}
}

export function registerPruneCommand(program: Command): void {
	program
		.command('prune')
		.description(
			`remove whole sessions whose last event is older than the retention (default ${RETENTION_ENV}, else 30d); never a session with an agent that still runs, nor a folder holding anything agentlog did not write`,
		)
		.option('--older-than <duration>', `the retention, e.g. 30d, 12h, 90m (default: $${RETENTION_ENV}, else 30d)`, parseOlderThan)
		.option('--dry-run', 'remove nothing: list what would go and how many bytes')
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.addOption(
			new Option('--stale <duration>', 'an active agent silent this long no longer keeps its session (as watch shows it stopped)')
				.default(DEFAULT_STALE_MS, '5m')
				.argParser(parseStale),
		)
		.option('--json', 'print {dryRun, olderThanMs, totalBytes, removed: [{id, bytes, lastEventAt}], kept: [{id, reason, agentId, foreign}], errors}')
		.action((options: PruneCommandOptions) => runPrune(options));
}
