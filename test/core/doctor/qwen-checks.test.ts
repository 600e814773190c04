// Doctor's Qwen Code checks: no Qwen folder is a note; the hook not registered is a note saying
// Qwen's subagents are not shown; registered for every event with agentlog's launcher is ok, with
// the last event seen; registered for some events only is a failure.
import {describe, expect, it} from 'vitest';
import {qwenChecks, type QwenFacts} from '../../../src/core/doctor/qwen-checks.js';
import {QWEN_HOOK_EVENTS} from '../../../src/core/install/qwen-hooks.js';
import {agentlogEntry} from '../../../src/core/install/settings-merge.js';
import {hookTarget} from '../../../src/core/install/shell-command.js';

const NOW = Date.parse('2026-11-29T06:00:00.000Z');
const target = hookTarget('/h/.qwen', '/h');
const launcher = {path: target.scriptPath, read: {state: 'read', text: '#!/bin/sh'}, executable: true, ours: true, current: true} as const;

function facts(settings: unknown, more: Partial<QwenFacts> = {}): QwenFacts {
	return {
		folder: {path: '/h/.qwen', state: 'found'},
		settingsFile: {path: '/h/.qwen/settings.json', read: settings === undefined ? {state: 'missing'} : {state: 'read', text: JSON.stringify(settings)}},
		launcher,
		bundles: [],
		target,
		lastByEvent: new Map(),
		...more,
	};
}

const hooksFor = (events: readonly string[]) => ({hooks: Object.fromEntries(events.map(e => [e, [agentlogEntry(target.command, e as never)]]))});

describe('qwenChecks', () => {
	it('no Qwen folder: one note', () => {
		const checks = qwenChecks({...facts(undefined), folder: {path: '/h/.qwen', state: 'missing'}}, NOW);
		expect(checks.map(c => [c.id, c.level])).toEqual([['qwen', 'note']]);
	});

	it('not registered: a note with the install command', () => {
		const [, hooks] = qwenChecks(facts({model: {name: 'x'}}), NOW);
		expect(hooks).toMatchObject({id: 'qwen-hooks', level: 'note', fix: 'to see them, run agentlog install-hook --qwen'});
	});

	it('registered for every event: ok, with the last Qwen event seen', () => {
		const [, hooks] = qwenChecks(facts(hooksFor(QWEN_HOOK_EVENTS), {lastByEvent: new Map([['SubagentStop', NOW - 60_000]])}), NOW);
		expect(hooks).toMatchObject({id: 'qwen-hooks', level: 'ok'});
		expect(hooks!.detail?.join('\n')).toContain('last Qwen SubagentStop');
	});

	it('registered for some events only: a failure naming the missing ones', () => {
		const [, hooks] = qwenChecks(facts(hooksFor(['SubagentStart'])), NOW);
		expect(hooks).toMatchObject({id: 'qwen-hooks', level: 'fail'});
		expect(hooks!.summary).toContain('not for SubagentStop');
	});
});
