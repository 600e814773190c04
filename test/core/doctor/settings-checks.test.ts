import {describe, expect, it} from 'vitest';
import {AGENTLOG_HOOK_EVENTS, agentlogEntry, type JsonObject} from '../../../src/core/install/settings-merge.js';
import {hookTarget} from '../../../src/core/install/shell-command.js';
import {pluginAgentSpyEvents, settingsChecks, type SettingsFileFacts, type SettingsScope} from '../../../src/core/doctor/settings-checks.js';

const target = hookTarget('/home/u/.claude', '/home/u');

/** Settings with agentlog's entry for these events, as install-hook writes them. */
function withHook(events: readonly string[] = AGENTLOG_HOOK_EVENTS, command = target.command): JsonObject {
	const hooks: JsonObject = {};
	for (const event of events) {
		hooks[event] = [agentlogEntry(command, event as (typeof AGENTLOG_HOOK_EVENTS)[number])];
	}
	return {hooks};
}

function file(scope: SettingsScope, settings: JsonObject | string | undefined): SettingsFileFacts {
	const path = `/files/${scope}.json`;
	if (settings === undefined) {
		return {scope, path, read: {state: 'missing'}};
	}
	return {scope, path, read: {state: 'read', text: typeof settings === 'string' ? settings : JSON.stringify(settings)}};
}

const run = (files: SettingsFileFacts[], plugins: {path: string; text: string}[] = []) => {
	const checks = settingsChecks({files, plugins: plugins.map(p => ({path: p.path, read: {state: 'read', text: p.text}})), target});
	return Object.fromEntries(checks.map(c => [c.id, c]));
};

describe('settingsChecks', () => {
	it('passes with the hook for every event in the user file', () => {
		const c = run([file('local', undefined), file('project', {}), file('user', withHook())]);
		expect(c['hook-registered']).toMatchObject({level: 'ok', ok: true});
		expect(c['hook-registered']!.detail).toEqual(['/files/project.json (project): no agentlog hook', '/files/user.json (user): every event']);
		expect(c['hooks-disabled']!.level).toBe('ok');
		expect(c['hook-duplicates']!.level).toBe('ok');
	});

	it('counts events across files (some in project, the rest in user)', () => {
		const [first, ...rest] = AGENTLOG_HOOK_EVENTS;
		const c = run([file('project', withHook([first])), file('user', withHook(rest))]);
		expect(c['hook-registered']!.level).toBe('ok');
	});

	it('fails naming the missing events, and PostToolUse with a matcher that misses Task', () => {
		const settings = withHook(AGENTLOG_HOOK_EVENTS.filter(e => e !== 'SubagentStop'));
		(settings.hooks as JsonObject).PostToolUse = [{matcher: 'Agent', hooks: [{type: 'command', command: target.command}]}];
		const c = run([file('user', settings)]);
		expect(c['hook-registered']).toMatchObject({level: 'fail', ok: false, summary: "agentlog's hook is not registered for SubagentStop, PostToolUse"});
		expect(c['hook-registered']!.detail).toContain('PostToolUse needs the matcher "Agent|Task"');
	});

	it('fails with no file holding the hook, and a fix naming --project when asked', () => {
		const checks = settingsChecks({files: [file('user', {model: 'opus'})], plugins: [], target, project: true});
		expect(checks[1]).toMatchObject({id: 'hook-registered', level: 'fail'});
		expect(checks[1]!.fix).toContain('agentlog install-hook --project');
	});

	it('recognises the hook written as ~/… (existingHandlerCommand decides)', () => {
		const c = run([file('user', withHook(AGENTLOG_HOOK_EVENTS, '~/.claude/hooks/agent-spy.sh'))]);
		expect(c['hook-registered']!.level).toBe('ok');
	});

	it('reports a settings file that is not JSON', () => {
		const c = run([file('project', '{"hooks": '), file('user', withHook())]);
		expect(c['hook-registered']!.level).toBe('warn');
		expect(c['hook-registered']!.detail?.[0]).toMatch(/^\/files\/project\.json \(project\): not a usable settings file at line 1/u);
	});

	it('fails on disableAllHooks in any file, and on allowManagedHooksOnly unless the managed file has the hook', () => {
		expect(run([file('project', {disableAllHooks: true}), file('user', withHook())])['hooks-disabled']).toMatchObject({
			level: 'fail',
			summary: 'hooks are switched off: disableAllHooks: true in /files/project.json (project)',
		});
		expect(run([file('managed', {allowManagedHooksOnly: true}), file('user', withHook())])['hooks-disabled']!.level).toBe('fail');
		expect(run([file('managed', {allowManagedHooksOnly: true, ...withHook()})])['hooks-disabled']!.level).toBe('ok');
		expect(run([file('user', {...withHook(), disableAllHooks: false})])['hooks-disabled']!.level).toBe('ok');
	});

	it('notes the same command in two files (run once) and warns on different commands or a plugin copy', () => {
		const same = run([file('project', withHook()), file('user', withHook())])['hook-duplicates']!;
		expect(same.level).toBe('ok');
		expect(same.detail?.[0]).toContain('the same command, which Claude Code runs once');
		const different = run([file('project', withHook(['SubagentStart'], '$HOME/.claude/hooks/agent-spy.sh')), file('user', withHook())])['hook-duplicates']!;
		expect(different.level).toBe('warn');
		expect(different.detail?.[0]).toContain('SubagentStart runs the hook in project ($HOME/.claude/hooks/agent-spy.sh), user');
		const plugin = run(
			[file('user', withHook())],
			[{path: '/p/hooks/hooks.json', text: JSON.stringify(withHook(['SubagentStop'], '${CLAUDE_PLUGIN_ROOT}/agent-spy.sh'))}],
		);
		expect(plugin['hook-duplicates']!.level).toBe('warn');
		expect(plugin['hook-duplicates']!.detail?.[0]).toContain('SubagentStop: /p/hooks/hooks.json');
	});

	it('pluginAgentSpyEvents ignores other hooks and broken files', () => {
		expect(pluginAgentSpyEvents(JSON.stringify({hooks: {SubagentStart: [{hooks: [{type: 'command', command: 'other.sh'}]}]}}))).toEqual([]);
		expect(pluginAgentSpyEvents('not json')).toEqual([]);
	});
});

