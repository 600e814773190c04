// Needs-you end to end: the built CLI in a real terminal, the real hook, real transcript
// files. A PermissionRequest inside an agent shows it waiting; a transcript line clears it; the main
// session's own request shows in the header until its transcript moves on.
import {appendFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const S = '6a1b2c3d-7b4e-4d21-9c55-0e8d1a6b2f47';

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

const line = (extra: Record<string, unknown>) =>
	`${JSON.stringify({isSidechain: true, type: 'user', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok'}]}, uuid: `u${Date.now()}`, timestamp: new Date().toISOString(), ...extra})}\n`;

describeInTerminal('waiting for the user in a real terminal', () => {
	it('shows an agent waiting on its permission prompt, and the main session waiting, until their transcripts move on', async () => {
		const home = tempDir('needs-');
		const claude = path.join(home, '.claude');
		const project = path.join(claude, 'projects', '-home-dev-acme');
		mkdirSync(path.join(project, S, 'subagents'), {recursive: true});
		const main = path.join(project, `${S}.jsonl`);
		const agentTranscript = path.join(project, S, 'subagents', 'agent-a1.jsonl');
		appendFileSync(main, line({isSidechain: false}));
		appendFileSync(agentTranscript, line({agentId: 'a1'}));
		const activity = path.join(home, 'activity');
		const launcher = installedHook();
		const payload = (event: string, extra: Record<string, unknown>) =>
			JSON.stringify({session_id: S, transcript_path: main, cwd: '/home/dev/acme', hook_event_name: event, ...extra});
		runHook(launcher, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}), hookEnv(activity));
		pane = new TmuxPane(`node ${cli}`, 90, 24, {
			HOME: home,
			CLAUDE_CONFIG_DIR: claude,
			AGENTLOG_DIR: activity,
			XDG_STATE_HOME: path.join(home, 'state'),
			TERM: 'xterm-256color',
		});
		await pane.waitFor(s => s.includes('● 1 active'), 'the agent');

		runHook(
			launcher,
			payload('PermissionRequest', {agent_id: 'a1', agent_type: 'Explore', tool_name: 'Bash', tool_input: {command: 'npm publish'}}),
			hookEnv(activity),
		);
		let screen = await pane.waitFor(s => s.includes('◆ 1 waiting'), 'the agent waiting');
		expect(screen).toMatch(/◆ Explore\s+\S+ waiting \d+s · Bash: npm publish/u);
		// The user answered: the tool ran, its result is the next line of the agent's transcript.
		appendFileSync(agentTranscript, line({agentId: 'a1'}));
		screen = await pane.waitFor(s => !s.includes('waiting') && s.includes('● 1 active'), 'the agent working again');

		runHook(launcher, payload('PermissionRequest', {tool_name: 'Write', tool_input: {file_path: '/home/dev/acme/src/app.ts'}}), hookEnv(activity));
		screen = await pane.waitFor(s => s.includes('main session waits'), 'the main session waiting');
		expect(screen).toContain('Write: src/app.ts');
		appendFileSync(main, line({isSidechain: false}));
		await pane.waitFor(s => !s.includes('main session waits'), 'the main session working again');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	}, 30_000);
});
