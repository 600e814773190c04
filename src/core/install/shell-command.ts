// Hook command strings: quoting agentlog's own, and reading other tools' to tell whether they
// run the same script. Pure.
import path from 'node:path';

/** Characters that never need quoting in a POSIX shell word. */
const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `s` as one POSIX shell word: unchanged when that is safe, else single-quoted. */
export function shellQuote(s: string): string {
	return SHELL_SAFE.test(s) ? s : `'${singleQuoteBody(s)}'`;
}

/** `s` made safe to sit between single quotes: each `'` becomes `'\''`. */
export function singleQuoteBody(s: string): string {
	return s.split("'").join("'\\''");
}

/** Where the hook launcher is installed: `<claude>/hooks/agent-spy.sh`. */
export function hookScriptPath(claudeDir: string): string {
	return path.join(claudeDir, 'hooks', 'agent-spy.sh');
}

/** The command agentlog puts in settings: the launcher's absolute path, quoted only if needed. */
export function hookCommand(scriptPath: string): string {
	return shellQuote(scriptPath);
}

/**
 * What `install-hook --notify` puts after the launcher's path: the launcher then lets the hook's
 * notification (one JSON line for Claude Code) through to stdout. On the command line, so the
 * hook reads no file to know it.
 */
export const NOTIFY_ARG = '--notify';

/** agentlog's command with notifications on: `<command> --notify`. */
export function notifyCommand(command: string): string {
	return `${command} ${NOTIFY_ARG}`;
}

/**
 * What `install-hook --control` puts after the launcher's path in the PreToolUse entry (every
 * tool): the user's stop from agentlog. The launcher exits at once unless a stop is pending.
 */
export const CONTROL_ARG = '--control';

/** agentlog's PreToolUse command: `<command> --control`. */
export function controlCommand(command: string): string {
	return `${command} ${CONTROL_ARG}`;
}

export interface HookTarget {
	/** Absolute path of the installed launcher. */
	readonly scriptPath: string;
	/** Exactly what agentlog writes as `command` (hookCommand(scriptPath)). */
	readonly command: string;
	/** The home folder, for `~` and `$HOME` in other tools' commands. */
	readonly home: string;
	/** `$CLAUDE_CONFIG_DIR` when set, for commands that use it. */
	readonly claudeConfigDir?: string | undefined;
	/** `$CODEX_HOME` when set, for commands in Codex's hooks.json that use it. */
	readonly codexHome?: string | undefined;
}

export function hookTarget(claudeDir: string, home: string, claudeConfigDir?: string): HookTarget {
	const scriptPath = hookScriptPath(claudeDir);
	return {scriptPath, command: hookCommand(scriptPath), home, claudeConfigDir};
}

/**
 * Splits a simple shell command into words: quotes, backslashes, a leading `~/` and the
 * variables in `vars` (`$NAME` / `${NAME}`) are understood. Anything else a shell would treat
 * specially (pipes, `;`, other variables, globs, command substitution) gives `undefined`: such a
 * command is not "just this script".
 */
export function splitShellWords(command: string, vars: Readonly<Record<string, string | undefined>>): string[] | undefined {
	const words: string[] = [];
	let word: string | undefined;
	let i = 0;
	const variable = (): string | undefined => {
		const match = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/.exec(command.slice(i));
		const value = match ? vars[match[1] ?? match[2] ?? ''] : undefined;
		if (!match || value === undefined) {
			return undefined;
		}
		i += match[0].length;
		return value;
	};
	while (i < command.length) {
		const ch = command[i]!;
		if (ch === ' ' || ch === '\t') {
			if (word !== undefined) {
				words.push(word);
				word = undefined;
			}
			i++;
		} else if (ch === "'") {
			const end = command.indexOf("'", i + 1);
			if (end === -1) {
				return undefined;
			}
			word = (word ?? '') + command.slice(i + 1, end);
			i = end + 1;
		} else if (ch === '"') {
			word ??= '';
			i++;
			for (;;) {
				const c = command[i];
				if (c === undefined || c === '`') {
					return undefined;
				}
				i++;
				if (c === '"') {
					break;
				}
				if (c === '\\' && command[i] !== undefined && '$`"\\'.includes(command[i]!)) {
					word += command[i];
					i++;
				} else if (c === '$') {
					i--;
					const value = variable();
					if (value === undefined) {
						return undefined;
					}
					word += value;
				} else {
					word += c;
				}
			}
		} else if (ch === '\\') {
			if (i + 1 >= command.length) {
				return undefined;
			}
			word = (word ?? '') + command[i + 1];
			i += 2;
		} else if (ch === '$') {
			const value = variable();
			if (value === undefined) {
				return undefined;
			}
			word = (word ?? '') + value;
		} else if (ch === '~' && word === undefined && (command[i + 1] === '/' || command[i + 1] === undefined || command[i + 1] === ' ')) {
			const home = vars.HOME;
			if (home === undefined) {
				return undefined;
			}
			word = home;
			i++;
		} else if (/[|&;<>()`*?[\]{}!#\n\r]/.test(ch)) {
			return undefined;
		} else {
			word = (word ?? '') + ch;
			i++;
		}
	}
	if (word !== undefined) {
		words.push(word);
	}
	return words;
}

const SHELLS = new Set(['sh', 'bash', '/bin/sh', '/bin/bash', '/usr/bin/sh', '/usr/bin/bash']);

/**
 * True when `command` runs the script at `target.scriptPath` and nothing else: the path alone
 * (absolute, `~/…`, `$HOME/…`, `$CLAUDE_CONFIG_DIR/…`, `$CODEX_HOME/…`, quoted or not), optionally after `sh` or
 * `bash`. claude-code-kanban installs `~/.claude/hooks/agent-spy.sh`, the path agentlog uses.
 */
export function commandRunsScript(command: string, target: HookTarget): boolean {
	const words = splitShellWords(command.trim(), {HOME: target.home, CLAUDE_CONFIG_DIR: target.claudeConfigDir, CODEX_HOME: target.codexHome});
	if (!words || words.length === 0 || words.length > 2) {
		return false;
	}
	if (words.length === 2 && !SHELLS.has(words[0]!)) {
		return false;
	}
	const script = words.at(-1)!;
	return path.isAbsolute(script) && path.resolve(script) === path.resolve(target.scriptPath);
}
