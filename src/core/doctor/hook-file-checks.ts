// Doctor's checks of the installed hook, <claude>/hooks/agent-spy.sh and the bundles beside it:
// there, executable, agentlog's (claude-code-kanban installs its own agent-spy.sh at the same
// path), finding a Node ≥ 20, and the same as this build. Pure: the facts come in.
import type {FileRead} from './settings-checks.js';
import {check, type DoctorCheck} from './check.js';

/** The oldest Node the hook runs on. */
export const MIN_NODE_MAJOR = 20;

export interface LauncherFacts {
	readonly path: string;
	readonly read: FileRead;
	/** Whether the file has an execute bit for this user (undefined when it is not there). */
	readonly executable?: boolean;
	/** Is it agentlog's launcher (isAgentlogLauncher)? */
	readonly ours?: boolean;
	/** Is it what install-hook would write now (this build's template with its own Node fallback)? */
	readonly current?: boolean;
}

export interface BundleFacts {
	readonly name: string;
	readonly path: string;
	/** `different`: there, but not this build's bytes. */
	readonly state: 'same' | 'different' | 'missing' | 'unreadable';
	readonly reason?: string;
}

/** What running the launcher's own Node lookup gave. */
export type NodeProbe =
	| {readonly state: 'found'; readonly path: string; readonly version: string}
	| {readonly state: 'none'; readonly fallback: string | undefined}
	| {readonly state: 'failed'; readonly reason: string};

export interface HookFileFacts {
	readonly launcher: LauncherFacts;
	readonly bundles: readonly BundleFacts[];
	/** Not run when the launcher is missing or not agentlog's. */
	readonly node: NodeProbe | undefined;
	readonly project?: boolean;
	/** agentlog's Claude Code plugin, when settings enable it: the hook runs from the plugin's folder, install-hook's copy is not needed. */
	readonly plugin?: {readonly id: string};
}

/**
 * The Node fallback path install-hook wrote into a launcher: the `'…'` after `node_bin=` (with
 * `'\''` for each quote), or undefined when there is none (another tool's script).
 */
export function launcherNodeFallback(text: string): string | undefined {
	const match = /\|\|\s*node_bin='((?:[^']|'\\'')*)'/u.exec(text);
	return match === null ? undefined : match[1]!.split("'\\''").join("'");
}

/** `v22.3.0` → 22; undefined when it is not a Node version. */
export function nodeMajor(version: string): number | undefined {
	const match = /^v?(\d+)\.\d+/u.exec(version.trim());
	return match === null ? undefined : Number(match[1]);
}

function install(project: boolean | undefined): string {
	return project ? 'agentlog install-hook --project' : 'agentlog install-hook';
}

function scriptCheck(facts: HookFileFacts): DoctorCheck {
	const {launcher} = facts;
	const fix = `run ${install(facts.project)}`;
	if (launcher.read.state === 'missing' && facts.plugin !== undefined) {
		return check('hook-script', 'ok', `the hook runs from the Claude Code plugin ${facts.plugin.id} (install-hook's copy, ${launcher.path}, is not installed)`);
	}
	if (launcher.read.state === 'missing') {
		return check('hook-script', 'fail', `the hook launcher ${launcher.path} is not there`, {fix});
	}
	if (launcher.read.state === 'unreadable') {
		return check('hook-script', 'fail', `the hook launcher ${launcher.path} cannot be read: ${launcher.read.reason}`, {
			fix: `remove what is at that path and ${fix}`,
		});
	}
	if (launcher.ours !== true) {
		return check('hook-script', 'fail', `${launcher.path} is not agentlog's launcher (claude-code-kanban installs its own agent-spy.sh there)`, {
			fix: `${fix}: it keeps that script as agent-spy.sh.agentlog-backup and uninstall-hook puts it back`,
		});
	}
	const missing = facts.bundles.filter(b => b.state === 'missing' || b.state === 'unreadable');
	if (missing.length > 0) {
		return check('hook-script', 'fail', `the hook's code is missing beside the launcher: ${missing.map(b => b.path).join(', ')}`, {
			detail: missing.flatMap(b => (b.reason === undefined ? [] : [`${b.path}: ${b.reason}`])),
			fix,
		});
	}
	if (launcher.executable !== true) {
		return check('hook-script', 'fail', `the hook launcher ${launcher.path} is not executable: Claude Code cannot run it`, {
			fix: `chmod +x ${launcher.path} (or ${fix})`,
		});
	}
	return check(
		'hook-script',
		'ok',
		`the hook launcher ${launcher.path} is agentlog's and executable, with ${facts.bundles.map(b => b.name).join(' and ')} beside it`,
	);
}

/** What a Node check says for one tool's copy of the hook. */
export interface NodeCheckText {
	/** `hook-node`, `codex-hook-node`. */
	readonly id: string;
	/** What to do when it is missing or too old. */
	readonly fix: string;
	/** Who runs the hooks, with what fallback: the detail line of a good result. */
	readonly runsWith: string;
}

/** The launcher's Node lookup as `probe` found it: none, too old, or the version it runs. */
export function launcherNodeCheck(probe: NodeProbe, text: NodeCheckText): DoctorCheck {
	const {id, fix} = text;
	if (probe.state === 'failed') {
		return check(id, 'fail', `the launcher's Node lookup could not be run: ${probe.reason}`, {fix});
	}
	if (probe.state === 'none') {
		const fallback = probe.fallback === undefined ? 'no fallback' : `nor its fallback ${probe.fallback}`;
		return check(id, 'fail', `the launcher finds no Node: none on PATH, ${fallback}; the hook records nothing`, {fix});
	}
	const major = nodeMajor(probe.version);
	if (major === undefined || major < MIN_NODE_MAJOR) {
		return check(id, 'fail', `the launcher runs ${probe.path}, which is Node ${probe.version}: the hook needs ${MIN_NODE_MAJOR} or later`, {fix});
	}
	return check(id, 'ok', `the launcher runs Node ${probe.version} (${probe.path})`, {detail: [`found with this shell's PATH; ${text.runsWith}`]});
}

function nodeCheck(facts: HookFileFacts): DoctorCheck | undefined {
	if (facts.node === undefined) {
		return undefined;
	}
	const fallback =
		facts.plugin !== undefined && facts.launcher.read.state === 'missing'
			? "the plugin's launcher has no fallback: Node must be on that PATH"
			: 'and falls back to the Node install-hook ran with';
	return launcherNodeCheck(facts.node, {
		id: 'hook-node',
		fix: `install Node ${MIN_NODE_MAJOR} or later on the PATH Claude Code runs hooks with, or run ${install(facts.project)} with a Node ≥ ${MIN_NODE_MAJOR} (it becomes the fallback)`,
		runsWith: `Claude Code runs hooks with its own environment, ${fallback}`,
	});
}

function versionCheck(facts: HookFileFacts): DoctorCheck | undefined {
	if (facts.launcher.ours !== true) {
		return undefined;
	}
	const old = [...facts.bundles.filter(b => b.state === 'different').map(b => b.path), ...(facts.launcher.current === false ? [facts.launcher.path] : [])];
	if (old.length === 0) {
		return check('hook-version', 'ok', "the installed hook is this agentlog's build");
	}
	return check('hook-version', 'warn', `the installed hook differs from this agentlog's build: ${old.join(', ')}`, {
		fix: `run ${install(facts.project)} to update it`,
	});
}

/** hook-script, then hook-node and hook-version when they apply. */
export function hookFileChecks(facts: HookFileFacts): DoctorCheck[] {
	return [scriptCheck(facts), nodeCheck(facts), versionCheck(facts)].filter(c => c !== undefined);
}
