// `agentlog sessions`: every session under the activity folder, newest first.
import {noSessionsText} from '../shared/no-sessions.js';
import type {Command} from 'commander';
import {formatLocalTime} from '../../core/text/format.js';
import {GLYPH, PROVIDER_MARK} from '../../present/present.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {sessionsJsonEntry} from '../../present/json-shapes.js';
import {formatTable} from '../../present/table.js';
import {activityFor, addReadOptions, clockNow, type ReadOptions} from '../shared/read-options.js';
import {listSessions} from '../../app/session/listing.js';

interface SessionsOptions extends ReadOptions {
	readonly json?: boolean;
}

export function runSessions(options: SessionsOptions): void {
	const activity = activityFor(options);
	const now = clockNow();
	// Claude Code's folders and Codex sessions with a subagent, one list, newest first.
	const {sessions, skipped} = listSessions(activity, options, now);
	if (skipped > 0) {
		// FIFOs, folders or links named like rollouts, unreadable files, files without a thread id.
		process.stderr.write(
			`agentlog: ${skipped} Codex rollout file${skipped === 1 ? '' : 's'} skipped (not a regular file, unreadable, or no thread on its first line)\n`,
		);
	}
	if (options.json) {
		const out = sessions.map(sessionsJsonEntry);
		// `id` is the folder's name exactly; C1 and bidi characters are written as \u escapes.
		process.stdout.write(`${safeJsonStringify(out, 2)}\n`);
		return;
	}
	if (sessions.length === 0) {
		process.stderr.write(noSessionsText(activity));
		return;
	}
	const rows = sessions.map(s => [
		s.provider === 'codex' ? `${PROVIDER_MARK.codex} ${s.label}` : s.label,
		`${GLYPH.active} ${s.counts.active}`,
		`${GLYPH.idle} ${s.counts.idle}`,
		`${GLYPH.stopped} ${s.counts.stopped}`,
		formatLocalTime(new Date(s.lastActivity).toISOString(), now),
	]);
	process.stdout.write(formatTable(['SESSION', 'ACTIVE', 'IDLE', 'STOPPED', 'LAST ACTIVITY'], rows));
	for (const s of sessions.filter(session => session.warnings > 0)) {
		const files = s.warnings === 1 ? '1 unreadable file' : `${s.warnings} unreadable files`;
		process.stderr.write(`agentlog: session ${s.label}: ${files} skipped (agentlog ls ${s.label} names them)\n`);
	}
}

export function registerSessionsCommand(program: Command): void {
	const sessions = program.command('sessions').description('list the sessions under the activity folder, newest first, with agent counts');
	addReadOptions(sessions)
		.option('--json', 'print a JSON array: id, counts by status (active, idle, stopped, stale), lastActivity')
		.action((options: SessionsOptions) => runSessions(options));
}
