// The demo end to end: the real hook writes real files; the real watcher and screen show them.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {parseAgentRecord, type AgentRecord} from '../../../src/core/record/agent-record.js';
import {findGhosts} from '../../../src/core/monitor/ghosts.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';
import {SESSION_PROCESS_NAME} from '../../../src/core/record/file-names.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cli = path.join(root, 'bin', 'agentlog.js');

function sandboxEnv(): NodeJS.ProcessEnv {
	const home = tempDir('home-');
	const env: NodeJS.ProcessEnv = {
		...process.env,
		HOME: home,
		CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
		XDG_STATE_HOME: path.join(home, 'state'),
		TMPDIR: tempDir('tmp-'),
	};
	delete env.AGENTLOG_DIR;
	return env;
}

describe('agentlog demo --no-ui', () => {
	it('writes the whole scenario through the real hook: statuses, ghosts on disk, cap, no temp files', () => {
		const dir = tempDir('demo-');
		const env = sandboxEnv();
		const r = spawnSync(process.execPath, [cli, 'demo', '--no-ui', '--dir', dir, '--speed', '50'], {env, encoding: 'utf8', timeout: 60_000});
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('the first Explore agent finishes with a Markdown report');
		expect(r.stdout).toContain(`The files stay in ${dir}`);
		// The demo keeps nothing of its own in the user's state folder (ls, below, may).
		expect(existsSync(path.join(env.XDG_STATE_HOME ?? '', 'agentlog', 'transcript-states'))).toBe(false);
		const sessions = readdirSync(dir).filter(n => !n.startsWith('.'));
		// The transcripts Claude Code would write are kept in a dot folder that readers skip.
		expect(readdirSync(dir)).toContain('.demo-transcripts');
		expect(sessions).toHaveLength(1);
		const sessionDir = path.join(dir, sessions[0] ?? '');
		const all = readdirSync(sessionDir);
		// No temp files; the event log beside the agent files, which are within the per-session cap.
		expect(all.filter(n => n.startsWith('.') && n !== SESSION_PROCESS_NAME)).toEqual([]);
		expect(all).toContain('events.jsonl');
		const names = all.filter(n => n.endsWith('.json') && n !== SESSION_PROCESS_NAME);
		expect(names).toHaveLength(all.filter(n => n !== SESSION_PROCESS_NAME).length - 1);
		expect(names.length).toBeLessThanOrEqual(20);
		const agents = new Map<string, AgentRecord>();
		for (const name of names) {
			const parsed = parseAgentRecord(JSON.parse(readFileSync(path.join(sessionDir, name), 'utf8')));
			expect(parsed.ok).toBe(true);
			if (parsed.ok) {
				agents.set(parsed.value.agentId, parsed.value);
			}
		}
		expect(agents.size).toBe(14);
		// Every subagent record names its transcript, and the demo wrote the ones with activity.
		const transcript = agents.get('a4d7b2c8e1f0a9b04')?.transcriptPath ?? '';
		expect(transcript).toContain(`${path.sep}.demo-transcripts${path.sep}`);
		expect(readFileSync(transcript, 'utf8').split('\n').filter(Boolean).length).toBeGreaterThan(10);
		expect(JSON.parse(readFileSync(transcript.replace(/\.jsonl$/, '.meta.json'), 'utf8'))).toMatchObject({description: 'Extract a user service'});
		// ls on the kept folder reads the kept transcripts too (agentlog's own folder, beside <claude>/projects).
		const ls = spawnSync(process.execPath, [cli, 'ls', '--json', '--dir', dir], {env, encoding: 'utf8'});
		expect(ls.status).toBe(0);
		const listed = JSON.parse(ls.stdout) as Array<{agentId: string; description: string | null}>;
		expect(listed.find(a => a.agentId === 'a4d7b2c8e1f0a9b04')?.description).toBe('Extract a user service');
		const team = `session-${sessions[0]?.slice(0, 8)}`;
		// Explore reports in Markdown; the stop with an empty agent_type kept its type.
		expect(agents.get('a1f0c2e9b7d3a1501')).toMatchObject({status: 'stopped', type: 'Explore'});
		expect(agents.get('a1f0c2e9b7d3a1501')?.lastMessage).toContain('## API routes');
		expect(agents.get('a2b81d07c4e5f6a02')).toMatchObject({status: 'stopped', type: 'Explore'});
		// The internal agent's empty-type stop was ignored.
		expect(agents.has('acompact7f3e2d1c0')).toBe(false);
		// Teammates went idle and back to work; an idle-only teammate was recorded, not dropped.
		expect(agents.get(`researcher@${team}`)).toMatchObject({status: 'idle'});
		expect(agents.get(`reviewer@${team}`)).toMatchObject({status: 'active'});
		expect(agents.get(`docs-writer@${team}`)).toMatchObject({status: 'idle', startUnknown: true});
		// The agent whose stop never arrives is still active on disk (the monitor shows it stale).
		expect(agents.get('a5e6f7a8b9c0d1e05')).toMatchObject({status: 'active', type: 'Plan'});
		// The long-running agent kept its first start when SubagentStart repeated.
		const long = agents.get('a4d7b2c8e1f0a9b04');
		expect(long?.status).toBe('stopped');
		expect(Date.parse(long?.stoppedAt ?? '') - Date.parse(long?.startedAt ?? '')).toBeGreaterThan(1000);
		// Ghosts are on disk, and the monitor's rule finds exactly the two shutdown copies.
		expect([...findGhosts([...agents.values()])].sort()).toEqual(['a6ghost1b2c3d4e06', 'a7ghost2c3d4e5f07']);
		// More than 8 agents that are not ghosts: the display cap shows.
		expect(r.stdout).toMatch(/\+\d+ older agents not shown/);
		// The snapshot reads the transcripts: task descriptions are shown.
		expect(r.stdout).toContain('Extract a user service · ');
	});
});

