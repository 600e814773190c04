// `agentlog watch [session]` (also bare `agentlog`): options and help. The screen itself is in
// watch-run.tsx, imported only when the command runs, so other commands never load Ink.
import type {Command} from 'commander';
import type {WatchOptions} from '../shared/command-options.js';
import {addReadOptions, maxOption} from '../shared/read-options.js';
import {TIME_KEYS_HELP} from './replay-command.js';
import {filterOption} from '../shared/filter-option.js';
import {addWatchHostOptions} from '../shared/host-options.js';
import {CliError} from '../../core/user-error.js';

export function registerWatchCommand(program: Command): void {
	const watch = program
		.command('watch', {isDefault: true})
		.description('the live monitor: the agents of a session, updated as they run (Claude Code, Codex CLI, Gemini CLI, Qwen Code, opencode)')
		.argument('[session]', 'a session id, a unique prefix of one, or a team name (default: follow the newest session)');
	addWatchHostOptions(addReadOptions(watch))
		.addOption(maxOption())
		.option('--bell', 'ring the terminal bell when an agent starts waiting for you or finishes (at most once a second; the b key toggles it, remembered)')
		.addOption(filterOption('the agents', '; the / key edits it'))
		.option('--at <when>', "the session as it was then, rebuilt from its event log (an ISO time, or a duration ago: 30m, 2h); replay's keys move in time")
		.addHelpText(
			'after',
			'\nKeys: ↑↓←→ or h j k l move · Enter details · Esc back · / filter · o order · s sessions · p tmux pane · c collapse · g ghosts · a all · ? help · q quit\n' +
				`With --at: ${TIME_KEYS_HELP.replace(/^Keys: /u, '')}\n` +
				'When stdout is not a terminal, prints one plain snapshot and exits.',
		)
		.action(async (session: string | undefined, options: WatchOptions) => {
			if (options.at !== undefined && options.host !== undefined) {
				throw new CliError('--at and --host cannot go together yet: run `agentlog watch --at` on that machine', 2);
			}
			if (options.at !== undefined) {
				const {runReplay} = await import('./replay-run.js');
				await runReplay(session, options, 'at');
				return;
			}
			const {runWatch} = await import('./watch-run.js');
			await runWatch(session, options);
		});
}
