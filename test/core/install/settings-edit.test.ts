import {describe, expect, it} from 'vitest';
import {CODEX_HOOK_EVENTS, codexHookTarget} from '../../../src/core/install/codex-hooks.js';
import {detectStyle, installEdit, uninstallEdit} from '../../../src/core/install/settings-edit.js';
import {AGENTLOG_HOOK_EVENTS, parseSettings, type HookEventSet, type JsonObject} from '../../../src/core/install/settings-merge.js';
import {hookTarget, type HookTarget} from '../../../src/core/install/shell-command.js';

const target = hookTarget('/home/u/.claude', '/home/u');
const OURS = target.command;
const codexTarget = codexHookTarget('/home/u/.codex', '/home/u');

function settingsOf(text: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): JsonObject {
	const parsed = parseSettings(text, events);
	if (!parsed.ok) {
		throw new Error(`${parsed.reason}: ${JSON.stringify(text)}`);
	}
	return parsed.settings;
}

function install(text: string, to: HookTarget = target, events: HookEventSet = AGENTLOG_HOOK_EVENTS): string {
	const edit = installEdit(text, settingsOf(text, events), to, events);
	if (edit.result === undefined) {
		return text;
	}
	if (!edit.result.ok) {
		throw new Error(`${edit.result.reason}: ${JSON.stringify(text)}`);
	}
	return edit.result.text;
}

function uninstall(text: string, command = OURS, events: HookEventSet = AGENTLOG_HOOK_EVENTS): string {
	const edit = uninstallEdit(text, settingsOf(text, events), command, events);
	if (edit.result === undefined) {
		return text;
	}
	if (!edit.result.ok) {
		throw new Error(`${edit.result.reason}: ${JSON.stringify(text)}`);
	}
	return edit.result.text;
}

// ---------------------------------------------------------------------------------------------
// Varied settings files, written as text: the generator decides every byte.

type Raw =
	| {readonly kind: 'raw'; readonly text: string}
	| {readonly kind: 'arr'; readonly items: readonly Raw[]}
	| {readonly kind: 'obj'; readonly entries: readonly (readonly [string, Raw])[]};

interface Layout {
	readonly indent: string | undefined; // undefined: all on one line
	readonly eol: string;
	readonly colon: string;
	readonly comma: string; // on one line
	readonly finalNewline: boolean;
	readonly leading: string;
}

function write(value: Raw, layout: Layout, depth = 0): string {
	if (value.kind === 'raw') {
		return value.text;
	}
	const [open, close] = value.kind === 'arr' ? ['[', ']'] : ['{', '}'];
	const parts =
		value.kind === 'arr'
			? value.items.map(item => write(item, layout, depth + 1))
			: value.entries.map(([key, item]) => `${key}${layout.colon}${write(item, layout, depth + 1)}`);
	if (parts.length === 0) {
		return open + close;
	}
	if (layout.indent === undefined) {
		return open + parts.join(layout.comma) + close;
	}
	const inner = layout.eol + layout.indent.repeat(depth + 1);
	return `${open}${parts.map(part => inner + part).join(',')}${layout.eol}${layout.indent.repeat(depth)}${close}`;
}

function rng(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s + 0x6d_2b_79_f5) >>> 0;
		let t = s;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

const raw = (text: string): Raw => ({kind: 'raw', text});
const obj = (...entries: (readonly [string, Raw])[]): Raw => ({kind: 'obj', entries});
const arr = (...items: Raw[]): Raw => ({kind: 'arr', items});
const key = (k: string): string => JSON.stringify(k);

const SCALARS = [
	'12345678901234567890',
	'1.0',
	'-0',
	'1e5',
	'2.50',
	'true',
	'null',
	'"caf\\u00e9 \\u2028 \\ud83d\\ude00"',
	'"tab\\tquote\\"slash\\/"',
	'""',
	'"\u00e9t\u00e9"',
	'0',
];

