// Workflow runs for the readers of the event log: a session's lines name its folder and each
// workflow agent's transcript; its agents are then tagged from the run's files (the real
// fixture's), else from the path alone, and the session is forgotten.
import {cpSync, rmSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {AgentHistory} from '../../../src/core/history/fold.js';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {TranscriptRoots} from '../../../src/store/transcripts/transcript-paths.js';
import {HistoryWorkflows} from '../../../src/store/workflow/history.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3346aa6b-35c7-492e-80aa-4422bff0f369';
const fixtureSession = path.resolve(
	import.meta.dirname,
	'../../fixtures/claude/workflow/claude/projects/-tmp-agentlog-claude-fixtures-workflow-workspace',
	SESSION,
);
const RUN = 'wf_fac5b0fb-872';
const README = 'a681a308a687c1dcc';
const COUNT = 'abb0b070673cb8dac';

function claudeWith(removeRunFiles = false): {claude: string; session: string} {
	const claude = tempDir('claude-');
	const session = path.join(claude, 'projects', '-w', SESSION);
	cpSync(fixtureSession, session, {recursive: true});
	if (removeRunFiles) {
		rmSync(path.join(session, 'workflows'), {recursive: true});
		rmSync(path.join(session, 'subagents', 'workflows', RUN, 'journal.jsonl'));
	}
	return {claude, session};
}

const stopLine = (session: string, agentId: string): EventLine => ({
	v: 1,
	at: '2026-11-20T10:00:00.000Z',
	event: 'SubagentStop',
	sessionId: SESSION,
	agentId,
	data: {agentTranscriptPath: path.join(session, 'subagents', 'workflows', RUN, `agent-${agentId}.jsonl`)},
});
const history = (agentId: string, extra: Partial<AgentHistory> = {}) => ({agentId, sessionId: SESSION, type: 'general-purpose', ...extra}) as AgentHistory;

describe('HistoryWorkflows', () => {
	it('tags each workflow agent with its run from the run’s files, its label as description', () => {
		const {claude, session} = claudeWith();
		const w = new HistoryWorkflows(new TranscriptRoots(claude));
		w.see(stopLine(session, README));
		w.see(stopLine(session, COUNT));
		w.see({v: 1, at: '2026-11-20T10:00:00.000Z', event: 'SubagentStart', sessionId: SESSION, agentId: 'other'});
		const [readme, count, other] = w.tag([history(README), history(COUNT, {description: 'own words'}), history('other')]);
		expect(readme?.workflow).toMatchObject({runId: RUN, name: 'fixture-checks', label: 'read-readme'});
		expect(readme?.description).toBe('read-readme');
		expect(count?.workflow).toMatchObject({runId: RUN, label: 'count-files'});
		expect(count?.description).toBe('own words');
		expect(other).toEqual(history('other'));
	});

	it('a run whose files are gone keeps its id from the path', () => {
		const {claude, session} = claudeWith(true);
		const w = new HistoryWorkflows(new TranscriptRoots(claude));
		w.see(stopLine(session, README));
		const [readme] = w.tag([history(README)]);
		expect(readme?.workflow?.runId).toBe(RUN);
	});

	it('seen and restore carry a session’s lines over without reading them again', () => {
		const {claude, session} = claudeWith();
		const first = new HistoryWorkflows(new TranscriptRoots(claude));
		first.see(stopLine(session, README));
		const seen = first.seen();
		expect(seen).toEqual({folder: session, paths: [[README, path.join(session, 'subagents', 'workflows', RUN, `agent-${README}.jsonl`)]]});
		const second = new HistoryWorkflows(new TranscriptRoots(claude));
		second.see(stopLine(session, COUNT));
		second.restore(seen);
		const [readme, count] = second.tag([history(README), history(COUNT)]);
		expect(readme?.workflow?.label).toBe('read-readme');
		// Restored: what it saw before is replaced. The run's files still name COUNT as its agent.
		expect(count?.workflow?.runId).toBe(RUN);
	});

	it('tag forgets the session: the next one starts empty', () => {
		const {claude, session} = claudeWith();
		const w = new HistoryWorkflows(new TranscriptRoots(claude));
		w.see(stopLine(session, README));
		w.tag([history(README)]);
		expect(w.seen()).toEqual({paths: []});
		expect(w.tag([history(README)])[0]?.workflow).toBeUndefined();
	});

	it('lines with no transcript, or one outside a workflow, name no run', () => {
		const w = new HistoryWorkflows(new TranscriptRoots(tempDir('claude-')));
		w.see({v: 1, at: 'x', event: 'SubagentStop', sessionId: SESSION, agentId: 'a', data: {agentTranscriptPath: 42}});
		w.see({v: 1, at: 'x', event: 'SubagentStop', sessionId: SESSION, agentId: 'b', data: {agentTranscriptPath: '/p/s/subagents/agent-b.jsonl'}});
		expect(w.seen()).toEqual({folder: '/p/s', paths: []});
	});
});