describe('agentlog demo --loop', () => {
	it('plays the scenario again as a new session, and stops cleanly on SIGINT', async () => {
		const dir = tempDir('demo-loop-');
		const child = spawn(process.execPath, [cli, 'demo', '--no-ui', '--loop', '--dir', dir, '--speed', '100'], {
			env: sandboxEnv(),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		child.stdout.on('data', d => (out += d));
		const sessions = () => readdirSync(dir).filter(n => !n.startsWith('.'));
		await vi.waitFor(() => expect(sessions().length).toBeGreaterThanOrEqual(2), {timeout: 20_000, interval: 100});
		child.kill('SIGINT');
		const code = await new Promise(resolve => child.on('close', resolve));
		expect(code).toBe(0);
		expect(out).toContain('run 2 ');
		expect(out).toContain(`The files stay in ${dir}`);
	});
});

describeInTerminal('agentlog demo in a real terminal', () => {
	let pane: TmuxPane | undefined;
	afterEach(() => pane?.kill());

	it('shows agents appearing and stopping, and opens a detail pane on Enter', async () => {
		const env = sandboxEnv();
		const tmp = env.TMPDIR ?? '';
		pane = new TmuxPane(`node ${cli} demo --speed 10`, 100, 30, {
			HOME: env.HOME ?? '',
			XDG_STATE_HOME: env.XDG_STATE_HOME ?? '',
			CLAUDE_CONFIG_DIR: env.CLAUDE_CONFIG_DIR ?? '',
			TMPDIR: tmp,
		});
		// Three parallel Explore agents, then more: at least three running at once.
		await pane.waitFor(s => Number(/● (\d+) active/.exec(s)?.[1] ?? 0) >= 3 && s.includes('Explore'), 'three parallel agents');
		await pane.waitFor(s => /○ [1-9]\d* stopped/.test(s) && s.includes('API routes'), 'the first report');
		await pane.waitFor(s => s.includes('2 ghosts hidden'), 'the ghosts');
		await pane.waitFor(s => s.includes('demo finished'), 'the end of the scenario', 20_000);
		let screen = pane.screen();
		expect(screen).toContain('◌');
		expect(screen).toMatch(/\+\d+ older \(a: all\)/);
		pane.keys('Enter');
		screen = await pane.waitFor(s => /status\s+\S/.test(s) && s.includes('duration'), 'the detail pane');
		expect(screen).toMatch(/id\s+\S+/);
		// The temporary folder exists while it runs and is removed on q.
		expect(readdirSync(tmp).filter(n => n.startsWith('agentlog-demo-'))).toHaveLength(1);
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
		expect(readdirSync(tmp).filter(n => n.startsWith('agentlog-demo-'))).toEqual([]);
	});

	it('removes its temporary folder on Ctrl+C too', async () => {
		const env = sandboxEnv();
		const tmp = env.TMPDIR ?? '';
		pane = new TmuxPane(`node ${cli} demo --speed 10`, 80, 24, {HOME: env.HOME ?? '', XDG_STATE_HOME: env.XDG_STATE_HOME ?? '', TMPDIR: tmp});
		await pane.waitFor(s => s.includes('Explore'), 'the first agents');
		pane.keys('C-c');
		await pane.waitFor(s => s.includes('[exit 0]'), 'an exit');
		expect(readdirSync(tmp).filter(n => n.startsWith('agentlog-demo-'))).toEqual([]);
	});
});
