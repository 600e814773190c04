// `agentlog import`, finding the transcripts: `<claude>/projects/<project>/<sessionId>/subagents/
// agent-<id>.jsonl` (and `subagents/workflows/<run>/agent-<id>.jsonl`). Only folders (never a
// symlink to one) are walked below `projects`; compaction agents and unsafe ids are counted, not
// taken.
import {lstatSync, readdirSync, type Dirent} from 'node:fs';
import path from 'node:path';
import {isInternalAgentId} from '../../core/history/imported.js';
import {isSafeId} from '../../core/record/agent-record.js';

const TRANSCRIPT_NAME = /^agent-(.+)\.jsonl$/u;

export interface Candidate {
	readonly sessionId: string;
	readonly agentId: string;
	readonly file: string;
	/** `subagents/` of the session: where a parent agent's transcript is. */
	readonly subagents: string;
	/** `<project>/<sessionId>.jsonl`. */
	readonly main: string;
	readonly size: number;
	readonly mtimeMs: number;
}

function dirents(dir: string): Dirent[] {
	try {
		return readdirSync(dir, {withFileTypes: true});
	} catch {
		return [];
	}
}

/** True when `dir` is a folder itself, not a symlink to one. */
export function isRealDir(dir: string): boolean {
	try {
		return lstatSync(dir).isDirectory();
	} catch {
		return false;
	}
}

function projectMatches(name: string, project: string | undefined): boolean {
	if (project === undefined || project === '') {
		return true;
	}
	return name.includes(project) || name.includes(project.replace(/[^A-Za-z0-9]/gu, '-'));
}

export interface Found {
	readonly candidates: Candidate[];
	internal: number;
	badName: number;
	unreadable: number;
}

function addTranscripts(found: Found, dir: string, sessionId: string, subagents: string, main: string, sinceMs: number | undefined): void {
	for (const entry of dirents(dir)) {
		const m = TRANSCRIPT_NAME.exec(entry.name);
		if (!m) {
			continue;
		}
		const agentId = m[1]!;
		if (isInternalAgentId(agentId)) {
			found.internal += 1;
			continue;
		}
		if (!isSafeId(agentId)) {
			found.badName += 1;
			continue;
		}
		if (!entry.isFile()) {
			found.unreadable += 1;
			continue;
		}
		const file = path.join(dir, entry.name);
		let st;
		try {
			st = lstatSync(file);
		} catch {
			continue;
		}
		if (sinceMs !== undefined && st.mtimeMs < sinceMs) {
			continue;
		}
		found.candidates.push({sessionId, agentId, file, subagents, main, size: st.size, mtimeMs: st.mtimeMs});
	}
}

/** Every subagent transcript under `<claude>/projects` the options select. */
export function findTranscripts(claudeDir: string, options: {readonly project?: string; readonly sinceMs?: number} = {}): Found {
	const found: Found = {candidates: [], internal: 0, badName: 0, unreadable: 0};
	const projects = path.join(claudeDir, 'projects');
	if (!isRealDir(projects)) {
		return found;
	}
	for (const project of dirents(projects)) {
		if (!project.isDirectory() || !projectMatches(project.name, options.project)) {
			continue;
		}
		const projectDir = path.join(projects, project.name);
		for (const session of dirents(projectDir)) {
			if (!session.isDirectory()) {
				continue;
			}
			const subagents = path.join(projectDir, session.name, 'subagents');
			if (!isRealDir(subagents)) {
				continue;
			}
			if (!isSafeId(session.name)) {
				found.badName += 1;
				continue;
			}
			const main = path.join(projectDir, `${session.name}.jsonl`);
			addTranscripts(found, subagents, session.name, subagents, main, options.sinceMs);
			const workflows = path.join(subagents, 'workflows');
			if (isRealDir(workflows)) {
				for (const run of dirents(workflows)) {
					if (run.isDirectory()) {
						addTranscripts(found, path.join(workflows, run.name), session.name, subagents, main, options.sinceMs);
					}
				}
			}
		}
	}
	return found;
}
