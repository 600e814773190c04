// Reading a Claude Code session's workflow runs (docs/claude-code-hooks.md#workflows): each run's file
// `<session>/workflows/wf_<run>.json` (written at its end), its script's name
// (`workflows/scripts/<name>-wf_<run>.js`, written at its launch) and its journal
// `subagents/workflows/wf_<run>/journal.jsonl` (written as it runs). The session folder is used only
// when it lies inside the allowed folders (TranscriptRoots); only regular files are opened, each
// bounded; a file read before is read again only when its size or time changed (a journal: only
// what was appended). Never throws: what cannot be read is left out.
import {closeSync, readdirSync, type Dirent} from 'node:fs';
import path from 'node:path';
import {foldJournal, isRunId, mergeRun, parseRunFile, scriptName, emptyRun, type WorkflowRun} from '../../core/workflow/run.js';
import {EMPTY_WORKFLOW_INDEX, indexRuns, type WorkflowIndex} from '../../core/workflow/workflow-of.js';
import {openRegularFile, readRegularText} from '../fs/safe-file.js';
import {readLineChunksSync} from '../transcripts/files.js';
import type {TranscriptRoots} from '../transcripts/transcript-paths.js';

/** A run file holds its script (≤ 512 KiB) and its result: larger is not read. */
export const MAX_RUN_FILE_BYTES = 8 * 1024 * 1024;
/** A journal is a few lines per agent: past this, the rest is not read. */
export const MAX_JOURNAL_BYTES = 8 * 1024 * 1024;
/** A journal line is a few hundred bytes (a `result` line holds the agent's result): longer is skipped. */
const MAX_JOURNAL_LINE = 1024 * 1024;
/** Runs read per session, newest names first. */
const MAX_RUNS = 1000;

function dirents(dir: string): Dirent[] {
	try {
		return readdirSync(dir, {withFileTypes: true});
	} catch {
		return [];
	}
}

interface FileMark {
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
}

const sameMark = (a: FileMark | undefined, b: FileMark): boolean => a !== undefined && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

interface RunFileEntry {
	readonly mark: FileMark;
	readonly run: WorkflowRun | undefined;
}

interface JournalEntry {
	readonly mark: FileMark;
	readonly offset: number;
	readonly skipping: boolean;
	readonly run: WorkflowRun;
}

/** One session's workflow files, read again only as far as they changed. */
export class WorkflowReader {
	private readonly runFiles = new Map<string, RunFileEntry>();
	private readonly journals = new Map<string, JournalEntry>();
	private last: {readonly key: string; readonly index: WorkflowIndex} | undefined;

	constructor(private readonly roots: TranscriptRoots) {}

	private runFile(file: string): WorkflowRun | undefined {
		const opened = openRegularFile(file);
		if (!opened.ok) {
			this.runFiles.delete(file);
			return undefined;
		}
		const mark = {ino: opened.stats.ino, size: opened.stats.size, mtimeMs: opened.stats.mtimeMs};
		closeSync(opened.fd);
		const kept = this.runFiles.get(file);
		if (sameMark(kept?.mark, mark)) {
			return kept?.run;
		}
		const read = readRegularText(file, {maxBytes: MAX_RUN_FILE_BYTES});
		let run: WorkflowRun | undefined;
		if (read.ok) {
			try {
				run = parseRunFile(JSON.parse(read.text));
			} catch {
				run = undefined;
			}
		}
		this.runFiles.set(file, {mark, run});
		return run;
	}

