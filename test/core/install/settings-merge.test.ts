import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {jsonErrorOffset, lineColumn, parseJsonWithLocation, positionFromMessage} from '../../../src/core/install/json-location.js';
import {
	formatSettings,
	hasAgentlogHooks,
	isCanonical,
	mergeAgentlogHooks,
	parseSettings,
	unmergeAgentlogHooks,
	type JsonObject,
} from '../../../src/core/install/settings-merge.js';
import {commandRunsScript, hookCommand, hookTarget, shellQuote, splitShellWords} from '../../../src/core/install/shell-command.js';
import {unifiedDiff} from '../../../src/core/install/text-diff.js';

const HOME = '/home/u';
const CLAUDE = '/home/u/.claude';
const target = hookTarget(CLAUDE, HOME);
const OURS = '/home/u/.claude/hooks/agent-spy.sh';
const ourEntry = {hooks: [{type: 'command', command: OURS, timeout: 5}]};
const ourToolEntry = {matcher: 'Agent|Task', ...ourEntry};
const ourNotificationEntry = {matcher: 'permission_prompt|idle_prompt|agent_needs_input|elicitation_dialog', ...ourEntry};

function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null) {
		for (const child of Object.values(value)) {
			deepFreeze(child);
		}
		Object.freeze(value);
	}
	return value;
}

function settingsOf(text: string): JsonObject {
	const parsed = parseSettings(text);
	if (!parsed.ok) {
		throw new Error(parsed.reason);
	}
	return parsed.settings;
}

describe('json-location', () => {
	it('turns an offset into a 1-based line and column', () => {
		const text = 'ab\ncd\n\nef';
		expect(lineColumn(text, 0)).toEqual({line: 1, column: 1});
		expect(lineColumn(text, 2)).toEqual({line: 1, column: 3});
		expect(lineColumn(text, 3)).toEqual({line: 2, column: 1});
		expect(lineColumn(text, 7)).toEqual({line: 4, column: 1});
		expect(lineColumn(text, 9)).toEqual({line: 4, column: 3});
	});

	it('reads the position out of Node 20 and Node 18 messages', () => {
		expect(positionFromMessage('Expected double-quoted property name in JSON at position 42')).toBe(42);
		expect(positionFromMessage('Unexpected token } in JSON at position 7')).toBe(7);
		expect(positionFromMessage("Expected ',' or '}' after property value in JSON at position 11 (line 2 column 3)")).toBe(11);
		expect(positionFromMessage('Unexpected end of JSON input')).toBeUndefined();
	});

	it('locates a trailing comma at the closing brace', () => {
		const result = parseJsonWithLocation('{\n  "a": 1,\n  "b": 2,\n}\n');
		expect(result).toMatchObject({ok: false, line: 4, column: 1});
		expect(result.ok ? '' : result.reason).toMatch(/property name/i);
	});

	it('refuses a byte-order mark at line 1, column 1', () => {
		const result = parseJsonWithLocation('\uFEFF{}\n');
		expect(result).toMatchObject({ok: false, line: 1, column: 1});
		expect(result.ok ? '' : result.reason).toMatch(/byte-order mark/);
	});

	it("puts a truncated file's error just after its last character", () => {
		const result = parseJsonWithLocation('{\n  "hooks": {\n    "SubagentStart": [\n');
		expect(result).toMatchObject({ok: false, line: 3, column: 23});
		expect(result.ok ? '' : result.reason).toMatch(/end of file/);
	});

	it('finds the place itself when the message has no position', () => {
		// Node 20: `Unexpected token ']', "[1,]" is not valid JSON` - no position in the message.
		const result = parseJsonWithLocation('{"a": [1,\n]}');
		expect(result).toMatchObject({ok: false, line: 2, column: 1});
		expect(result.ok ? '' : result.reason).not.toMatch(/is not valid JSON/);
	});

	it('scans for the first bad character', () => {
		expect(jsonErrorOffset('{"a": [1, 2, {"b": null}], "c": "x\\u00e9"}')).toBe(-1);
		expect(jsonErrorOffset('[1,]')).toBe(3);
		expect(jsonErrorOffset('{"a":tru}')).toBe(8);
		expect(jsonErrorOffset('{"a":1} x')).toBe(8);
		expect(jsonErrorOffset('{"a":"\\q"}')).toBe(7);
		expect(jsonErrorOffset('{"a": [1, 2')).toBe(11);
		expect(jsonErrorOffset('{"a":01}')).toBe(6);
	});
});

