// watch with Gemini CLI: the subagents of the newest Gemini session put beside what the other
// sources give, read again as their files grow; and the monitor model built from them, as the
// screen draws it ([gemini] before the name). The files are the real CLI's (test/fixtures/gemini).
import {appendFileSync, cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {agentName} from '../../../src/present/present.js';
import {GeminiLive} from '../../../src/store/live/gemini-live.js';
import type {TranscriptSource} from '../../../src/store/transcripts/follower.js';
import type {TranscriptState} from '../../../src/store/transcripts/reader.js';
import {FakeSource} from '../../helpers/fake-source.js';
import {geminiFile, geminiHomeOf} from '../../helpers/gemini.js';
import {tempDir} from '../../helpers/tmp.js';

const lives: GeminiLive[] = [];
afterEach(() => {
	for (const live of lives.splice(0)) {
		live.close();
	}
});

function emptyTranscripts(): TranscriptSource {
	const none = new Map<string, TranscriptState>();
	return {getSnapshot: () => none, getParents: () => new Map(), subscribe: () => () => undefined, follow: () => undefined};
}

/** `running`: whether Gemini CLI still runs where a session ran (default: it does, so nothing is cut). */
function open(gemini: string, session?: string, running: (root: string, childStartMs: number) => boolean | undefined = () => true) {
	const live = new GeminiLive({geminiHome: gemini, activity: tempDir('activity-'), session, pollMs: 20, sinceMs: 0, running});
	lives.push(live);
	const inner = new FakeSource([], {sessionId: undefined});
	const agents = live.agents(inner);
	const transcripts = live.transcripts(emptyTranscripts());
	live.start();
	return {agents, transcripts};
}

describe('GeminiLive', () => {
	it('shows the newest Gemini session when no other is shown, its subagents as the model draws them', () => {
		const gemini = path.join(tempDir('home-'), '.gemini');
		cpSync(geminiHomeOf('tools'), gemini, {recursive: true});
		const {agents, transcripts} = open(gemini);
		const snap = agents.getSnapshot();
		expect(snap.sessionId).toBe(geminiFile('tools', 'main').id);
		const records = [...snap.set.agents.values()];
		expect(records.map(a => a.type).sort()).toEqual(['generalist', 'lister']);
		const model = buildMonitorModel({
			agents: records,
			transcripts: transcripts.getSnapshot(),
			now: Date.parse('2026-11-29T03:00:00Z'),
			options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true},
		});
		expect(model.items.map(i => agentName(i)).sort()).toEqual(['[gemini] generalist', '[gemini] lister']);
		const reader = model.items.find(i => i.agent.type === 'generalist')!;
		expect(reader.report).toBe('notes.txt has 3 lines; the first is "alpha".');
		expect(reader.activity?.summary.toolCounts).toEqual({read_file: 1, run_shell_command: 1, complete_task: 1});
	});

	it('a child Gemini CLI no longer runs is interrupted at its last line; one it still runs stays active', async () => {
		const gemini = path.join(tempDir('home-'), '.gemini');
		cpSync(geminiHomeOf('cut'), gemini, {recursive: true});
		let running: boolean | undefined = true;
		const asked: [string, number][] = [];
		const {agents} = open(gemini, undefined, (root, since) => {
			asked.push([root, since]);
			return running;
		});
		const child = geminiFile('cut', 'stuck');
		expect([...agents.getSnapshot().set.agents.values()][0]).toMatchObject({agentId: child.id, status: 'active'});
		// Asked where the session ran (its .project_root), since the child started.
		expect(asked[0]).toEqual([readFileSync(path.join(gemini, 'tmp/cut/.project_root'), 'utf8').trim(), Date.parse('2026-11-29T02:48:12.848Z')]);
		// Unknown (no /proc): as before, active.
		running = undefined;
		await new Promise(r => setTimeout(r, 60));
		expect([...agents.getSnapshot().set.agents.values()][0]).toMatchObject({status: 'active'});
		running = false;
		await vi.waitFor(
			() =>
				expect([...agents.getSnapshot().set.agents.values()][0]).toMatchObject({
					status: 'stopped',
					interrupted: true,
					stopReason: 'session-end:gemini-exited',
					stoppedAt: '2026-11-29T02:48:12.974Z',
				}),
			{timeout: 5000},
		);
	});

	it('reads a growing child again: the cut child, then its complete_task and its parent call, ends it', async () => {
		const gemini = path.join(tempDir('home-'), '.gemini');
		cpSync(geminiHomeOf('cut'), gemini, {recursive: true});
		const {agents} = open(gemini);
		const child = geminiFile('cut', 'stuck');
		const first = [...agents.getSnapshot().set.agents.values()];
		expect(first).toHaveLength(1);
		expect(first[0]).toMatchObject({agentId: child.id, status: 'active', type: 'subagent'});
		// What the CLI would have written next had it not been killed (the lines of the tools scenario's lister, renamed).
		const done = {
			id: 'later-1',
			timestamp: '2026-11-29T02:48:20.000Z',
			type: 'gemini',
			content: '',
			model: 'gemini-2.5-pro',
			toolCalls: [
				{
					id: `${child.id}#1-0`,
					name: 'complete_task',
					args: {result: {response: 'Stopped thinking.'}},
					status: 'success',
					timestamp: '2026-11-29T02:48:20.000Z',
				},
			],
		};
		const childFile = path.join(gemini, path.relative(geminiHomeOf('cut'), child.path));
		appendFileSync(childFile, `${JSON.stringify(done)}\n${JSON.stringify({$set: {summary: '{"response": "Stopped thinking."}'}})}\n`);
		await vi.waitFor(() => expect([...agents.getSnapshot().set.agents.values()][0]).toMatchObject({status: 'stopped', stopReason: 'complete-task'}), {
			timeout: 5000,
		});
		expect([...agents.getSnapshot().set.agents.values()][0]!.lastMessage).toBe('Stopped thinking.');
		// The parent's call comes last: now it has its name.
		const main = path.join(gemini, path.relative(geminiHomeOf('cut'), geminiFile('cut', 'main').path));
		// The main session's last message (its gemini turn, written without its call), written again with the call.
		const lastMessage = readFileSync(main, 'utf8')
			.trim()
			.split('\n')
			.map(l => JSON.parse(l) as Record<string, unknown>)
			.filter(o => o.type === 'gemini')
			.at(-1)!;
		const call = {
			id: 'invoke_agent__1',
			name: 'invoke_agent',
			args: {agent_name: 'generalist', prompt: 'think'},
			agentId: child.id,
			status: 'success',
			timestamp: '2026-11-29T02:48:21.000Z',
			result: [
				{
					functionResponse: {
						id: 'invoke_agent__1',
						name: 'invoke_agent',
						response: {output: "Subagent 'generalist' finished.\nTermination Reason: TIMEOUT\nResult:\nStopped thinking."},
					},
				},
			],
		};
		appendFileSync(main, `${JSON.stringify({...lastMessage, toolCalls: [call]})}\n`);
		await vi.waitFor(() => expect([...agents.getSnapshot().set.agents.values()][0]).toMatchObject({type: 'generalist', stopReason: 'termination:TIMEOUT'}), {
			timeout: 5000,
		});
	});

	it('no Gemini folder: the inner snapshot as it is', () => {
		const {agents} = open(path.join(tempDir('home-'), '.gemini'));
		expect(agents.getSnapshot().set.agents.size).toBe(0);
		expect(agents.getSnapshot().sessionId).toBeUndefined();
	});
});