	private journal(file: string, runId: string): WorkflowRun | undefined {
		const opened = openRegularFile(file);
		if (!opened.ok) {
			this.journals.delete(file);
			return undefined;
		}
		const {fd, stats} = opened;
		try {
			const mark = {ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs};
			let kept = this.journals.get(file);
			if (sameMark(kept?.mark, mark)) {
				return kept?.run;
			}
			if (kept !== undefined && (kept.mark.ino !== mark.ino || mark.size < kept.offset)) {
				// Replaced or cut shorter: read it again from its start.
				kept = undefined;
			}
			let run = kept?.run ?? emptyRun(runId);
			const end = Math.min(stats.size, MAX_JOURNAL_BYTES);
			const start = Math.min(kept?.offset ?? 0, end);
			const read = readLineChunksSync(
				fd,
				start,
				end,
				bytes => {
					run = foldJournal(run, bytes.toString('utf8').split('\n'));
				},
				{chunkBytes: 256 * 1024, maxLine: MAX_JOURNAL_LINE, skipping: kept?.skipping ?? false},
			);
			this.journals.set(file, {mark, offset: read.position, skipping: read.skipping, run});
			return run;
		} catch {
			return this.journals.get(file)?.run;
		} finally {
			closeSync(fd);
		}
	}

	/**
	 * The runs of the session folder `folder` (`<claude>/projects/<project>/<session>`): the same
	 * object as the last call when nothing read changed; empty when the folder is not allowed.
	 */
	read(folder: string | undefined): WorkflowIndex {
		const resolved = folder === undefined ? undefined : this.roots.resolve(folder);
		if (resolved === undefined || !resolved.ok) {
			return EMPTY_WORKFLOW_INDEX;
		}
		const real = resolved.path;
		const workflows = path.join(real, 'workflows');
		const runDirs = path.join(real, 'subagents', 'workflows');
		const ids = new Set<string>();
		const files = new Map<string, string>();
		for (const entry of dirents(workflows)) {
			const id = entry.name.endsWith('.json') ? entry.name.slice(0, -5) : undefined;
			if (entry.isFile() && isRunId(id)) {
				ids.add(id);
				files.set(id, path.join(workflows, entry.name));
			}
		}
		const names = new Map<string, string>();
		for (const entry of dirents(path.join(workflows, 'scripts'))) {
			const named = entry.isFile() ? scriptName(entry.name) : undefined;
			if (named !== undefined) {
				names.set(named.runId, named.name);
				ids.add(named.runId);
			}
		}
		const journals = new Set<string>();
		for (const entry of dirents(runDirs)) {
			if (entry.isDirectory() && isRunId(entry.name)) {
				ids.add(entry.name);
				journals.add(entry.name);
			}
		}
		const runs: WorkflowRun[] = [];
		for (const runId of [...ids].sort().slice(-MAX_RUNS)) {
			const fileName = files.get(runId);
			const file = fileName === undefined ? undefined : this.runFile(fileName);
			const journal = journals.has(runId) ? this.journal(path.join(runDirs, runId, 'journal.jsonl'), runId) : undefined;
			const scriptNamed = names.get(runId);
			runs.push(
				mergeRun(runId, {
					...(file === undefined ? {} : {file}),
					...(journal === undefined ? {} : {journal}),
					...(scriptNamed === undefined ? {} : {scriptName: scriptNamed}),
				}),
			);
		}
		runs.sort((a, b) => (a.startMs ?? 0) - (b.startMs ?? 0));
		// The same index while every run read is the same object (mergeRun makes new ones: compare their parts).
		const key = runs
			.map(
				r =>
					`${r.runId}\u0000${r.name ?? ''}\u0000${r.status ?? ''}\u0000${r.phases.join('\u0001')}\u0000${[...r.agents.values()].map(a => `${a.agentId}:${a.state}:${a.label ?? ''}:${a.phase ?? ''}:${a.model ?? ''}:${a.error ?? ''}`).join(',')}`,
			)
			.join('\n');
		if (this.last?.key === key) {
			return this.last.index;
		}
		const index = indexRuns(runs);
		this.last = {key, index};
		return index;
	}
}

/** A session folder's runs, read once. */
export function readSessionWorkflows(folder: string | undefined, roots: TranscriptRoots): WorkflowIndex {
	return new WorkflowReader(roots).read(folder);
}
