// Which transcript paths may be opened. A record's `transcriptPath` comes from a hook payload (or
// anyone who can write the activity folder), so it is used only when it names a file under
// `<claude>/projects/` or under another allowed folder (the folder of the session's own main
// transcript, a demo's folder). Real paths are compared on both sides: a symlinked ~/.claude is
// fine, a symlink from inside projects to /etc/passwd is not, and `..` cannot climb out.
import {lstatSync, readdirSync, realpathSync} from 'node:fs';

/** The system's realpath(3): one call, where Node's own walks the path a component at a time. */
const realpath = realpathSync.native;
import os from 'node:os';
import path from 'node:path';
import {claudeDir as defaultClaudeDir} from '../../core/paths.js';
import {qwenProjectsDir, qwenRuntimeDir} from '../../core/qwen/qwen-paths.js';

export type ResolvedPath = {readonly ok: true; readonly path: string} | {readonly ok: false; readonly reason: 'missing' | 'refused'};

/** The folders transcripts may live in: `<claude>/projects`, Qwen Code's `<qwen>/projects` (docs/qwen.md) and `extra`. */
export class TranscriptRoots {
	private readonly lexical: string[];
	private real: string[] | undefined;
	/** One-shot: what each path resolved to (the agents of a session share a parent transcript). */
	private readonly resolved = new Map<string, ResolvedPath>();
	/**
	 * Live: what each path resolved to in this synchronous pass, emptied at its end (a microtask).
	 * One publish of the follower asks for every followed agent's parent, which is the same main
	 * transcript for all the agents of a workflow: a realpath each was ~20 % of watch's time with
	 * 1,000 agents. A link swapped later is seen at the next pass.
	 */
	private readonly pass = new Map<string, ResolvedPath>();
	/** The real path of each folder met, kept as long as the resolved paths are (`resolved` or `pass`). */
	private readonly folders = new Map<string, string>();
	/** The roots' real paths while one of them is missing: for one pass (it may appear by the next). */
	private passReal: string[] | undefined;

	constructor(
		claudeDir: string | undefined,
		extra: readonly string[] = [],
		/** For one read at one moment: a folder missing now is not looked for again, a path is resolved once. */
		private readonly oneShot = false,
	) {
		const claude = claudeDir ?? defaultClaudeDir(process.env, os.homedir());
		this.lexical = [
			path.join(path.resolve(claude), 'projects'),
			qwenProjectsDir(qwenRuntimeDir(process.env, os.homedir())),
			...extra.map(d => path.resolve(d)),
		];
	}

	private reals(): string[] {
		// Folders that do not exist yet are looked at again next time.
		const reals = this.lexical.map(dir => {
			try {
				return realpath(dir);
			} catch {
				return undefined;
			}
		});
		const found = reals.filter((d): d is string => d !== undefined);
		if (found.length === reals.length || this.oneShot) {
			this.real = found;
		} else {
			this.passReal = found;
		}
		return found;
	}

	/** True when `file` (already resolved) is inside one of `roots`. */
	private static inside(file: string, roots: readonly string[]): boolean {
		return roots.some(root => file.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`));
	}

	/**
	 * The real path to open for `file`, when it is allowed. A file that does not exist (yet) is
	 * `missing` when its path lies inside a root, else `refused`. `extraRoot` is allowed too.
	 */
	resolve(file: string, extraRoot?: string): ResolvedPath {
		if (typeof file !== 'string' || !path.isAbsolute(file) || file.includes('\0')) {
			return {ok: false, reason: 'refused'};
		}
		const key = extraRoot === undefined ? file : `${file}\0${extraRoot}`;
		const known = this.oneShot ? this.resolved : this.pass;
		let found = known.get(key);
		if (found === undefined) {
			found = this.resolveNow(file, extraRoot);
			if (!this.oneShot && this.pass.size === 0) {
				queueMicrotask(() => {
					this.pass.clear();
					this.folders.clear();
					this.passReal = undefined;
				});
			}
			known.set(key, found);
		}
		return found;
	}

	/**
	 * `file`'s real path, as realpath(3) gives it; undefined when there is none (missing). A thousand
	 * agents' transcripts lie in a few folders: each folder is resolved once, and a file that is no
	 * link is its real folder and its name (one lstat, where realpath(3) looks at every component).
	 */
	private realFile(file: string): string | undefined {
		const name = path.basename(file);
		try {
			if (name === '.' || name === '..' || name === '' || lstatSync(file).isSymbolicLink()) {
				return realpath(file);
			}
			const dir = path.dirname(file);
			let real = this.folders.get(dir);
			if (real === undefined) {
				real = realpath(dir);
				this.folders.set(dir, real);
			}
			return path.join(real, name);
		} catch {
			return undefined;
		}
	}

	private resolveNow(file: string, extraRoot: string | undefined): ResolvedPath {
		const extra = extraRoot === undefined ? [] : [path.resolve(extraRoot)];
		const lexicalRoots = [...this.lexical, ...extra];
		const real = this.realFile(file);
		if (real === undefined) {
			return {ok: false, reason: TranscriptRoots.inside(path.resolve(file), lexicalRoots) ? 'missing' : 'refused'};
		}
		const realExtra = extra.flatMap(dir => {
			try {
				return [realpath(dir)];
			} catch {
				return [];
			}
		});
		const roots = [...(this.real ?? this.passReal ?? this.reals()), ...realExtra];
		return TranscriptRoots.inside(real, roots) ? {ok: true, path: real} : {ok: false, reason: 'refused'};
	}
}

/**
 * A workflow agent's transcript (`<session>/subagents/workflows/<run>/agent-<id>.jsonl`) for a
 * record whose path names `<session>/subagents/agent-<id>.jsonl`, which workflow agents never
 * have. Looks only in that session folder; undefined when none is there.
 */
export function findWorkflowTranscript(file: string): string | undefined {
	const subagents = path.dirname(file);
	if (path.basename(subagents) !== 'subagents') {
		return undefined;
	}
	const workflows = path.join(subagents, 'workflows');
	let runs: string[];
	try {
		runs = readdirSync(workflows);
	} catch {
		return undefined;
	}
	for (const run of runs.sort()) {
		const candidate = path.join(workflows, run, path.basename(file));
		try {
			if (lstatSync(candidate).isFile()) {
				return candidate;
			}
		} catch {
			// Not in this run.
		}
	}
	return undefined;
}
