// Workflow runs for the readers of the event log (history, stats, export, the OTLP spans): while
// a session's log is read, its lines name the Claude Code session folder and, on a workflow
// agent's stop, the run's folder (`agentTranscriptPath`); after the fold, each agent gets its run
// from the run's files there (store/workflow/read.ts) and else from that path alone — so a run
// whose files are gone still keeps its id. The same decision as the live views (workflowOf).
import type {AgentHistory} from '../../core/history/fold.js';
import type {EventLine} from '../../core/record/event-line.js';
import {str} from '../../core/record/json.js';
import {runAgentOf, runIdOfPath, sessionFolderOfTranscript, workflowOf, type WorkflowIndex} from '../../core/workflow/workflow-of.js';
import {TranscriptRoots} from '../transcripts/transcript-paths.js';
import {readSessionWorkflows} from './read.js';

/** What a session's lines named: its Claude Code session folder, and each workflow agent's transcript path. */
export interface SeenWorkflows {
	readonly folder?: string;
	readonly paths: readonly (readonly [string, string])[];
}

/** One session at a time: `see` its lines, then `tag` its agents; `tag` starts the next session. */
export class HistoryWorkflows {
	private folder: string | undefined;
	private readonly paths = new Map<string, string>();
	private readonly roots: TranscriptRoots;

	constructor(roots?: TranscriptRoots) {
		this.roots = roots ?? new TranscriptRoots(undefined);
	}

	/** A line of the session's log (as read). */
	see(line: EventLine): void {
		const transcript = str(line.data?.agentTranscriptPath);
		if (transcript === undefined) {
			return;
		}
		this.folder ??= sessionFolderOfTranscript(transcript);
		if (line.agentId !== undefined && runIdOfPath(transcript) !== undefined) {
			this.paths.set(line.agentId, transcript);
		}
	}

	/** What `see` gathered of the session so far (kept with its fold, store/history/fold-cache.ts). */
	seen(): SeenWorkflows {
		return {...(this.folder === undefined ? {} : {folder: this.folder}), paths: [...this.paths]};
	}

	/** The session's lines seen again as `seen` gave them, without their lines. */
	restore(seen: SeenWorkflows): void {
		this.folder = seen.folder;
		this.paths.clear();
		for (const [agentId, transcript] of seen.paths) {
			this.paths.set(agentId, transcript);
		}
	}

	/** The session's agents, each workflow agent with its `workflow`; then forgets the session. */
	tag(agents: readonly AgentHistory[]): AgentHistory[] {
		let index: WorkflowIndex | undefined;
		if (this.folder !== undefined) {
			index = readSessionWorkflows(this.folder, this.roots);
		}
		const out = agents.map(h => {
			const workflow = workflowOf(h.agentId, {transcriptPath: this.paths.get(h.agentId)}, index);
			if (workflow === undefined) {
				return h;
			}
			// The model the run names, when the log names none (an agent that died before its first answer);
			// its label as its description, as its `.meta.json` says in the live views (no Agent call describes it).
			const model = h.model ?? runAgentOf(index, h.agentId)?.agent.model;
			const description = h.description ?? workflow.label ?? undefined;
			return {...h, workflow, ...(model === undefined ? {} : {model}), ...(description === undefined ? {} : {description})};
		});
		this.folder = undefined;
		this.paths.clear();
		return out;
	}
}
