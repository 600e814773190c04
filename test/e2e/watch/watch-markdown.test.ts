// End to end, in a real terminal: the detail pane opened in watch's first moment, before the
// Markdown renderer has loaded, never shows the raw Markdown. The report also has a fence in a
// language highlight.js does not know (```mermaid, colours on): no warning may reach the screen
// (Ink's next frame mostly hides one, so test/tui/markdown/markdown.test.ts is what catches it).
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const REPORT = '## Release\n\n- **Latest Version:** 2.1.328\n\n```mermaid\ngantt\n    title Plan\n```\n';

const event = (name: string, extra: Record<string, unknown> = {}): string =>
	JSON.stringify({session_id: SESSION, cwd: '/home/dev/acme', hook_event_name: name, agent_id: 'a8c41f0e92b7d3a15', agent_type: 'Explore', ...extra});

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

describeInTerminal('the detail pane in the first second of watch', () => {
	it('Enter at once: no raw Markdown, then the rendered report', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		runHook(launcher, event('SubagentStart'), hookEnv(activity));
		runHook(launcher, event('SubagentStop', {last_assistant_message: REPORT}), hookEnv(activity));
		const home = tempDir('home-');
		// Colours on, as in a person's terminal: only then does highlight.js run.
		const env = {
			HOME: home,
			AGENTLOG_DIR: activity,
			XDG_STATE_HOME: path.join(home, 'state'),
			CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
			TERM: 'xterm-256color',
			FORCE_COLOR: '1',
		};
		pane = new TmuxPane(`node ${cli}`, 100, 30, env);
		const screens: string[] = [];
		await pane.waitFor(s => (screens.push(s), s.includes('Explore')), 'the agent');
		pane.keys('Enter');
		await pane.waitFor(s => (screens.push(s), /Latest Version: 2\.1\.328/u.test(s) && s.includes('gantt')), 'the rendered report');
		// A few more frames: a warning written after the render would show now.
		for (let i = 0; i < 5; i++) {
			screens.push(pane.screen());
			await new Promise(resolve => setTimeout(resolve, 50));
		}
		for (const screen of screens) {
			expect(screen).not.toContain('**Latest Version:**');
			expect(screen).not.toContain('Could not find the language');
		}
	});
});
