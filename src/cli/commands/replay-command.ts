// `agentlog replay [session]`: options and help. The screen is in replay-run.tsx, imported only
// when the command runs, so other commands never load Ink.
import {InvalidArgumentError, type Command} from 'commander';
import type {ReplayOptions} from '../shared/command-options.js';
import {addReadOptions, maxOption} from '../shared/read-options.js';
import {filterOption} from '../shared/filter-option.js';

function parseSpeed(value: string): number {
	const n = Number(value);
	if (!/^\d+(\.\d+)?$/u.test(value.trim()) || !(n > 0) || n > 1000) {
		throw new InvalidArgumentError('expected a number above 0 and at most 1000, e.g. 10');
	}
	return n;
}

export const TIME_KEYS_HELP = 'Keys: Space play/pause · ← → previous/next event · [ ] slower/faster · ↑↓ j k move · Enter details · Esc back · ? help · q quit';

export function registerReplayCommand(program: Command): void {
	const replay = program
		.command('replay')
		.description("play a session's recorded events again, through the same monitor as watch (default: the newest session)")
		.argument('[session]', 'a session id, a unique prefix of one, or a team name');
	addReadOptions(replay)
		.addOption(maxOption())
		.addOption(filterOption('the agents', '; the / key edits it'))
		.option('--speed <x>', 'times the recorded pace (gaps longer than 5 s are shortened to 5 s either way)', parseSpeed)
		.addHelpText(
			'after',
			`\n${TIME_KEYS_HELP}\nWhen stdout is not a terminal, prints the state at the end and exits. The session needs its event log (the hook writes it).`,
		)
		.action(async (session: string | undefined, options: ReplayOptions) => {
			const {runReplay} = await import('./replay-run.js');
			await runReplay(session, options, 'replay');
		});
}
