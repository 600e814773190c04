// ls, history and stats read in a real terminal as a person sees them: columns aligned (the cut
// to the terminal's width keeps the padding), and a terminal that reports no size shows rows.
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const S = '7c2d3e4f-8a5b-4c6d-9e7f-1a2b3c4d5e6f';

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

function recordedSession(): Record<string, string> {
	const home = tempDir('tables-');
	const activity = path.join(home, 'activity');
	const launcher = installedHook();
	const payload = (event: string, extra: Record<string, unknown>) =>
		JSON.stringify({session_id: S, transcript_path: '/nowhere/s.jsonl', cwd: '/home/dev/acme', hook_event_name: event, ...extra});
	runHook(launcher, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}), hookEnv(activity));
	runHook(launcher, payload('SubagentStart', {agent_id: 'a2', agent_type: 'general-purpose'}), hookEnv(activity));
	runHook(
		launcher,
		payload('SubagentStop', {agent_id: 'a2', agent_type: 'general-purpose', last_assistant_message: 'Reviewed the cart module'}),
		hookEnv(activity),
	);
	return {HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), AGENTLOG_DIR: activity, XDG_STATE_HOME: path.join(home, 'state'), TERM: 'xterm-256color'};
}

/** The screen's line that starts with `header`, and the next `count` lines. */
function table(screen: string, header: string, count: number): string[] {
	const lines = screen.split('\n');
	const at = lines.findIndex(line => line.startsWith(header));
	expect(at, `a line starting with ${header} in:\n${screen}`).toBeGreaterThanOrEqual(0);
	return lines.slice(at, at + 1 + count);
}

/** Each row below the header holds one of `values` starting exactly under `column`. */
function expectAligned(lines: readonly string[], column: string, values: readonly string[]): void {
	const at = lines[0]!.indexOf(column);
	expect(at).toBeGreaterThan(0);
	for (const line of lines.slice(1)) {
		expect(
			values.some(value => line.startsWith(value, at)),
			`one of ${values.join(', ')} under ${column}:\n${lines.join('\n')}`,
		).toBe(true);
	}
}

describeInTerminal('tables in a real terminal', () => {
	it('ls, history and stats line their columns up', async () => {
		const env = recordedSession();
		pane = new TmuxPane(`sh -c 'node ${cli} ls ${S}; node ${cli} history; node ${cli} stats'`, 120, 40, env);
		const screen = await pane.waitFor(s => s.includes('[exit 0]') && s.includes('AGENTS'), 'the three tables');

		const ls = table(screen, 'STATUS', 2);
		expect(ls[0]).toMatch(/^STATUS {2,}TYPE {2,}DURATION {2,}STARTED {2,}ID {2,}SUMMARY$/);
		expectAligned(ls, 'TYPE', ['Explore', 'general-purpose']);
		expectAligned(ls, 'ID', ['a1', 'a2']);
		expect(ls.some(line => line.indexOf('Reviewed the cart module') === ls[0]!.indexOf('SUMMARY'))).toBe(true);

		const history = table(screen, 'STARTED', 2);
		expect(history[0]).toMatch(/^STARTED {2,}SESSION {2,}TYPE {2,}DESCRIPTION {2,}STATUS/);
		expectAligned(history, 'TYPE', ['Explore', 'general-purpose']);
		expectAligned(history, 'STATUS', ['● active', '○ completed']);

		const stats = table(screen, 'TYPE', 2);
		expect(stats[0]).toMatch(/^TYPE {2,}AGENTS {2,}P50/);
		expectAligned(stats, 'AGENTS', ['1 ']);
		expectAligned(stats, 'INTERRUPTED', ['0 (0%)']);
	});

	it('a terminal that reports no size gets whole rows, not a lone …', async () => {
		const env = recordedSession();
		pane = new TmuxPane(`sh -c 'stty cols 0 rows 0; node ${cli} ls ${S}'`, 100, 20, env);
		const screen = await pane.waitFor(s => s.includes('[exit'), 'ls');
		expect(screen).toContain('Explore');
		expect(screen).toContain('Reviewed the cart module');
		expect(screen.split('\n').some(line => line.trim() === '…')).toBe(false);
	});
});
