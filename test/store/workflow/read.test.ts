import {appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {MAX_RUN_FILE_BYTES, readSessionWorkflows, WorkflowReader} from '../../../src/store/workflow/read.js';
import {TranscriptRoots} from '../../../src/store/transcripts/transcript-paths.js';
import {tempDir} from '../../helpers/tmp.js';

const fixtureSession = path.resolve(
	import.meta.dirname,
	'../../fixtures/claude/workflow/claude/projects/-tmp-agentlog-claude-fixtures-workflow-workspace/3346aa6b-35c7-492e-80aa-4422bff0f369',
);
const RUN = 'wf_fac5b0fb-872';

/** A claude folder holding the fixture's session; `without` leaves files out. */
function claudeWith(without: readonly string[] = []): {claude: string; session: string} {
	const claude = tempDir('claude-');
	const session = path.join(claude, 'projects', '-w', '3346aa6b-35c7-492e-80aa-4422bff0f369');
	cpSync(fixtureSession, session, {recursive: true});
	for (const file of without) {
		rmSync(path.join(session, file), {force: true});
	}
	return {claude, session};
}

describe('readSessionWorkflows', () => {
	it('reads the run Claude Code wrote: name, phases, each agent’s label, phase and end', () => {
		const {claude, session} = claudeWith();
		const index = readSessionWorkflows(session, new TranscriptRoots(claude));
		const run = index.runs.get(RUN)!;
		expect(run).toMatchObject({name: 'fixture-checks', status: 'completed', phases: ['Check']});
		expect(index.byAgent.get('a681a308a687c1dcc')).toBe(RUN);
		expect(run.agents.get('a681a308a687c1dcc')).toMatchObject({label: 'read-readme', state: 'error'});
		expect(run.agents.get('abb0b070673cb8dac')).toMatchObject({label: 'count-files', state: 'done'});
	});

	it('while the run goes (no run file yet): the journal as it grows, the name from the script', () => {
		const {claude, session} = claudeWith([`workflows/${RUN}.json`]);
		const journalFile = path.join(session, 'subagents/workflows', RUN, 'journal.jsonl');
		const lines = readFileSync(journalFile, 'utf8').split('\n');
		writeFileSync(journalFile, `${lines.slice(0, 3).join('\n')}\n`);
		const reader = new WorkflowReader(new TranscriptRoots(claude));
		const first = reader.read(session);
		const run = first.runs.get(RUN)!;
		expect(run.name).toBe('fixture-checks');
		expect(run.status).toBeUndefined();
		expect([...run.agents.values()].map(a => a.state)).toEqual(['running', 'running']);
		// Nothing changed: the same index.
		expect(reader.read(session)).toBe(first);
		appendFileSync(journalFile, `${lines.slice(3).join('\n')}`);
		const later = reader.read(session).runs.get(RUN)!;
		expect(later.agents.get('a681a308a687c1dcc')?.state).toBe('error');
		expect(later.agents.get('abb0b070673cb8dac')?.state).toBe('done');
	});

	it('opens nothing outside the allowed folders, and no FIFO, folder or oversized run file', () => {
		const {claude, session} = claudeWith();
		// A session folder outside <claude>/projects: nothing is read.
		const elsewhere = tempDir('elsewhere-');
		cpSync(session, elsewhere, {recursive: true});
		expect(readSessionWorkflows(elsewhere, new TranscriptRoots(claude)).runs.size).toBe(0);
		// A FIFO or a folder in the run file's place, a run file over the limit: the journal and script still tell the run.
		const file = path.join(session, 'workflows', `${RUN}.json`);
		for (const replace of [
			() => execFileSync('mkfifo', [file]),
			() => mkdirSync(file),
			() => writeFileSync(file, `{"runId":"${RUN}","workflowName":"big","x":"${'x'.repeat(MAX_RUN_FILE_BYTES)}"}`),
		]) {
			rmSync(file, {recursive: true, force: true});
			replace();
			const run = readSessionWorkflows(session, new TranscriptRoots(claude)).runs.get(RUN)!;
			expect(run.name).toBe('fixture-checks');
			expect(run.status).toBeUndefined();
			expect(run.agents.get('a681a308a687c1dcc')?.state).toBe('error');
		}
		expect(readSessionWorkflows(undefined, new TranscriptRoots(claude)).runs.size).toBe(0);
	});
});