describe('parseSettings', () => {
	it('counts an empty or whitespace-only file as {}', () => {
		expect(parseSettings('')).toEqual({ok: true, settings: {}, empty: true});
		expect(parseSettings(' \n\t\n')).toEqual({ok: true, settings: {}, empty: true});
	});

	it('refuses what is not a settings object', () => {
		expect(parseSettings('[1]')).toMatchObject({ok: false, reason: 'the top level is an array, not a JSON object', line: 1, column: 1});
		expect(parseSettings('\n  null')).toMatchObject({ok: false, line: 2, column: 3});
		expect(parseSettings('{"hooks": []}')).toMatchObject({ok: false, reason: '"hooks" is an array, not an object'});
		expect(parseSettings('{"hooks": null}')).toMatchObject({ok: false, reason: '"hooks" is null, not an object'});
		expect(parseSettings('{"hooks": {"TeammateIdle": {}}}')).toMatchObject({ok: false, reason: '"hooks.TeammateIdle" is an object, not an array'});
		expect(parseSettings('\uFEFF')).toMatchObject({ok: false, line: 1, column: 1});
	});

	it('leaves events agentlog does not touch alone', () => {
		expect(parseSettings('{"hooks": {"Stop": "odd"}}')).toMatchObject({ok: true});
	});
});

