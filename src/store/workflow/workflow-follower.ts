// The workflow runs of the session `watch` shows, kept up to date: read again when the screen's
// data changes (an agent file, a transcript line: `refresh`), and every few seconds while a run has
// not written its run file yet (the end of a run writes no agent file). Small reads only
// (WorkflowReader reads what changed).
import {EMPTY_WORKFLOW_INDEX, type WorkflowIndex} from '../../core/workflow/workflow-of.js';
import {TranscriptRoots} from '../transcripts/transcript-paths.js';
import {WorkflowReader} from './read.js';

/** How often an unfinished run's files are looked at without any other change. */
export const WORKFLOW_POLL_MS = 2000;

/** What the TUI is handed: the runs as an external store, and a way to say which session folder. */
export interface WorkflowSource {
	readonly subscribe: (listener: () => void) => () => void;
	readonly getSnapshot: () => WorkflowIndex;
	/** Reads the runs of this session folder (undefined: none) now; listeners hear of a change. */
	readonly refresh: (folder: string | undefined) => void;
}

export class WorkflowFollower implements WorkflowSource {
	private readonly roots: TranscriptRoots;
	private reader: WorkflowReader;
	private folder: string | undefined;
	private index: WorkflowIndex = EMPTY_WORKFLOW_INDEX;
	private readonly listeners = new Set<() => void>();
	private timer: NodeJS.Timeout | undefined;

	constructor(options: {readonly claudeDir?: string; readonly roots?: readonly string[]} = {}) {
		this.roots = new TranscriptRoots(options.claudeDir, options.roots ?? []);
		this.reader = new WorkflowReader(this.roots);
	}

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	getSnapshot = (): WorkflowIndex => this.index;

	refresh = (folder: string | undefined): void => {
		if (folder !== this.folder) {
			this.folder = folder;
			this.reader = new WorkflowReader(this.roots);
		}
		const next = this.reader.read(folder);
		this.poll([...next.runs.values()].some(run => run.status === undefined));
		if (next !== this.index) {
			this.index = next;
			for (const listener of this.listeners) {
				listener();
			}
		}
	};

	private poll(wanted: boolean): void {
		if (wanted && this.timer === undefined) {
			this.timer = setInterval(() => this.refresh(this.folder), WORKFLOW_POLL_MS);
			this.timer.unref();
		} else if (!wanted && this.timer !== undefined) {
			clearInterval(this.timer);
			this.timer = undefined;
		}
	}

	close(): void {
		this.poll(false);
		this.listeners.clear();
	}
}
