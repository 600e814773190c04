// What agentlog may delete: only what it can prove it made. A session folder is agentlog's when
// every entry in it is a regular file of a name agentlog writes there (file-names.ts
// sessionFileKind); an activity folder that is some tool's own home (Claude Code's config folder,
// a Codex home) is never pruned, whatever its subfolders look like: AGENTLOG_DIR=~/.claude, an
// easy slip for ~/.claude/agent-activity, made `projects/` and `todos/` look like old sessions.
// Pure: the listings and paths come in.
import path from 'node:path';
import {sessionFileKind} from '../record/file-names.js';

/** One entry of a folder as lstat saw it (a link is a link, never what it points to). */
export interface FolderEntry {
	readonly name: string;
	readonly type: 'file' | 'folder' | 'symlink' | 'other';
}

/** The entries of a session folder that agentlog did not write (a subfolder, a link, a foreign file), in order. */
export function foreignSessionEntries(entries: readonly FolderEntry[]): string[] {
	return entries.filter(e => e.type !== 'file' || sessionFileKind(e.name) === undefined).map(e => (e.type === 'folder' ? `${e.name}/` : e.name));
}

/** How a session folder's foreign entries are named in a reason: the first few, then how many more. */
export function describeForeign(names: readonly string[], shown = 3): string {
	const head = names.slice(0, shown).join(', ');
	return names.length > shown ? `${head} and ${names.length - shown} more` : head;
}

/** Names that only Claude Code's own config folder holds (docs/claude-code-hooks.md): agentlog writes none of them. */
export const CLAUDE_HOME_MARKERS: readonly string[] = ['projects', 'todos', 'plugins', 'settings.json', '.credentials.json', 'statsig', 'shell-snapshots'];
/** Names a Codex home holds (docs/codex-rollouts.md#rollout-files): its rollouts, config and login. */
export const CODEX_HOME_MARKERS: readonly string[] = ['config.toml', 'auth.json', 'sessions'];
/** Folders that a home or a project holds and an activity folder never does: those tools' own folders. */
export const HOME_MARKERS: readonly string[] = ['.claude', '.codex'];

export interface ToolHomes {
	/** `<claude>`: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
	readonly claude?: string;
	/** `$CODEX_HOME`, else `~/.codex`. */
	readonly codex?: string;
	/** The user's home folder. */
	readonly home?: string;
}

/** Why an activity folder is some tool's own folder (or the home folder) and must not be pruned. */
export interface ToolFolder {
	readonly tool: 'claude' | 'codex' | 'home';
	/** One line, e.g. `is Claude Code's own folder (it holds projects/, settings.json)`. */
	readonly reason: string;
}

const same = (a: string, b: string | undefined): boolean => b !== undefined && path.resolve(a) === path.resolve(b);

/**
 * Whether `activity` is, or looks like, a folder that is not agentlog's to prune: the Claude
 * config folder, a Codex home or the home folder itself (by path), or a folder holding names only
 * Claude Code or Codex write (`names`: its listing). `realActivity` is its real path when known
 * (a link to ~/.claude is ~/.claude). Undefined when it may be pruned.
 */
export function toolFolderOf(activity: string, names: readonly string[], homes: ToolHomes, realActivity?: string): ToolFolder | undefined {
	const paths = realActivity === undefined ? [activity] : [activity, realActivity];
	const claudeHeld = CLAUDE_HOME_MARKERS.filter(m => names.includes(m));
	const codexHeld = CODEX_HOME_MARKERS.filter(m => names.includes(m));
	const held = (list: readonly string[]) => (list.length === 0 ? '' : ` (it holds ${list.join(', ')})`);
	if (paths.some(p => same(p, homes.claude))) {
		return {tool: 'claude', reason: `is Claude Code's own folder${held(claudeHeld)}`};
	}
	if (paths.some(p => same(p, homes.codex))) {
		return {tool: 'codex', reason: `is Codex CLI's own folder${held(codexHeld)}`};
	}
	if (paths.some(p => same(p, homes.home))) {
		return {tool: 'home', reason: 'is your home folder'};
	}
	if (claudeHeld.length > 0) {
		return {tool: 'claude', reason: `looks like Claude Code's own folder${held(claudeHeld)}`};
	}
	// One name alone (a `sessions` folder) could be anything; two of Codex's say it is a Codex home.
	if (codexHeld.length >= 2) {
		return {tool: 'codex', reason: `looks like Codex CLI's own folder${held(codexHeld)}`};
	}
	const homeHeld = HOME_MARKERS.filter(m => names.includes(m));
	if (homeHeld.length > 0) {
		return {tool: 'home', reason: `looks like a home or project folder${held(homeHeld)}`};
	}
	return undefined;
}

/** What to do about it, for an error or a doctor check. */
export function toolFolderFix(homes: ToolHomes): string {
	const example = homes.claude === undefined ? '~/.claude/agent-activity' : path.join(homes.claude, 'agent-activity');
	return `point AGENTLOG_DIR (or --dir) at agentlog's own folder, e.g. ${example}`;
}
