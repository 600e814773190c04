// What doctor reads of Codex CLI: its folder, how many rollouts it wrote in the last days (listed,
// never read), its hooks.json and agentlog's hook files beside it.
import {mkdirSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {CODEX_RECENT_DAYS} from '../../../src/core/doctor/codex-checks.js';
import {readCodexFacts} from '../../../src/store/doctor/codex-gather.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const DAY = 24 * 3_600_000;

function hookFiles(dir: string) {
	const source = path.join(dir, 'build-agent-spy.cjs');
	writeFileSync(source, 'bundle');
	return {
		scriptPath: path.join(dir, 'hooks', 'agent-spy.sh'),
		launcherTemplate: '#!/bin/sh\n[ -n "$node_bin" ] || node_bin=\'{{node}}\'\nexec "$node_bin" x\n',
		bundles: [{name: 'agent-spy.cjs', source}],
		render: (template: string, node: string) => template.replace('{{node}}', node),
		isOurs: (text: string) => text.includes('node_bin'),
		env: process.env,
	};
}

/** A rollout in its date folder, last written `daysAgo` before NOW. */
function rollout(home: string, daysAgo: number, n: number): string {
	const day = new Date(NOW - daysAgo * DAY).toISOString().slice(0, 10).split('-');
	const dir = path.join(home, 'sessions', ...day);
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, `rollout-x-${n}.jsonl`);
	writeFileSync(file, '{}\n');
	const t = (NOW - daysAgo * DAY) / 1000;
	utimesSync(file, t, t);
	return file;
}

describe('readCodexFacts', () => {
	it('a missing folder, or a file in its place', () => {
		const dir = tempDir('codex-');
		expect(readCodexFacts(path.join(dir, 'none'), NOW, hookFiles(dir))).toEqual({folder: {path: path.join(dir, 'none'), state: 'missing'}});
		writeFileSync(path.join(dir, 'file'), '');
		expect(readCodexFacts(path.join(dir, 'file'), NOW, hookFiles(dir))).toEqual({folder: {path: path.join(dir, 'file'), state: 'not-folder'}});
	});

	it('counts the rollouts of the last days, the newest time, and skips what is no file', () => {
		const dir = tempDir('codex-');
		const home = path.join(dir, '.codex');
		rollout(home, 0.5, 1);
		rollout(home, 2, 2);
		rollout(home, CODEX_RECENT_DAYS + 3, 3);
		const folderLike = path.join(path.dirname(rollout(home, 1, 4)), 'rollout-dir.jsonl');
		mkdirSync(folderLike);
		const facts = readCodexFacts(home, NOW, hookFiles(dir));
		expect(facts.folder).toEqual({path: home, state: 'found', recentRollouts: 3, newestMs: NOW - 0.5 * DAY, skipped: 1});
		expect(facts.hooksFile).toEqual({path: path.join(home, 'hooks.json'), read: {state: 'missing'}});
	});

	it('no rollouts yet: none counted, no newest time', () => {
		const dir = tempDir('codex-');
		const home = path.join(dir, '.codex');
		mkdirSync(home);
		expect(readCodexFacts(home, NOW, hookFiles(dir)).folder).toEqual({path: home, state: 'found', recentRollouts: 0, skipped: 0});
	});

	it('follows a symlinked folder and reads hooks.json; runs the launcher’s Node lookup', () => {
		const dir = tempDir('codex-');
		const real = path.join(dir, 'real-codex');
		mkdirSync(real);
		writeFileSync(path.join(real, 'hooks.json'), '{"hooks":{}}');
		symlinkSync(real, path.join(dir, '.codex'));
		const input = hookFiles(dir);
		mkdirSync(path.join(dir, 'hooks'));
		writeFileSync(input.scriptPath, input.render(input.launcherTemplate, process.execPath));
		const facts = readCodexFacts(path.join(dir, '.codex'), NOW, {...input, env: {PATH: tempDir('empty-path-')}});
		expect(facts.folder.state).toBe('found');
		expect(facts.hooksFile?.read).toEqual({state: 'read', text: '{"hooks":{}}'});
		expect(facts.launcher).toMatchObject({ours: true, current: true});
		expect(facts.node).toMatchObject({state: 'found', path: process.execPath, version: process.version});
	});
});
