// The workflow runs of the session watch shows: read on refresh, listeners told of a change only,
// polled while a run has not written its run file, and no longer once it has or on close.
import {cpSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {EMPTY_WORKFLOW_INDEX} from '../../../src/core/workflow/workflow-of.js';
import {WORKFLOW_POLL_MS, WorkflowFollower} from '../../../src/store/workflow/workflow-follower.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3346aa6b-35c7-492e-80aa-4422bff0f369';
const fixtureSession = path.resolve(
	import.meta.dirname,
	'../../fixtures/claude/workflow/claude/projects/-tmp-agentlog-claude-fixtures-workflow-workspace',
	SESSION,
);
const RUN = 'wf_fac5b0fb-872';

function claudeWith(): {claude: string; session: string; runFile: string} {
	const claude = tempDir('claude-');
	const session = path.join(claude, 'projects', '-w', SESSION);
	cpSync(fixtureSession, session, {recursive: true});
	return {claude, session, runFile: path.join(session, 'workflows', `${RUN}.json`)};
}

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe('WorkflowFollower', () => {
	it('starts empty; a refresh reads the runs and tells its listeners once', () => {
		const {claude, session} = claudeWith();
		const f = new WorkflowFollower({claudeDir: claude});
		expect(f.getSnapshot()).toBe(EMPTY_WORKFLOW_INDEX);
		const heard = vi.fn();
		f.subscribe(heard);
		f.refresh(session);
		expect(heard).toHaveBeenCalledTimes(1);
		expect(f.getSnapshot().runs.get(RUN)?.status).toBe('completed');
		f.refresh(session);
		expect(heard).toHaveBeenCalledTimes(1);
		// A finished run is not polled.
		vi.advanceTimersByTime(10 * WORKFLOW_POLL_MS);
		expect(heard).toHaveBeenCalledTimes(1);
		f.close();
	});

	it('polls a run without its run file until the file comes', () => {
		const {claude, session, runFile} = claudeWith();
		const saved = readFileSync(runFile, 'utf8');
		rmSync(runFile);
		const f = new WorkflowFollower({claudeDir: claude});
		const heard = vi.fn();
		f.subscribe(heard);
		f.refresh(session);
		expect(f.getSnapshot().runs.get(RUN)?.status).toBeUndefined();
		expect(heard).toHaveBeenCalledTimes(1);
		writeFileSync(runFile, saved);
		vi.advanceTimersByTime(WORKFLOW_POLL_MS);
		expect(heard).toHaveBeenCalledTimes(2);
		expect(f.getSnapshot().runs.get(RUN)?.status).toBe('completed');
		vi.advanceTimersByTime(10 * WORKFLOW_POLL_MS);
		expect(heard).toHaveBeenCalledTimes(2);
		f.close();
	});

	it('unsubscribe and close stop the listeners and the polling', () => {
		const {claude, session, runFile} = claudeWith();
		rmSync(runFile);
		const f = new WorkflowFollower({claudeDir: claude});
		const heard = vi.fn();
		const off = f.subscribe(heard);
		off();
		f.refresh(session);
		expect(heard).not.toHaveBeenCalled();
		expect(vi.getTimerCount()).toBe(1);
		f.close();
		expect(vi.getTimerCount()).toBe(0);
	});

	it('another folder, or none, reads afresh', () => {
		const {claude, session} = claudeWith();
		const f = new WorkflowFollower({claudeDir: claude});
		f.refresh(session);
		expect(f.getSnapshot().runs.size).toBe(1);
		f.refresh(undefined);
		expect(f.getSnapshot().runs.size).toBe(0);
		f.refresh(path.join(claude, 'projects', '-w', 'missing'));
		expect(f.getSnapshot().runs.size).toBe(0);
		f.close();
	});
});