function randomValue(r: () => number, depth: number): Raw {
	const pick = r();
	if (depth > 2 || pick < 0.5) {
		return raw(SCALARS[Math.floor(r() * SCALARS.length)]!);
	}
	if (pick < 0.7) {
		return arr(...Array.from({length: Math.floor(r() * 3)}, () => randomValue(r, depth + 1)));
	}
	const keys = ['"a"', '"b"', '"a"', '"\\u0061"', '"env"', '"x y"'];
	return obj(...Array.from({length: Math.floor(r() * 3)}, () => [keys[Math.floor(r() * keys.length)]!, randomValue(r, depth + 1)] as const));
}

const otherHook = (command: string): Raw =>
	obj([key('matcher'), raw('""')], [key('hooks'), arr(obj([key('type'), raw('"command"')], [key('command'), raw(JSON.stringify(command))]))]);

const CLAUDE_EVENTS = ['"PreToolUse"', '"SubagentStart"', '"SubagentStop"', '"TeammateIdle"', '"Stop"', '"SubagentStop"'];
/** Events of Codex's hooks.json (docs/codex-rollouts.md#hooks), the ones agentlog adds among them. */
const CODEX_EVENTS = ['"PreToolUse"', '"SubagentStart"', '"SessionStart"', '"SubagentStop"', '"SessionEnd"', '"Interrupt"', '"Stop"', '"SessionEnd"'];

function randomHooks(r: () => number, events: readonly string[]): Raw | undefined {
	const choice = r();
	if (choice < 0.2) {
		return undefined;
	}
	if (choice < 0.3) {
		return obj();
	}
	const entries: [string, Raw][] = [];
	for (const event of events) {
		if (r() < 0.4) {
			const n = Math.floor(r() * 3);
			entries.push([event, arr(...Array.from({length: n}, (_, i) => otherHook(`tool-${i}.sh`)))]);
		}
	}
	return obj(...entries);
}

function randomFile(seed: number, events: readonly string[] = CLAUDE_EVENTS): string {
	const r = rng(seed);
	const entries: [string, Raw][] = Array.from(
		{length: Math.floor(r() * 4)},
		() => [['"model"', '"a"', '"a"', '"\\u0068ooks2"', '"permissions"'][Math.floor(r() * 5)]!, randomValue(r, 1)] as [string, Raw],
	);
	const hooks = randomHooks(r, events);
	if (hooks) {
		entries.splice(Math.floor(r() * (entries.length + 1)), 0, ['"hooks"', hooks]);
		if (r() < 0.1) {
			// A duplicate "hooks" key: JSON.parse keeps the last, and so does the edit.
			entries.splice(0, 0, ['"hooks"', obj(['"Stop"', arr()])]);
		}
	}
	const indents = [undefined, '  ', '    ', '\t', ' '];
	const indent = indents[Math.floor(r() * indents.length)];
	const layout: Layout = {
		indent,
		eol: r() < 0.5 ? '\r\n' : '\n',
		colon: indent === undefined ? (r() < 0.5 ? ':' : ': ') : r() < 0.8 ? ': ' : ' : ',
		comma: r() < 0.5 ? ',' : ', ',
		finalNewline: r() < 0.7,
		leading: r() < 0.1 ? '\n ' : '',
	};
	return layout.leading + write(obj(...entries), layout) + (layout.finalNewline ? layout.eol : '');
}

