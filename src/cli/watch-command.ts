// `agentlog watch [session]` (also bare `agentlog`): options and help. The screen itself is in
// watch-run.tsx, imported only when the command runs, so other commands never load Ink.
import type {Command} from 'commander';
import type {WatchOptions} from './command-options.js';
import {addReadOptions, maxOption} from './common.js';

export function registerWatchCommand(program: Command): void {
	const watch = program
		.command('watch', {isDefault: true})
		.description('the live monitor: the agents of a session, updated as Claude Code runs them')
		.argument('[session]', 'a session id, a unique prefix of one, or a team name (default: follow the newest session)');
	addReadOptions(watch)
		.addOption(maxOption())
		.addHelpText(
			'after',
			'\nKeys: ↑↓←→ or h j k l move · Enter details · Esc back · c collapse · g ghosts · a all · ? help · q quit\n' +
				'When stdout is not a terminal, prints one plain snapshot and exits.',
		)
		.action(async (session: string | undefined, options: WatchOptions) => {
			const {runWatch} = await import('./watch-run.js');
			await runWatch(session, options);
		});
}
