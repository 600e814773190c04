// `agentlog stream [session]`: the monitor's model as JSON lines on stdout (docs/remote.md), for
// `watch --host` on another machine to read over ssh. Runs until stdin closes (ssh closes it when
// the reader goes) or stdout fails; a slow reader costs at most STREAM_BOUND characters held.
import {ruleOptions} from '../shared/read-options.js';
import type {Command} from 'commander';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {helloLine} from '../../core/remote/protocol.js';
import {StreamPump} from '../../core/remote/pump.js';
import {openModelStream} from '../../app/remote/stream.js';
import {VERSION} from '../../app/version.js';
import {resolveSessionArg} from '../../app/session/resolve.js';
import {activityFor, addReadOptions, type ReadOptions} from '../shared/read-options.js';
import {COMMAND_NAMES} from '../shared/command-names.js';

/** Characters written but not yet taken by the reader before changes are dropped for a snapshot. */
export const STREAM_BOUND = 1 << 20;

function setBlocking(stream: NodeJS.WriteStream, blocking: boolean): void {
	const handle = (stream as unknown as {readonly _handle?: {readonly setBlocking?: (b: boolean) => unknown}})._handle;
	handle?.setBlocking?.(blocking);
}

export async function runStream(sessionArg: string | undefined, options: ReadOptions): Promise<void> {
	const activity = activityFor(options);
	const session = sessionArg === undefined ? undefined : resolveSessionArg(sessionArg, activity, options, COMMAND_NAMES);
	const out = process.stdout;
	// main() makes stdout block on a full pipe; here a slow reader must not stop the watchers:
	// what it has not taken is measured (writableLength) and bounded instead.
	setBlocking(out, false);
	const pump = new StreamPump({write: text => void out.write(text), pending: () => out.writableLength}, value => safeJsonStringify(value), STREAM_BOUND);
	out.on('drain', () => pump.drained());
	out.write(`${safeJsonStringify(helloLine(VERSION))}\n`);
	const stream = openModelStream(activity, {...(session === undefined ? {} : {session}), ...ruleOptions(options), codex: options}, state =>
		pump.publish(state),
	);
	await new Promise<void>(resolve => {
		// The reader went: ssh closes our stdin. A closed stdout ends the program in main (EPIPE).
		process.stdin.on('end', resolve);
		process.stdin.on('close', resolve);
		process.stdin.on('error', () => resolve());
		process.stdin.resume();
	});
	await stream.close();
}

export function registerStreamCommand(program: Command): void {
	const stream = program
		.command('stream')
		.description("print the live monitor's model as JSON lines until stdin closes: what `watch --host` reads over ssh (docs/remote.md)")
		.argument('[session]', 'a session id, a unique prefix of one, or a team name (default: follow the newest session)');
	addReadOptions(stream).action((session: string | undefined, options: ReadOptions) => runStream(session, options));
}