describe('command strings', () => {
	it('quotes a path only when it needs it', () => {
		expect(hookCommand('/home/u/.claude/hooks/agent-spy.sh')).toBe('/home/u/.claude/hooks/agent-spy.sh');
		expect(shellQuote('/home/my user/agent-spy.sh')).toBe("'/home/my user/agent-spy.sh'");
		expect(shellQuote("/home/it's/x")).toBe("'/home/it'\\''s/x'");
	});

	it('quotes so that a real shell reads back the same string', () => {
		for (const s of ['/a b/it\'s "q" $HOME `x` \\ !', '/plain/path', "'"]) {
			expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(s)}`], {encoding: 'utf8'})).toBe(s);
		}
	});

	it('splits simple commands like a shell', () => {
		const vars = {HOME: '/h', CLAUDE_CONFIG_DIR: undefined};
		expect(splitShellWords('bash "$HOME/a b"  \'c d\' e\\ f', vars)).toEqual(['bash', '/h/a b', 'c d', 'e f']);
		expect(splitShellWords('~/x ${HOME}/y', vars)).toEqual(['/h/x', '/h/y']);
		expect(splitShellWords('a | b', vars)).toBeUndefined();
		expect(splitShellWords('$OTHER/x', vars)).toBeUndefined();
		expect(splitShellWords('$CLAUDE_CONFIG_DIR/x', vars)).toBeUndefined();
		expect(splitShellWords("'open", vars)).toBeUndefined();
	});

	it('recognises commands that run the same script', () => {
		const runs = (command: string, t = target): boolean => commandRunsScript(command, t);
		expect(runs(OURS)).toBe(true);
		expect(runs('~/.claude/hooks/agent-spy.sh')).toBe(true);
		expect(runs('$HOME/.claude/hooks/agent-spy.sh')).toBe(true);
		expect(runs('"${HOME}/.claude/hooks/agent-spy.sh"')).toBe(true);
		expect(runs(`'${OURS}'`)).toBe(true);
		expect(runs(`bash ${OURS}`)).toBe(true);
		expect(runs(`  ${OURS}  `)).toBe(true);
		expect(runs('/home/u/.claude/hooks/../hooks/agent-spy.sh')).toBe(true);
		expect(runs('$CLAUDE_CONFIG_DIR/hooks/agent-spy.sh', hookTarget(CLAUDE, HOME, CLAUDE))).toBe(true);

		expect(runs('$CLAUDE_CONFIG_DIR/hooks/agent-spy.sh')).toBe(false);
		expect(runs(`${OURS} --extra`)).toBe(false);
		expect(runs(`python ${OURS}`)).toBe(false);
		expect(runs(`${OURS} | tee log`)).toBe(false);
		expect(runs('/home/u/.claude/hooks/other.sh')).toBe(false);
		expect(runs('.claude/hooks/agent-spy.sh')).toBe(false);
		expect(runs('~/.claude/hooks/agent-spy.sh', hookTarget('/elsewhere/claude', HOME))).toBe(false);
	});
});

describe('mergeAgentlogHooks', () => {
	it('adds one entry per event to an empty file', () => {
		const result = mergeAgentlogHooks({}, target);
		expect(result.added).toEqual([
			'SubagentStart',
			'SubagentStop',
			'TeammateIdle',
			'PostToolUse',
			'SessionStart',
			'SessionEnd',
			'PermissionRequest',
			'Notification',
			'StopFailure',
		]);
		expect(result.settings).toEqual({
			hooks: {
				SubagentStart: [ourEntry],
				SubagentStop: [ourEntry],
				TeammateIdle: [ourEntry],
				PostToolUse: [ourToolEntry],
				SessionStart: [ourEntry],
				SessionEnd: [ourEntry],
				PermissionRequest: [ourEntry],
				Notification: [ourNotificationEntry],
				StopFailure: [ourEntry],
			},
		});
	});

	it('keeps every other key and every other hook, in order', () => {
		const before = deepFreeze({
			model: 'opus',
			hooks: {
				PreToolUse: [{matcher: 'Bash', hooks: [{type: 'command', command: 'guard.sh'}]}],
				SubagentStop: [{matcher: '', hooks: [{type: 'command', command: 'notify-send done', async: true}]}],
			},
			permissions: {allow: ['Bash(ls)']},
		});
		const result = mergeAgentlogHooks(before, target);
		expect(Object.keys(result.settings)).toEqual(['model', 'hooks', 'permissions']);
		const hooks = result.settings.hooks as JsonObject;
		expect(Object.keys(hooks)).toEqual([
			'PreToolUse',
			'SubagentStop',
			'SubagentStart',
			'TeammateIdle',
			'PostToolUse',
			'SessionStart',
			'SessionEnd',
			'PermissionRequest',
			'Notification',
			'StopFailure',
		]);
		expect(hooks.PreToolUse).toBe(before.hooks.PreToolUse);
		expect(hooks.SubagentStop).toEqual([before.hooks.SubagentStop[0], ourEntry]);
		expect(result.settings.permissions).toBe(before.permissions);
	});

	it('is idempotent', () => {
		const once = mergeAgentlogHooks({theme: 'dark'}, target);
		const twice = mergeAgentlogHooks(once.settings, target);
		expect(twice.added).toEqual([]);
		expect(twice.settings).toBe(once.settings);
		expect(formatSettings(twice.settings)).toBe(formatSettings(once.settings));
	});

	it('does not duplicate an event that already runs the same script', () => {
		const kanban = {matcher: '', hooks: [{type: 'command', command: '~/.claude/hooks/agent-spy.sh', timeout: 5}]};
		const before = deepFreeze({hooks: {SubagentStart: [kanban], SubagentStop: [{hooks: [{type: 'command', command: `"${OURS}"`}]}]}});
		const result = mergeAgentlogHooks(before, target);
		expect(result.added).toEqual(['TeammateIdle', 'PostToolUse', 'SessionStart', 'SessionEnd', 'PermissionRequest', 'Notification', 'StopFailure']);
		expect(result.present).toEqual([
			{event: 'SubagentStart', command: '~/.claude/hooks/agent-spy.sh'},
			{event: 'SubagentStop', command: `"${OURS}"`},
		]);
		expect((result.settings.hooks as JsonObject).SubagentStart).toEqual([kanban]);
	});

	it('still adds its entry when the existing one only fires for some agent types', () => {
		const explore = {matcher: 'Explore', hooks: [{type: 'command', command: OURS}]};
		const result = mergeAgentlogHooks({hooks: {SubagentStart: [explore], TeammateIdle: [{matcher: 'x', hooks: [{type: 'command', command: OURS}]}]}}, target);
		expect(result.added).toEqual([
			'SubagentStart',
			'SubagentStop',
			'PostToolUse',
			'SessionStart',
			'SessionEnd',
			'PermissionRequest',
			'Notification',
			'StopFailure',
		]);
		expect((result.settings.hooks as JsonObject).SubagentStart).toEqual([explore, ourEntry]);
	});

	it('counts a PostToolUse entry as ours only when its matcher covers both Agent and Task', () => {
		const entry = (matcher: string) => ({matcher, hooks: [{type: 'command', command: OURS}]});
		const added = (matcher: string) => mergeAgentlogHooks({hooks: {PostToolUse: [entry(matcher)]}}, target).added.includes('PostToolUse');
		expect(added('Agent|Task')).toBe(false);
		expect(added('Task, Agent')).toBe(false);
		expect(added('*')).toBe(false);
		expect(added('Agent')).toBe(true);
		expect(added('Bash|Task')).toBe(true);
		expect(added('^Agent$')).toBe(true);
	});

	it('ignores a handler of another type with the same string', () => {
		const result = mergeAgentlogHooks({hooks: {SubagentStart: [{hooks: [{type: 'http', command: OURS}]}]}}, target);
		expect(result.added).toContain('SubagentStart');
	});
});

describe('unmergeAgentlogHooks', () => {
	it("removes only agentlog's exact handlers and cleans up empty containers", () => {
		const kanban = {matcher: '', hooks: [{type: 'command', command: '~/.claude/hooks/agent-spy.sh', timeout: 5}]};
		const shared = {
			matcher: '',
			hooks: [
				{type: 'command', command: 'other-tool'},
				{type: 'command', command: OURS, timeout: 5},
			],
		};
		const before = deepFreeze({
			a: 1,
			hooks: {
				SubagentStart: [kanban, ourEntry],
				SubagentStop: [shared],
				TeammateIdle: [ourEntry],
				Stop: [ourEntry],
			},
			z: 2,
		});
		const result = unmergeAgentlogHooks(before, OURS);
		expect(result.removed).toEqual([
			{event: 'SubagentStart', count: 1},
			{event: 'SubagentStop', count: 1},
			{event: 'TeammateIdle', count: 1},
		]);
		expect(result.settings).toEqual({
			a: 1,
			hooks: {
				SubagentStart: [kanban],
				SubagentStop: [{matcher: '', hooks: [{type: 'command', command: 'other-tool'}]}],
				Stop: [ourEntry],
			},
			z: 2,
		});
		expect(Object.keys(result.settings)).toEqual(['a', 'hooks', 'z']);
	});

	it('drops a hooks object left empty, and changes nothing when nothing is ours', () => {
		expect(unmergeAgentlogHooks({x: true, hooks: {SubagentStop: [ourEntry]}}, OURS).settings).toEqual({x: true});
		const foreign = deepFreeze({hooks: {SubagentStop: [{hooks: [{type: 'command', command: `'${OURS}'`}]}], TeammateIdle: []}});
		const result = unmergeAgentlogHooks(foreign, OURS);
		expect(result.removed).toEqual([]);
		expect(result.settings).toBe(foreign);
		expect(hasAgentlogHooks(foreign, OURS)).toBe(false);
		expect(hasAgentlogHooks({hooks: {TeammateIdle: [ourEntry]}}, OURS)).toBe(true);
	});

	it('round-trips a 2-space file to its original bytes', () => {
		const originals = [
			'{\n  "model": "opus"\n}\n',
			'{}\n',
			`${JSON.stringify({env: {A: '1'}, hooks: {PreToolUse: [{matcher: 'Bash', hooks: [{type: 'command', command: 'x'}]}], SubagentStop: [{hooks: [{type: 'command', command: 'y'}]}]}, statusLine: {type: 'command', command: 's'}}, null, 2)}\n`,
		];
		for (const original of originals) {
			const settings = settingsOf(original);
			expect(isCanonical(original, settings)).toBe(true);
			const installed = formatSettings(mergeAgentlogHooks(settings, target).settings);
			expect(installed).not.toBe(original);
			const uninstalled = formatSettings(unmergeAgentlogHooks(settingsOf(installed), target.command).settings);
			expect(uninstalled).toBe(original);
		}
	});
});

describe('formatting', () => {
	it('tells a file not in 2-space form', () => {
		expect(isCanonical('{"a":1}', {a: 1})).toBe(false);
		expect(isCanonical('{\n  "a": 1\n}', {a: 1})).toBe(false);
		expect(isCanonical('{\n  "a": 1\n}\n', {a: 1})).toBe(true);
	});

	it('prints a unified diff of the changed lines only', () => {
		const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n';
		const after = 'a\nb\nc\nd\nE\nf\ng\nh\ni\nj\nk\n';
		expect(unifiedDiff(before, before, {before: 'x', after: 'y'})).toBe('');
		expect(unifiedDiff(before, after, {before: 'x', after: 'y'}, 1)).toBe(
			['--- x', '+++ y', '@@ -4,3 +4,3 @@', ' d', '-e', '+E', ' f', '@@ -10,1 +10,2 @@', ' j', '+k', ''].join('\n'),
		);
		expect(unifiedDiff('', '{}\n', {before: '/dev/null', after: 's'})).toBe('--- /dev/null\n+++ s\n@@ -0,0 +1,1 @@\n+{}\n');
	});
});
