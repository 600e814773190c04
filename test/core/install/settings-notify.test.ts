// install-hook --notify / --no-notify as edits of the settings text: only agentlog's command
// strings change, in place; uninstall takes either form out.
import {describe, expect, it} from 'vitest';
import {installEdit, installedNotify, switchCommandEdit, uninstallEdit} from '../../../src/core/install/settings-edit.js';
import {isAgentlogHandler, parseSettings, type JsonObject} from '../../../src/core/install/settings-merge.js';
import {hookTarget, notifyCommand} from '../../../src/core/install/shell-command.js';

const target = hookTarget('/home/u/.claude', '/home/u');
const PLAIN = target.command;
const ON = notifyCommand(PLAIN);

function settingsOf(text: string): JsonObject {
	const parsed = parseSettings(text);
	if (!parsed.ok) {
		throw new Error(parsed.reason);
	}
	return parsed.settings;
}

function edited(result: {readonly ok: true; readonly text: string} | {readonly ok: false; readonly reason: string} | undefined, text: string): string {
	if (result === undefined) {
		return text;
	}
	if (!result.ok) {
		throw new Error(result.reason);
	}
	return result.text;
}

const install = (text: string, command = PLAIN) => edited(installEdit(text, settingsOf(text), {...target, command}).result, text);
const turn = (text: string, from: string, to: string) => edited(switchCommandEdit(text, settingsOf(text), from, to).result, text);

describe('notifications in the settings', () => {
	const original =
		'{\r\n\t"model": "opus",\r\n\t"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/home/u/.claude/hooks/agent-spy.sh"}]}]},\r\n\t"n": 1.0\r\n}';

	it('switches only the command strings of its own handlers, and back to the same bytes', () => {
		const plain = install(original);
		const on = turn(plain, PLAIN, ON);
		expect(on).not.toBe(plain);
		expect(on.replaceAll(`"${ON}"`, `"${PLAIN}"`)).toBe(plain);
		// A handler of another event (Stop is not agentlog's) with the same command is left alone.
		expect(on).toContain('"Stop": [{"hooks": [{"type": "command", "command": "/home/u/.claude/hooks/agent-spy.sh"}]}]');
		expect(turn(on, ON, PLAIN)).toBe(plain);
		expect(switchCommandEdit(on, settingsOf(on), PLAIN, ON)).toEqual({switched: [], result: undefined});
	});

	it('knows whether notifications are on', () => {
		expect(installedNotify(settingsOf(original), PLAIN)).toBeUndefined();
		expect(installedNotify(settingsOf(install(original)), PLAIN)).toBe(false);
		expect(installedNotify(settingsOf(install(original, ON)), PLAIN)).toBe(true);
	});

	it('counts a handler with notifications on as agentlog’s: installed once, removed by uninstall to the original bytes', () => {
		const on = install(original, ON);
		expect(installEdit(on, settingsOf(on), target).added).toEqual([]);
		expect(isAgentlogHandler({type: 'command', command: ON}, PLAIN)).toBe(true);
		expect(isAgentlogHandler({type: 'command', command: `${ON} --more`}, PLAIN)).toBe(false);
		expect(edited(uninstallEdit(on, settingsOf(on), PLAIN).result, on)).toBe(original);
	});
});
