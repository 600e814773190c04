// `agentlog demo`: the whole pipeline on a built-in scenario, no Claude Code needed. The real
// hook writes real files into a temporary folder while the real watcher and screen show them.
import {InvalidArgumentError, Option, type Command} from 'commander';
import type {DemoOptions} from '../shared/command-options.js';

export function parseSpeed(value: string): number {
	const n = Number(value);
	if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(n > 0) || n > 1000) {
		throw new InvalidArgumentError('expected a number above 0 and at most 1000, e.g. 2 or 0.5');
	}
	return n;
}

export function registerDemoCommand(program: Command): void {
	program
		.command('demo')
		.description('play a built-in scenario through the real hook and watch it live (needs no Claude Code, touches none of its files)')
		.option('--dir <path>', 'write the agent files here and keep them (default: a temporary folder, removed on exit)')
		.option('--no-ui', 'only write the files, printing each event as it is played; then print a snapshot')
		.option('--loop', 'play the scenario again and again, each time as a new session')
		.addOption(new Option('--speed <x>', 'play faster (2) or slower (0.5)').default(1).argParser(parseSpeed))
		.addHelpText(
			'after',
			'\nThe scenario lasts about 80 s at speed 1, then stays on screen until q. It shows parallel Explore\n' +
				'agents with Markdown reports, a long-running agent, a team going idle and back to work, ghosts\n' +
				'of a team shutdown, an agent that turns stale (demo stale time: 40 s), and the display cap.',
		)
		.action(async (options: DemoOptions) => {
			const {runDemo} = await import('./demo-run.js');
			await runDemo(options);
		});
}
