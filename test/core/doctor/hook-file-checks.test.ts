import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {hookAssets} from '../../../src/store/settings/assets.js';
import {renderLauncher} from '../../../src/store/settings/hook-files.js';
import {hookFileChecks, launcherNodeFallback, nodeMajor, type BundleFacts, type HookFileFacts} from '../../../src/core/doctor/hook-file-checks.js';

const bundles: BundleFacts[] = [
	{name: 'agent-spy.cjs', path: '/c/hooks/agent-spy.cjs', state: 'same'},
	{name: 'agent-prune.cjs', path: '/c/hooks/agent-prune.cjs', state: 'same'},
];

const healthy: HookFileFacts = {
	launcher: {path: '/c/hooks/agent-spy.sh', read: {state: 'read', text: '#'}, executable: true, ours: true, current: true},
	bundles,
	node: {state: 'found', path: '/usr/bin/node', version: 'v22.3.0'},
};

const byId = (facts: HookFileFacts) => Object.fromEntries(hookFileChecks(facts).map(c => [c.id, c]));

describe('hookFileChecks', () => {
	it('passes a healthy install', () => {
		const c = byId(healthy);
		expect(Object.keys(c)).toEqual(['hook-script', 'hook-node', 'hook-version']);
		expect(Object.values(c).every(x => x.level === 'ok')).toBe(true);
	});

	it('fails a missing launcher, with no Node or version check', () => {
		const c = byId({...healthy, launcher: {path: '/c/hooks/agent-spy.sh', read: {state: 'missing'}}, node: undefined});
		expect(Object.keys(c)).toEqual(['hook-script']);
		expect(c['hook-script']).toMatchObject({level: 'fail', fix: 'run agentlog install-hook'});
	});

	it("fails a launcher that is not executable, or not agentlog's, or without its bundle", () => {
		expect(byId({...healthy, launcher: {...healthy.launcher, executable: false}})['hook-script']!.summary).toContain('is not executable');
		const foreign = byId({...healthy, launcher: {...healthy.launcher, ours: false}, node: undefined});
		expect(foreign['hook-script']!.summary).toContain("is not agentlog's launcher");
		expect(foreign['hook-version']).toBeUndefined();
		const noBundle = byId({...healthy, bundles: [{...bundles[0]!, state: 'missing'}, bundles[1]!]});
		expect(noBundle['hook-script']).toMatchObject({level: 'fail', summary: "the hook's code is missing beside the launcher: /c/hooks/agent-spy.cjs"});
	});

	it('fails an old Node, none at all, or a lookup that did not run', () => {
		expect(byId({...healthy, node: {state: 'found', path: '/old/node', version: 'v18.19.0'}})['hook-node']!.summary).toContain('the hook needs 20 or later');
		expect(byId({...healthy, node: {state: 'none', fallback: '/gone/node'}})['hook-node']!.summary).toContain('nor its fallback /gone/node');
		expect(byId({...healthy, node: {state: 'failed', reason: 'no answer within 5000 ms'}})['hook-node']!.level).toBe('fail');
	});

	it('warns (does not fail) when the installed hook is not this build', () => {
		const c = byId({...healthy, bundles: [{...bundles[0]!, state: 'different'}, bundles[1]!], launcher: {...healthy.launcher, current: false}});
		expect(c['hook-version']).toMatchObject({
			level: 'warn',
			ok: true,
			summary: "the installed hook differs from this agentlog's build: /c/hooks/agent-spy.cjs, /c/hooks/agent-spy.sh",
		});
	});
});

describe('launcherNodeFallback', () => {
	it('reads back the Node path install-hook rendered into the launcher, quotes included', () => {
		const template = readFileSync(hookAssets().launcher, 'utf8');
		for (const node of ['/usr/local/bin/node', "/opt/it's here/node"]) {
			const text = renderLauncher(template, node);
			expect(launcherNodeFallback(text)).toBe(node);
			expect(renderLauncher(template, launcherNodeFallback(text)!)).toBe(text);
		}
		expect(launcherNodeFallback('#!/bin/bash\ncat\n')).toBeUndefined();
	});

	it('nodeMajor', () => {
		expect(nodeMajor('v20.11.1')).toBe(20);
		expect(nodeMajor('garbage')).toBeUndefined();
	});
});

describe('hookFileChecks with the agentlog plugin enabled', () => {
	it("passes without install-hook's launcher: the hook runs from the plugin", () => {
		const c = byId({...healthy, launcher: {path: '/c/hooks/agent-spy.sh', read: {state: 'missing'}}, plugin: {id: 'agentlog@agentlog'}});
		expect(c['hook-script']).toMatchObject({
			level: 'ok',
			summary: "the hook runs from the Claude Code plugin agentlog@agentlog (install-hook's copy, /c/hooks/agent-spy.sh, is not installed)",
		});
		expect(c['hook-node']!.level).toBe('ok');
		expect(c['hook-node']!.detail![0]).toContain("the plugin's launcher has no fallback");
	});
});
