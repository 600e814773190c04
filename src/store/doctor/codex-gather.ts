// The facts `agentlog doctor` checks about OpenAI Codex CLI (core/doctor/codex-checks.ts turns
// them into checks): its folder, how many rollouts it wrote lately, its hooks.json and agentlog's
// copy of the hook beside it. Read-only; only regular files are opened (store/fs/safe-file), the
// rollouts are listed, never read.
import {statSync} from 'node:fs';
import {CODEX_RECENT_DAYS, type CodexFolderFacts, type CodexFolderRead} from '../../core/doctor/codex-checks.js';
import {codexHooksFile} from '../../core/install/codex-hooks.js';
import {listRollouts} from '../codex/rollouts.js';
import {codeOf} from '../fs/errors.js';
import {readConfigFile, readHookFiles, type HookFilesInput} from './gather.js';

const DAY_MS = 24 * 3_600_000;

/** Codex's folder (through a symlink), its recent rollouts, and, when it is there, its hooks. */
export function readCodexFacts(codexHome: string, now: number, hookFiles: Omit<HookFilesInput, 'probeNode'>): CodexFolderRead {
	let isFolder: boolean;
	try {
		isFolder = statSync(codexHome).isDirectory();
	} catch (error) {
		return {folder: codeOf(error) === 'ENOENT' ? {path: codexHome, state: 'missing'} : {path: codexHome, state: 'not-folder'}};
	}
	if (!isFolder) {
		return {folder: {path: codexHome, state: 'not-folder'}};
	}
	const since = now - CODEX_RECENT_DAYS * DAY_MS;
	const listing = listRollouts(codexHome, {sinceMs: since});
	const recent = listing.files.filter(f => f.mtimeMs >= since);
	const folder: CodexFolderFacts = {
		path: codexHome,
		state: 'found',
		recentRollouts: recent.length,
		...(recent[0] === undefined ? {} : {newestMs: recent[0].mtimeMs}),
		skipped: listing.skipped,
	};
	const file = codexHooksFile(codexHome);
	// Its own Node lookup: its launcher's fallback is the Node install-hook --codex ran with.
	const {launcher, bundles, node} = readHookFiles({...hookFiles, probeNode: true});
	return {folder, hooksFile: {path: file, read: readConfigFile(file)}, launcher, bundles, ...(node === undefined ? {} : {node})};
}
