// Doctor's checks of OpenAI Codex CLI: is Codex here (its folder, recent rollouts under
// sessions/), are agentlog's Codex hooks registered in $CODEX_HOME/hooks.json and for which
// events, is its copy of the hook there, and has one run. Codex is optional: no Codex folder is a
// note, not a failure, and so are hooks never installed (agentlog reads Codex subagents from the
// rollouts without them). Pure: the facts come in.
import {CODEX_HOOK_EVENTS} from '../install/codex-hooks.js';
import {existingHandlerCommand, parseSettings} from '../install/settings-merge.js';
import {shellQuote, type HookTarget} from '../install/shell-command.js';
import {ago} from './activity-checks.js';
import {check, type DoctorCheck} from './check.js';
import {launcherNodeCheck, MIN_NODE_MAJOR, type BundleFacts, type LauncherFacts, type NodeProbe} from './hook-file-checks.js';
import type {FileRead} from './settings-checks.js';

/** Rollouts this recent are counted. */
export const CODEX_RECENT_DAYS = 7;

export type CodexFolderFacts =
	| {readonly path: string; readonly state: 'missing'}
	| {readonly path: string; readonly state: 'not-folder'}
	| {
			readonly path: string;
			readonly state: 'found';
			/** Rollout files under sessions/ written in the last CODEX_RECENT_DAYS days. */
			readonly recentRollouts: number;
			/** The newest one's time (ms). */
			readonly newestMs?: number;
			/** Entries named like rollouts that are not regular files (FIFOs, folders, links). */
			readonly skipped: number;
	  };

/** What the store reads of Codex's folder for doctor (store/doctor/codex-gather.ts). */
export interface CodexFolderRead {
	readonly folder: CodexFolderFacts;
	/** `$CODEX_HOME/hooks.json`; absent when there is no Codex folder. */
	readonly hooksFile?: {readonly path: string; readonly read: FileRead};
	/** agentlog's copy of the hook in `$CODEX_HOME/hooks/`. */
	readonly launcher?: LauncherFacts;
	readonly bundles?: readonly BundleFacts[];
	/** The Node its launcher's lookup finds (run only when the launcher is agentlog's). */
	readonly node?: NodeProbe;
}

/** Those facts, and what doctor adds to them. */
export interface CodexFacts extends CodexFolderRead {
	/** The hook as install-hook --codex registers it there. */
	readonly target: HookTarget;
	/** The newest `at` (ms) of each event the hook recorded from Codex (log lines with provider codex). */
	readonly lastByEvent: ReadonlyMap<string, number>;
	/** `doctor --codex-home`: the fixes name it. */
	readonly codexHomeOption?: string;
}

function installCommand(facts: CodexFacts): string {
	return `agentlog install-hook --codex${facts.codexHomeOption === undefined ? '' : ` --codex-home ${shellQuote(facts.codexHomeOption)}`}`;
}

const APPROVE = 'approve them in Codex with /hooks';

function folderCheck(facts: CodexFacts, now: number): DoctorCheck {
	const {folder} = facts;
	if (folder.state === 'missing') {
		return check('codex', 'note', `Codex CLI not found: no ${folder.path} (set CODEX_HOME, or pass --codex-home, if Codex keeps its files elsewhere)`);
	}
	if (folder.state === 'not-folder') {
		return check('codex', 'warn', `${folder.path} is there but is not a folder: agentlog reads no Codex sessions from it`, {
			fix: "point CODEX_HOME (or --codex-home) at Codex's folder",
		});
	}
	const detail = folder.skipped > 0 ? [`${folder.skipped} entr${folder.skipped === 1 ? 'y' : 'ies'} named like a rollout but not a regular file, skipped`] : [];
	const count = folder.recentRollouts;
	const rollouts =
		count === 0
			? `no rollout under sessions/ from the last ${CODEX_RECENT_DAYS} days`
			: `${count} rollout${count === 1 ? '' : 's'} under sessions/ from the last ${CODEX_RECENT_DAYS} days, the newest ${folder.newestMs === undefined ? 'undated' : ago(folder.newestMs, now)}`;
	return check('codex', 'ok', `Codex CLI folder ${folder.path}: ${rollouts}`, {detail});
}

