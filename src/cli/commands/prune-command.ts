// `agentlog prune`: removes whole sessions whose last event is older than the retention
// (docs/design.md#retention), never one with an agent that still runs; `--dry-run` says what would go.
import {InvalidArgumentError, Option, type Command} from 'commander';
import {parseRetention, RETENTION_ENV} from '../../core/history/retention.js';
import {DEFAULT_STALE_MS} from '../../core/monitor/stale.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {pruneHistory} from '../../app/history/prune-sessions.js';
import {pruneText} from '../../present/prune-text.js';
import {activityFor, clockNow, parseStale} from '../shared/read-options.js';

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

export function runPrune(options: PruneCommandOptions): void {
	const dryRun = options.dryRun === true;
	const now = clockNow();
	const {olderThanMs, result} = pruneHistory({activity: activityFor(options), olderThan: options.olderThan, now, dryRun, staleMs: options.stale});
	if (options.json) {
		const totalBytes = result.removed.reduce((sum, r) => sum + r.bytes, 0);
		process.stdout.write(`${safeJsonStringify({dryRun, olderThanMs, totalBytes, ...result}, 2)}\n`);
	} else {
		process.stdout.write(pruneText(result, olderThanMs, dryRun, now));
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
