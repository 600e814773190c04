// --host and --ssh-command: reading another machine's agents over ssh (docs/remote.md).
import {InvalidArgumentError, Option, type Command} from 'commander';
import {hostArgv, LOCAL_HOST} from '../../core/remote/host-command.js';
import {CliError} from '../../core/user-error.js';
import {parseStale} from './read-options.js';

export interface HostOptions {
	readonly host?: string | readonly string[];
	readonly sshCommand?: string;
}

const collect = (value: string, previous: readonly string[] | undefined): readonly string[] => [...(previous ?? []), value];

const SSH_HELP = 'the ssh program and its options, split on spaces (default: ssh from the PATH, with your ~/.ssh/config), e.g. "ssh -p 2222"';

/** `watch --host` (repeatable), `--ssh-command`, `--host-timeout`. */
export function addWatchHostOptions(command: Command): Command {
	return command
		.option('--host <ssh-target>', `show the agents of another machine, read over ssh (repeat for several; \`${LOCAL_HOST}\` adds this one)`, collect)
		.option('--ssh-command <cmd>', SSH_HELP)
		.addOption(
			new Option('--host-timeout <duration>', 'how long a host has to answer before it is marked not responding').default(10_000, '10s').argParser(parseStale),
		);
}

/** A one-shot command reads one host: a second `--host` is refused, not taken in place of the first. */
const oneHost = (value: string, previous: string | undefined): string => {
	if (previous !== undefined) {
		throw new InvalidArgumentError('give one --host (watch --host shows several machines at once)');
	}
	return value;
};

/** `--host` and `--ssh-command` for the one-shot commands (ls, sessions, status, history, stats). */
export function addHostOption(command: Command): Command {
	return command
		.option('--host <ssh-target>', `read another machine's agents over ssh (runs \`agentlog … --json\` there)`, oneHost)
		.option('--ssh-command <cmd>', SSH_HELP);
}

/** This machine's own agentlog, for the host `local`. */
export function selfArgv(): readonly string[] {
	return [process.execPath, process.argv[1] ?? 'agentlog'];
}

/** The argv that runs `agentlog <words…>` on the host, or a usage error. */
export function argvFor(target: string, words: readonly string[], options: HostOptions): readonly string[] {
	const argv = hostArgv(target, words, {...(options.sshCommand === undefined ? {} : {sshCommand: options.sshCommand}), self: selfArgv()});
	if (!argv.ok) {
		throw new CliError(argv.error, 2);
	}
	return argv.value;
}
