// End to end: a Codex-shaped session written line by line while `watch` runs in a real
// terminal: the child shows active, then finished with its report, each within a second of its line.
import {appendFileSync, mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {roundUsd} from '../../../src/core/cost/cost.js';
import {requestPrice} from '../../../src/core/cost/price.js';
import {usdText} from '../../../src/present/cost-text.js';
import {childMetaLine, childRunLines, codexLine, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
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
		line('turn_context', {turn_id: 't1', model: 'gpt-5.5'});
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

		const usage = {input_tokens: 900, cached_input_tokens: 100, output_tokens: 80, reasoning_output_tokens: 10, total_tokens: 980};
		line('event_msg', {type: 'token_count', info: {total_token_usage: usage, last_token_usage: usage}});
		line('event_msg', {type: 'task_complete', turn_id: 't1', last_agent_message: '## Routes\n\nFound **4 API routes**.'});
		written = Date.now();
		screen = await pane.waitFor(s => s.includes('○ 1 stopped'), 'the child, finished', 5000);
		expect(Date.now() - written).toBeLessThan(1000);
		expect(screen).toContain('Routes');
		pane.keys('Enter');
		screen = await pane.waitFor(s => s.includes('Found 4 API routes'), 'its report in the detail pane');
		expect(screen).toContain('OpenAI Codex CLI');
		expect(screen).toContain('nickname  Erdos');
		expect(screen).toMatch(/tokens\s+in 800 · out 80 · cache write 0 · cache read 100\n/);
		// Its one request priced as watch read it (the cached part at the cached rate).
		const usd = usdText(roundUsd(requestPrice('gpt-5.5', {input: 800, output: 80, cacheRead: 100, cacheWrite: 0}, Date.now())!));
		expect(screen).toContain(`cost      ${usd} · an estimate at list prices`);
		expect(screen).toMatch(/tools\s+shell 1 \(1 call\)/);
	});

	const sandbox = () => {
		const home = tempDir('codex-e2e-');
		return {
			home,
			codex: path.join(home, 'codex'),
			activity: path.join(home, 'activity'),
			env: {
				HOME: home,
				CODEX_HOME: path.join(home, 'codex'),
				AGENTLOG_DIR: path.join(home, 'activity'),
				XDG_STATE_HOME: path.join(home, 'state'),
				CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
				TERM: 'xterm-256color',
				NO_COLOR: '1',
			},
		};
	};
	/** A Claude Code session folder with one active agent, written now. */
	const claudeSession = (activity: string, id: string, type: string) => {
		const dir = path.join(activity, id);
		mkdirSync(dir, {recursive: true});
		const at = now();
		writeFileSync(path.join(dir, 'a1.json'), JSON.stringify({agentId: 'a1', type, status: 'active', startedAt: at, updatedAt: at, sessionId: id}));
	};
	/** A finished Codex session (root and one child) from `ago` ms back, its files dated then. */
	const oldCodexSession = (codex: string, ago: number) => {
		const t0 = Date.now() - ago;
		const files = [
			writeRollout(codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]),
			writeRollout(codex, CHILD, t0, childRunLines(t0, {id: CHILD, root: ROOT, role: 'explorer', nickname: 'Erdos'}, 'Old task', 'Old report.')),
		];
		for (const f of files) {
			utimesSync(f, (t0 + 5000) / 1000, (t0 + 5000) / 1000);
		}
	};

	it('follows the newest session of either kind: an older Codex session never hides a newer Claude Code one', async () => {
		const {codex, activity, env} = sandbox();
		oldCodexSession(codex, 3 * 3_600_000);
		claudeSession(activity, '11111111-7b4e-4d21-9c55-0e8d1a6b2f47', 'Explore');
		pane = new TmuxPane(`node ${cli}`, 100, 30, env);
		let screen = await pane.waitFor(s => s.includes('session 11111111 (following)'), 'the Claude Code session');
		expect(screen).not.toContain('[codex]');
		claudeSession(activity, '22222222-7b4e-4d21-9c55-0e8d1a6b2f47', 'Plan');
		screen = await pane.waitFor(s => s.includes('session 22222222 (following)'), 'the newer Claude Code session', 5000);
		expect(screen).not.toContain('[codex]');
	});

	it('shows the agents of a Codex session named on the command line that is older than the live window', async () => {
		const {codex, env} = sandbox();
		oldCodexSession(codex, 5 * 86_400_000);
		pane = new TmuxPane(`node ${cli} watch ${ROOT.slice(0, 13)}`, 100, 30, env);
		const screen = await pane.waitFor(s => s.includes('[codex] Erdos'), 'its child');
		expect(screen).toContain('[codex] session 019ab000');
		expect(screen).toContain('○ 1 stopped');
	});
});
