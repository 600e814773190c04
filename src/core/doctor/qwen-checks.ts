// Doctor's checks of Qwen Code: is Qwen here (its folder), are agentlog's hooks registered in
// $QWEN_HOME/settings.json for every event install-hook --qwen writes, is its copy of the hook
// there and this build's, and has one run. Qwen is optional: no Qwen folder is a note, and so are
// hooks never installed. Unlike Codex, Qwen Code's subagents are seen only through the hook.
// Pure: the facts come in.
import {QWEN_HOOK_EVENTS} from '../install/qwen-hooks.js';
import {existingHandlerCommand, parseSettings} from '../install/settings-merge.js';
import {shellQuote, type HookTarget} from '../install/shell-command.js';
import {ago} from './activity-checks.js';
import {check, type DoctorCheck} from './check.js';
import type {BundleFacts, LauncherFacts} from './hook-file-checks.js';
import type {FileRead} from './settings-checks.js';

/** What the store reads of Qwen Code's folder for doctor (store/doctor/qwen-gather.ts). */
export interface QwenFolderRead {
	readonly folder: {readonly path: string; readonly state: 'missing' | 'not-folder' | 'found'};
	/** `$QWEN_HOME/settings.json`; absent when there is no Qwen folder. */
	readonly settingsFile?: {readonly path: string; readonly read: FileRead};
	/** agentlog's copy of the hook in `$QWEN_HOME/hooks/`. */
	readonly launcher?: LauncherFacts;
	readonly bundles?: readonly BundleFacts[];
}

export interface QwenFacts extends QwenFolderRead {
	/** The hook as install-hook --qwen registers it there. */
	readonly target: HookTarget;
	/** The newest `at` (ms) of each event the hook recorded from Qwen Code (log lines with provider qwen). */
	readonly lastByEvent: ReadonlyMap<string, number>;
	/** `doctor --qwen-home`: the fixes name it. */
	readonly qwenHomeOption?: string;
}

function installCommand(facts: QwenFacts): string {
	return `agentlog install-hook --qwen${facts.qwenHomeOption === undefined ? '' : ` --qwen-home ${shellQuote(facts.qwenHomeOption)}`}`;
}

function folderCheck(facts: QwenFacts): DoctorCheck {
	const {folder} = facts;
	if (folder.state === 'missing') {
		return check('qwen', 'note', `Qwen Code not found: no ${folder.path} (set QWEN_HOME, or pass --qwen-home, if Qwen keeps its files elsewhere)`);
	}
	if (folder.state === 'not-folder') {
		return check('qwen', 'warn', `${folder.path} is there but is not a folder`, {fix: "point QWEN_HOME (or --qwen-home) at Qwen Code's folder"});
	}
	return check('qwen', 'ok', `Qwen Code folder ${folder.path}`);
}

function hooksCheck(facts: QwenFacts, now: number): DoctorCheck {
	const file = facts.settingsFile!;
	const fix = `run ${installCommand(facts)}`;
	if (file.read.state === 'unreadable') {
		return check('qwen-hooks', 'fail', `Qwen Code's settings ${file.path} cannot be read: ${file.read.reason}`, {
			fix: `remove what is at that path, then ${fix}`,
		});
	}
	const parsed = file.read.state === 'read' ? parseSettings(file.read.text, QWEN_HOOK_EVENTS) : undefined;
	if (parsed !== undefined && !parsed.ok) {
		const where = parsed.line === undefined ? '' : ` at line ${parsed.line}, column ${parsed.column ?? 1}`;
		return check('qwen-hooks', 'fail', `Qwen Code's settings ${file.path} are not usable${where}: ${parsed.reason}`, {fix: `fix the file, then ${fix}`});
	}
	const registered = parsed === undefined ? [] : QWEN_HOOK_EVENTS.filter(event => existingHandlerCommand(parsed.settings, event, facts.target) !== undefined);
	const missing = QWEN_HOOK_EVENTS.filter(event => !registered.includes(event));
	if (registered.length === 0) {
		return check('qwen-hooks', 'note', `agentlog's hook is not registered in ${file.path}: Qwen Code's subagents are not shown`, {fix: `to see them, ${fix}`});
	}
	if (missing.length > 0) {
		return check('qwen-hooks', 'fail', `agentlog's hook in ${file.path} is registered for ${registered.join(', ')}, not for ${missing.join(', ')}`, {fix});
	}
	const launcher = facts.launcher;
	const reinstall = `run ${installCommand(facts)} (the command stays the same)`;
	if (launcher === undefined || launcher.read.state !== 'read' || launcher.ours !== true || launcher.executable !== true) {
		return check(
			'qwen-hooks',
			'fail',
			`agentlog's hook is registered for Qwen Code, but its command ${facts.target.scriptPath} is not agentlog's working launcher`,
			{
				fix: reinstall,
			},
		);
	}
	const bundles = facts.bundles ?? [];
	const absent = bundles.filter(b => b.state === 'missing' || b.state === 'unreadable');
	if (absent.length > 0) {
		return check('qwen-hooks', 'fail', `the Qwen hook's code is missing beside its launcher: ${absent.map(b => b.path).join(', ')}`, {fix: reinstall});
	}
	const seen = [...facts.lastByEvent.entries()].sort((a, b) => b[1] - a[1]);
	const detail = [
		`it runs ${facts.target.scriptPath}`,
		seen.length === 0 ? 'no event from Qwen Code recorded yet' : `last Qwen ${seen[0]![0]} ${ago(seen[0]![1], now)}`,
	];
	const summary = `agentlog's hook is registered in ${file.path} for ${QWEN_HOOK_EVENTS.join(', ')}`;
	const old = [...bundles.filter(b => b.state === 'different').map(b => b.path), ...(launcher.current === false ? [launcher.path] : [])];
	if (old.length > 0) {
		return check('qwen-hooks', 'warn', `${summary}, but the hook there differs from this agentlog's build: ${old.join(', ')}`, {
			detail,
			fix: `${reinstall} to update it`,
		});
	}
	return check('qwen-hooks', 'ok', summary, {detail});
}

/** qwen; then, when Qwen's folder is there, qwen-hooks. */
export function qwenChecks(facts: QwenFacts, now: number): DoctorCheck[] {
	const folder = folderCheck(facts);
	if (facts.folder.state !== 'found' || facts.settingsFile === undefined) {
		return [folder];
	}
	return [folder, hooksCheck(facts, now)];
}