/** The registration, then agentlog's copy of the hook; undefined when it is not registered for every event. */
function hooksCheck(facts: CodexFacts): {readonly check: DoctorCheck; readonly registered: boolean} {
	const file = facts.hooksFile!;
	const fix = `run ${installCommand(facts)}, then ${APPROVE}`;
	if (file.read.state === 'unreadable') {
		return {
			check: check('codex-hooks', 'fail', `Codex's hooks file ${file.path} cannot be read: ${file.read.reason}`, {
				fix: `remove what is at that path (Codex cannot read it either), then ${fix}`,
			}),
			registered: false,
		};
	}
	const parsed = file.read.state === 'read' ? parseSettings(file.read.text, CODEX_HOOK_EVENTS) : undefined;
	if (parsed !== undefined && !parsed.ok) {
		const where = parsed.line === undefined ? '' : ` at line ${parsed.line}, column ${parsed.column ?? 1}`;
		return {
			check: check('codex-hooks', 'fail', `Codex's hooks file ${file.path} is not usable${where}: ${parsed.reason}`, {
				fix: `fix the file (Codex cannot read its hooks from it either), then ${fix}`,
			}),
			registered: false,
		};
	}
	const registered = parsed === undefined ? [] : CODEX_HOOK_EVENTS.filter(event => existingHandlerCommand(parsed.settings, event, facts.target) !== undefined);
	const missing = CODEX_HOOK_EVENTS.filter(event => !registered.includes(event));
	if (registered.length === 0) {
		const where = file.read.state === 'missing' ? `${file.path} is not there` : `not in ${file.path}`;
		return {
			check: check('codex-hooks', 'note', `agentlog's Codex hooks are not registered (${where}): optional, agentlog reads Codex subagents from the rollouts`, {
				detail: [`the hooks (${CODEX_HOOK_EVENTS.join(', ')}) add exact start and stop times, and mark children interrupted when their session ends`],
				fix: `for those, ${fix}`,
			}),
			registered: false,
		};
	}
	if (missing.length > 0) {
		return {
			check: check('codex-hooks', 'fail', `agentlog's Codex hooks in ${file.path} are registered for ${registered.join(', ')}, not for ${missing.join(', ')}`, {
				fix,
			}),
			registered: false,
		};
	}
	const launcher = facts.launcher;
	const reinstall = `run ${installCommand(facts)} (the command stays the same)`;
	if (launcher === undefined || launcher.read.state !== 'read' || launcher.ours !== true || launcher.executable !== true) {
		const why =
			launcher === undefined || launcher.read.state === 'missing'
				? 'is not there'
				: launcher.read.state === 'unreadable'
					? `cannot be read: ${launcher.read.reason}`
					: launcher.ours !== true
						? "is not agentlog's launcher"
						: 'is not executable';
		return {
			check: check('codex-hooks', 'fail', `agentlog's Codex hooks are registered, but their command ${facts.target.scriptPath} ${why}: Codex's hook fails`, {
				fix: reinstall,
			}),
			registered: true,
		};
	}
	const bundles = facts.bundles ?? [];
	const absent = bundles.filter(b => b.state === 'missing' || b.state === 'unreadable');
	if (absent.length > 0) {
		return {
			check: check('codex-hooks', 'fail', `the Codex hook's code is missing beside its launcher: ${absent.map(b => b.path).join(', ')}`, {fix: reinstall}),
			registered: true,
		};
	}
	const summary = `agentlog's Codex hooks are registered in ${file.path} for ${CODEX_HOOK_EVENTS.join(', ')}`;
	const detail = [`they run ${facts.target.scriptPath}; Codex runs them only once you ${APPROVE} (agentlog cannot see that approval)`];
	const old = [...bundles.filter(b => b.state === 'different').map(b => b.path), ...(launcher.current === false ? [launcher.path] : [])];
	if (old.length > 0) {
		return {
			check: check('codex-hooks', 'warn', `${summary}, but the hook there differs from this agentlog's build: ${old.join(', ')}`, {
				detail,
				fix: `${reinstall} to update it`,
			}),
			registered: true,
		};
	}
	return {check: check('codex-hooks', 'ok', summary, {detail}), registered: true};
}

function heartbeatCheck(facts: CodexFacts, now: number): DoctorCheck {
	const seen = [...facts.lastByEvent.entries()].sort((a, b) => b[1] - a[1]);
	if (seen.length === 0) {
		return check('codex-heartbeat', 'warn', "no event from agentlog's Codex hooks recorded yet", {
			detail: [
				'Codex skips a hook silently until you approve it in /hooks (and again after its command changed);',
				'or no Codex subagent has run since the install.',
			],
			fix: `${APPROVE}, run a Codex task that uses a subagent, then run agentlog doctor again`,
		});
	}
	const [event, at] = seen[0]!;
	return check('codex-heartbeat', 'ok', `last Codex ${event} ${ago(at, now)}`, {
		detail: seen.slice(1).map(([e, t]) => `last Codex ${e} ${ago(t, now)}`),
	});
}

/**
 * codex; then, when Codex's folder is there, codex-hooks; then, when they are registered,
 * codex-hook-node (when its launcher is agentlog's) and codex-heartbeat.
 */
export function codexChecks(facts: CodexFacts, now: number): DoctorCheck[] {
	const folder = folderCheck(facts, now);
	if (facts.folder.state !== 'found' || facts.hooksFile === undefined) {
		return [folder];
	}
	const hooks = hooksCheck(facts);
	if (!hooks.registered) {
		return [folder, hooks.check];
	}
	const node =
		facts.node === undefined
			? []
			: [
					launcherNodeCheck(facts.node, {
						id: 'codex-hook-node',
						fix: `install Node ${MIN_NODE_MAJOR} or later on the PATH Codex runs hooks with, or run ${installCommand(facts)} with a Node ≥ ${MIN_NODE_MAJOR} (it becomes the fallback)`,
						runsWith: 'Codex runs hooks with its own environment, and falls back to the Node install-hook --codex ran with',
					}),
				];
	return [folder, hooks.check, ...node, heartbeatCheck(facts, now)];
}
