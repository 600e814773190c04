// What runs to reach a host: `ssh <target> agentlog <command…>` (or the user's --ssh-command),
// or, for the host `local`, this machine's own agentlog. ssh hands its command to the remote
// shell as one string: only words that need no quoting are let into it. Pure.
import type {Result} from '../result.js';
import {safeLine} from '../text/safe-text.js';

/** The host name that means this machine (its own agentlog, no ssh). */
export const LOCAL_HOST = 'local';

/** Words passed to the remote shell: no spaces, quotes or shell characters (a comma is none outside braces). */
const SHELL_SAFE = /^[A-Za-z0-9._@:=/+,-]{1,200}$/u;

export interface HostCommandOptions {
	/** `--ssh-command`: the program and its options, split on whitespace (no shell). */
	readonly sshCommand?: string;
	/** This machine's agentlog: node and the script. */
	readonly self: readonly string[];
}

/** A host as given on the command line, checked: an ssh destination cannot be taken for an option. */
export function checkTarget(target: string): Result<string> {
	// eslint-disable-next-line no-control-regex
	if (target === '' || target.startsWith('-') || /[\s\u0000-\u001F\u007F]/u.test(target) || target.length > 255) {
		return {ok: false, error: `${JSON.stringify(safeLine(target))} is not an ssh destination (user@host, a Host from ~/.ssh/config, or ${LOCAL_HOST})`};
	}
	return {ok: true, value: target};
}

/** The argv that runs `agentlog <words…>` on the host. */
export function hostArgv(target: string, words: readonly string[], options: HostCommandOptions): Result<readonly string[]> {
	const checked = checkTarget(target);
	if (!checked.ok) {
		return checked;
	}
	if (target === LOCAL_HOST) {
		return {ok: true, value: [...options.self, ...words]};
	}
	const unsafe = words.find(word => !SHELL_SAFE.test(word));
	if (unsafe !== undefined) {
		return {ok: false, error: `${JSON.stringify(safeLine(unsafe))} cannot be passed to a remote shell: use a session id or prefix (letters, digits, . _ @ -)`};
	}
	const ssh = (options.sshCommand ?? 'ssh').trim().split(/\s+/u).filter(Boolean);
	if (ssh.length === 0) {
		return {ok: false, error: '--ssh-command is empty: give a program, e.g. --ssh-command "ssh -p 2222"'};
	}
	return {ok: true, value: [...ssh, target, ['agentlog', ...words].join(' ')]};
}

/** How a host is named on screen: the host part of `user@host`, made safe and short. */
export function hostLabel(target: string): string {
	const at = target.lastIndexOf('@');
	const name = at === -1 ? target : target.slice(at + 1);
	const safe = safeLine(name);
	return [...safe].length <= 24 ? safe : `${[...safe].slice(0, 23).join('')}…`;
}