describe('settingsChecks with agentlog installed as a Claude Code plugin', () => {
	const enabled = (value: unknown = true) => ({enabledPlugins: {'agentlog@agentlog': value, 'other@m': true}});
	const ownPlugin = {path: '/home/u/.claude/plugins/cache/agentlog/agentlog/0.1.0/hooks/hooks.json', text: JSON.stringify(withHook())};
	const runWith = (files: SettingsFileFacts[], plugins: {path: string; text: string; pluginName?: string}[] = []) => {
		const checks = settingsChecks({files, plugins: plugins.map(p => ({path: p.path, read: {state: 'read', text: p.text}, pluginName: p.pluginName})), target});
		return Object.fromEntries(checks.map(c => [c.id, c]));
	};

	it('counts the enabled plugin as registered for every event, with no install-hook entry', () => {
		const c = runWith([file('project', {}), file('user', enabled())], [{...ownPlugin, pluginName: 'agentlog'}]);
		expect(c['hook-registered']).toMatchObject({
			level: 'ok',
			summary: "agentlog's hook runs from the Claude Code plugin agentlog@agentlog (enabled in /files/user.json, user), for every event",
		});
		expect(c['hook-duplicates']!.level).toBe('ok');
	});

	it('warns when both the plugin and install-hook register it, saying to keep one', () => {
		const c = runWith([file('user', {...withHook(), ...enabled()})], [{...ownPlugin, pluginName: 'agentlog'}]);
		expect(c['hook-registered']!.level).toBe('ok');
		const dup = c['hook-duplicates']!;
		expect(dup.level).toBe('warn');
		expect(dup.detail).toHaveLength(1);
		expect(dup.detail![0]).toContain('agentlog is installed twice: as the Claude Code plugin agentlog@agentlog (enabled in /files/user.json, user)');
		expect(dup.detail![0]).toContain('by install-hook in /files/user.json (user)');
		expect(dup.fix).toBe('keep one: `/plugin uninstall agentlog@agentlog` (or disable it in /plugin), or `agentlog uninstall-hook`');
	});

	it('takes the value that wins: a project false turns off the user true; a version list turns it on', () => {
		const off = runWith([file('project', enabled(false)), file('user', {...withHook(), ...enabled()})], [{...ownPlugin, pluginName: 'agentlog'}]);
		expect(off['hook-duplicates']!.level).toBe('ok');
		expect(off['hook-duplicates']!.detail).toEqual([`the agentlog plugin is installed (${ownPlugin.path}) but not enabled: it runs nothing`]);
		const versions = runWith([file('user', {...withHook(), ...enabled(['0.1.0'])})]);
		expect(versions['hook-duplicates']!.level).toBe('warn');
	});

	it('still warns about another plugin that runs an agent-spy script', () => {
		const c = runWith([file('user', withHook())], [{path: '/p/hooks/hooks.json', text: JSON.stringify(withHook(['SubagentStart'], 'x/agent-spy.sh'))}]);
		expect(c['hook-duplicates']!.detail![0]).toContain('a plugin runs an agent-spy hook for SubagentStart: /p/hooks/hooks.json');
	});
});
