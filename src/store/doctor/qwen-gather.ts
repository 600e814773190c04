// The facts `agentlog doctor` checks about Qwen Code (core/doctor/qwen-checks.ts turns them into
// checks): its folder, its settings.json and agentlog's copy of the hook beside it. Read-only; only
// regular files are opened.
import {statSync} from 'node:fs';
import type {QwenFolderRead} from '../../core/doctor/qwen-checks.js';
import {qwenSettingsFile} from '../../core/install/qwen-hooks.js';
import {codeOf} from '../fs/errors.js';
import {readConfigFile, readHookFiles, type HookFilesInput} from './gather.js';

export function readQwenFacts(qwenHome: string, hookFiles: Omit<HookFilesInput, 'probeNode'>): QwenFolderRead {
	let isFolder: boolean;
	try {
		isFolder = statSync(qwenHome).isDirectory();
	} catch (error) {
		return {folder: {path: qwenHome, state: codeOf(error) === 'ENOENT' ? 'missing' : 'not-folder'}};
	}
	if (!isFolder) {
		return {folder: {path: qwenHome, state: 'not-folder'}};
	}
	const file = qwenSettingsFile(qwenHome);
	const {launcher, bundles} = readHookFiles({...hookFiles, probeNode: false});
	return {folder: {path: qwenHome, state: 'found'}, settingsFile: {path: file, read: readConfigFile(file)}, launcher, bundles};
}
