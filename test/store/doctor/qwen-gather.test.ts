// What doctor reads of Qwen Code: its folder (missing, not a folder, found), its settings.json and
// agentlog's hook files beside it, read only.
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readQwenFacts} from '../../../src/store/doctor/qwen-gather.js';
import {tempDir} from '../../helpers/tmp.js';

function hookFiles(dir: string) {
	const source = path.join(dir, 'build-agent-spy.cjs');
	writeFileSync(source, 'bundle v2');
	return {
		scriptPath: path.join(dir, 'hooks', 'agent-spy.sh'),
		launcherTemplate: '#!/bin/sh\n[ -n "$node_bin" ] || node_bin=\'{{node}}\'\nexec "$node_bin" x\n',
		bundles: [{name: 'agent-spy.cjs', source}],
		render: (template: string, node: string) => template.replace('{{node}}', node),
		isOurs: (text: string) => text.includes('exec'),
		env: process.env,
	};
}

describe('readQwenFacts', () => {
	it('a missing folder, or a file in its place', () => {
		const dir = tempDir('qwen-');
		expect(readQwenFacts(path.join(dir, 'none'), hookFiles(dir))).toEqual({folder: {path: path.join(dir, 'none'), state: 'missing'}});
		writeFileSync(path.join(dir, 'file'), '');
		expect(readQwenFacts(path.join(dir, 'file'), hookFiles(dir))).toEqual({folder: {path: path.join(dir, 'file'), state: 'not-folder'}});
	});

	it('a folder without settings or hook: each said missing', () => {
		const dir = tempDir('qwen-');
		const home = path.join(dir, '.qwen');
		mkdirSync(home);
		const facts = readQwenFacts(home, hookFiles(dir));
		expect(facts.folder).toEqual({path: home, state: 'found'});
		expect(facts.settingsFile).toEqual({path: path.join(home, 'settings.json'), read: {state: 'missing'}});
		expect(facts.launcher?.read).toEqual({state: 'missing'});
		expect(facts.bundles?.map(b => b.state)).toEqual(['missing']);
	});

	it('reads settings.json and tells an installed bundle that matches this build from one that does not', () => {
		const dir = tempDir('qwen-');
		const home = path.join(dir, '.qwen');
		mkdirSync(home);
		writeFileSync(path.join(home, 'settings.json'), '{"hooks":{}}');
		const input = hookFiles(dir);
		mkdirSync(path.join(dir, 'hooks'));
		writeFileSync(input.scriptPath, input.render(input.launcherTemplate, '/usr/bin/node'));
		writeFileSync(path.join(dir, 'hooks', 'agent-spy.cjs'), 'bundle v2');
		const facts = readQwenFacts(home, input);
		expect(facts.settingsFile?.read).toEqual({state: 'read', text: '{"hooks":{}}'});
		expect(facts.launcher).toMatchObject({ours: true, current: true});
		expect(facts.bundles?.map(b => b.state)).toEqual(['same']);
		// Qwen's facts never run the launcher's Node lookup.
		expect(facts).not.toHaveProperty('node');
		writeFileSync(path.join(dir, 'hooks', 'agent-spy.cjs'), 'bundle v1');
		expect(readQwenFacts(home, input).bundles?.map(b => b.state)).toEqual(['different']);
		expect(readdirSync(home)).toEqual(['settings.json']);
	});
});
