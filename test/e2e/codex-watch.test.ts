// End to end (issue 16): a Codex-shaped session written line by line while `watch` runs in a real
// terminal: the child shows active, then finished with its report, each within a second of its line.
import {appendFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {childMetaLine, codexLine, rootMetaLine, writeRollout} from '../helpers/codex.js';
import {describeInTerminal, TmuxPane} from '../helpers/tmux.js';
import {tempDir} from '../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');
const ROOT = '019ab000-0000-7000-8000-00000000e2e0';
const CHILD = '019ab000-0000-7000-8000-00000000e2e1';

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

const now = () => new Date().toISOString();

describeInTerminal('agentlog watch with a Codex session', () => {
	it('shows a Codex child active, then finished with its report, within a second of each line', async () => {
		const home = tempDir('codex-e2e-');
		const codex = path.join(home, 'codex');
		const env = {
			HOME: home,
			CODEX_HOME: codex,
			AGENTLOG_DIR: path.join(home, 'activity'),
			XDG_STATE_HOME: path.join(home, 'state'),
			CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
			TERM: 'xterm-256color',
			NO_COLOR: '1',
		};
		writeRollout(codex, ROOT, Date.now(), [rootMetaLine(now(), ROOT)]);
		pane = new TmuxPane(`node ${cli}`, 100, 40, env);
		await pane.waitFor(s => s.includes('Waiting for the first subagent'), 'the waiting screen');

		const file = writeRollout(codex, CHILD, Date.now(), [childMetaLine(now(), {id: CHILD, root: ROOT, role: 'explorer', nickname: 'Erdos'})]);
		const line = (type: string, payload: Record<string, unknown>) => appendFileSync(file, `${codexLine(now(), type, payload)}\n`);
		line('event_msg', {type: 'task_started', turn_id: 't1', started_at: Date.now() / 1000});
		line('response_item', {type: 'message', role: 'user', content: [{type: 'input_text', text: 'Find the API routes'}]});
		let written = Date.now();
		let screen = await pane.waitFor(s => s.includes('[codex] Erdos') && s.includes('● 1 active'), 'the child, active', 5000);
		expect(Date.now() - written).toBeLessThan(1000);
		expect(screen).toContain('[codex] session 019ab000 (following)');
		expect(screen).toContain('Find the API routes');

		line('response_item', {
			type: 'function_call',
			name: 'shell',
			namespace: 'functions',
			arguments: JSON.stringify({command: ['rg', 'router']}),
			call_id: 'c1',
		});
		written = Date.now();
		await pane.waitFor(s => s.includes('shell rg router'), 'its tool call', 5000);
		expect(Date.now() - written).toBeLessThan(1000);

		line('event_msg', {type: 'task_complete', turn_id: 't1', last_agent_message: '## Routes\n\nFound **4 API routes**.'});
		written = Date.now();
		screen = await pane.waitFor(s => s.includes('○ 1 stopped'), 'the child, finished', 5000);
		expect(Date.now() - written).toBeLessThan(1000);
		expect(screen).toContain('Routes');
		pane.keys('Enter');
		screen = await pane.waitFor(s => s.includes('Found 4 API routes'), 'its report in the detail pane');
		expect(screen).toContain('OpenAI Codex CLI');
		expect(screen).toContain('nickname  Erdos');
	});
});