describe('text-preserving install and uninstall', () => {
	it('install then uninstall gives back the exact bytes of 3000 varied files', () => {
		const shapes = new Set<string>();
		for (let seed = 1; seed <= 3000; seed++) {
			const original = randomFile(seed);
			const installed = install(original);
			expect(installed, original).not.toBe(original);
			expect(uninstall(installed), JSON.stringify(original)).toBe(original);
			// Running install again changes nothing.
			expect(install(installed)).toBe(installed);
			shapes.add(`${original.includes('\r\n')}-${/\n\t/.test(original)}-${original.includes('\n') ? 'lines' : 'one-line'}`);
		}
		expect(shapes.size).toBeGreaterThanOrEqual(5);
	});

	const fixed: [string, string][] = [
		['an empty object', '{}'],
		['an empty object and a newline', '{}\n'],
		['an object with inner space', '{ }\n'],
		['an object with inner lines', '{\r\n\r\n}\r\n'],
		['empty hooks', '{\n  "hooks": {}\n}\n'],
		['empty hooks with space', '{"hooks": { }}'],
		['empty event arrays', '{\n\t"hooks": {\n\t\t"SubagentStart": [],\n\t\t"TeammateIdle": [ ]\n\t}\n}'],
		['a minified file with big numbers', '{"n":12345678901234567890,"f":1.0,"s":"\\u00e9","n":2}'],
		[
			'hooks first, 4 spaces, CRLF',
			'{\r\n    "hooks": {\r\n        "Stop": [\r\n            {"hooks": [{"type": "command", "command": "x"}]}\r\n        ]\r\n    },\r\n    "model": "opus"\r\n}',
		],
		[
			'a one-line event array in an indented file',
			'{\n  "hooks": {\n    "SubagentStop": [{"matcher": "", "hooks": [{"type": "command", "command": "notify.sh"}]}]\n  }\n}\n',
		],
	];
	for (const [name, original] of fixed) {
		it(`round-trips ${name}`, () => {
			const installed = install(original);
			expect(uninstall(installed)).toBe(original);
			expect(install(installed)).toBe(installed);
		});
	}

	it('writes new text in the style of the file', () => {
		expect(install('{"model":"opus"}')).toBe(
			`{"model":"opus","hooks":{"SubagentStart":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"SubagentStop":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"TeammateIdle":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"PostToolUse":[{"matcher":"Agent|Task","hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"SessionStart":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"SessionEnd":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"PermissionRequest":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"Notification":[{"matcher":"permission_prompt|idle_prompt|agent_needs_input|elicitation_dialog","hooks":[{"type":"command","command":"${OURS}","timeout":5}]}],"StopFailure":[{"hooks":[{"type":"command","command":"${OURS}","timeout":5}]}]}}`,
		);
		const tabs = install('{\r\n\t"model": "opus"\r\n}');
		expect(tabs.startsWith('{\r\n\t"model": "opus",\r\n\t"hooks": {\r\n\t\t"SubagentStart": [\r\n\t\t\t{\r\n\t\t\t\t"hooks": [\r\n')).toBe(true);
		expect(tabs.endsWith('\r\n\t}\r\n}')).toBe(true);
		expect(tabs.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
		expect(install('{\n    "a": 1\n}\n')).toContain('\n    "hooks": {\n        "SubagentStart": [\n            {\n');
	});

	it('changes only the hooks bytes: other content stays as written', () => {
		const original = '{"n": 12345678901234567890, "f": 1.0, "s": "\\u00e9\\/", "d": 1, "d": 2, "hooks": {"Stop": []}}';
		const installed = install(original);
		expect(installed.startsWith('{"n": 12345678901234567890, "f": 1.0, "s": "\\u00e9\\/", "d": 1, "d": 2, "hooks": {"Stop": []')).toBe(true);
	});

	it('edits the last of duplicate "hooks" keys, the one Claude Code reads', () => {
		const original = '{"hooks": {"Stop": []}, "hooks": {"Stop": []}}';
		const installed = install(original);
		expect(installed.startsWith('{"hooks": {"Stop": []}, "hooks": {"Stop": [], "SubagentStart"')).toBe(true);
		expect(uninstall(installed)).toBe(original);
	});

	it("keeps other tools' entries and removes an agentlog entry the user added among them", () => {
		const original = `{\n  "hooks": {\n    "SubagentStop": [\n      {"hooks": [{"type": "command", "command": "a.sh"}, {"type": "command", "command": "${OURS}"}]},\n      {"hooks": [{"type": "command", "command": "${OURS}"}]},\n      {"hooks": [{"type": "command", "command": "b.sh"}]}\n    ]\n  }\n}\n`;
		const removed = uninstall(original);
		expect(removed).toBe(
			'{\n  "hooks": {\n    "SubagentStop": [\n      {"hooks": [{"type": "command", "command": "a.sh"}]},\n      {"hooks": [{"type": "command", "command": "b.sh"}]}\n    ]\n  }\n}\n',
		);
	});

	it('turns an empty file into 2-space JSON, and uninstall leaves {}', () => {
		const installed = install('');
		expect(installed.startsWith('{\n  "hooks": {\n')).toBe(true);
		expect(uninstall(installed)).toBe('{}\n');
	});

	it('detects indent, line ends and the colon', () => {
		expect(detectStyle('{\r\n\t"a" : 1}', undefined)).toMatchObject({eol: '\r\n'});
		expect(detectStyle('{\n    "a": {\n        "b": 1\n    }\n}', undefined)).toMatchObject({indent: '    ', eol: '\n'});
	});
});

describe("Codex's hooks.json: the same text edits for SubagentStart, SubagentStop and SessionEnd", () => {
	const codexInstall = (text: string): string => install(text, codexTarget, CODEX_HOOK_EVENTS);
	const codexUninstall = (text: string): string => uninstall(text, codexTarget.command, CODEX_HOOK_EVENTS);

	it('install then uninstall gives back the exact bytes of 3000 varied hooks.json files; twice changes nothing', () => {
		for (let seed = 1; seed <= 3000; seed++) {
			const original = randomFile(seed, CODEX_EVENTS);
			const installed = codexInstall(original);
			expect(installed, original).not.toBe(original);
			expect(codexUninstall(installed), JSON.stringify(original)).toBe(original);
			expect(codexInstall(installed)).toBe(installed);
			// Only Codex's three events got an entry; every other event kept its value.
			const before = settingsOf(original, CODEX_HOOK_EVENTS);
			const after = settingsOf(installed, CODEX_HOOK_EVENTS);
			const hooksBefore = (before.hooks ?? {}) as Record<string, unknown[]>;
			const hooksAfter = after.hooks as Record<string, unknown[]>;
			for (const [event, groups] of Object.entries(hooksAfter)) {
				if ((CODEX_HOOK_EVENTS as readonly string[]).includes(event)) {
					expect(groups.slice(0, hooksBefore[event]?.length ?? 0)).toEqual(hooksBefore[event] ?? []);
					expect(groups.at(-1)).toEqual({hooks: [{type: 'command', command: codexTarget.command, timeout: 5}]});
				} else {
					expect(groups).toEqual(hooksBefore[event]);
				}
			}
		}
	});

	it("adds only the three events, in the file's style, beside the hooks already there", () => {
		const original = '{\r\n\t"hooks": {\r\n\t\t"PreToolUse": [{"hooks": [{"type": "command", "command": "guard.sh"}]}]\r\n\t}\r\n}\r\n';
		const installed = codexInstall(original);
		expect(Object.keys(settingsOf(installed).hooks as object)).toEqual(['PreToolUse', 'SubagentStart', 'SubagentStop', 'SessionEnd']);
		expect(installed.replace(/\r\n/g, '')).not.toMatch(/\n/);
		expect(installed).toContain('\r\n\t\t"SubagentStart": [\r\n\t\t\t{\r\n');
		expect(codexUninstall(installed)).toBe(original);
	});

	it("leaves Claude Code's entries for the same events alone, and Codex's uninstall leaves a Claude entry", () => {
		const claudeInstalled = install('{}\n');
		// agentlog's Claude entry is not Codex's command: both can sit in one file without touching each other.
		const both = codexInstall(claudeInstalled);
		expect(codexUninstall(both)).toBe(claudeInstalled);
		expect(uninstall(both)).not.toContain(OURS);
	});
});
