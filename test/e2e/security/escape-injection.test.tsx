// Escape injection: text a subagent wrote (its last message, type, transcript, task description)
// and names found on disk (session folders, team folders, extension fields) carry every hostile
// sequence of test/helpers/hostile.ts through every sink: the live monitor (cards and detail
// pane), the piped snapshot of `watch`, `ls`, `ls --json`, `sessions`, `sessions --json`. No
// ESC, C1, bidi or zero-width character from content may come out; the JSON stays exact.
import {spawnSync} from 'node:child_process';
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {ActivityWatcher} from '../../../src/store/live/activity-watcher.js';
import {TranscriptFollower} from '../../../src/store/transcripts/follower.js';
import {App} from '../../../src/tui/App.js';
import {KEY, tick} from '../../helpers/fake-source.js';
import {ALL_HOSTILE, HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {tempDir} from '../../helpers/tmp.js';
import {jsonl, textLine, toolResultLine, toolUseLine} from '../../helpers/transcript-lines.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
/** A session folder whose name sets the terminal's title and reverses the text after it. */
const HOSTILE_SESSION = `evil${HOSTILE.title}${HOSTILE.csiC1}${HOSTILE.bidi}`;
const HOSTILE_TEAM = `team${HOSTILE.clipboard}`;
const H = ALL_HOSTILE;
/** Also the bidi marks and invisible characters RAW_CONTROL leaves out. */
const INVISIBLE = /[\u061C\u200E\u200F\u2060-\u2064\u180E]/u;

const iso = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

interface Fixture {
	readonly home: string;
	readonly claude: string;
	readonly activity: string;
	/** The agent files as written, by file name. */
	readonly records: Record<string, Record<string, unknown>>;
}

function fixture(): Fixture {
	const home = tempDir('home-');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	const subagents = path.join(claude, 'projects', '-home-dev-acme', SESSION, 'subagents');
	mkdirSync(subagents, {recursive: true});
	const transcript = path.join(subagents, 'agent-a1.jsonl');
	writeFileSync(
		transcript,
		jsonl([
			textLine(`Reading the page.\n${H}`, {agentId: 'a1', model: H}),
			toolUseLine('toolu_1', 'Edit', {file_path: `/home/dev/acme/${H}`, old_string: H, new_string: H}, {agentId: 'a1', model: H}),
			toolResultLine('toolu_1', H, {agentId: 'a1'}),
			toolUseLine('toolu_2', 'Bash', {command: `echo ${H}`}, {agentId: 'a1', model: H}),
		]),
	);
	writeFileSync(path.join(subagents, 'agent-a1.meta.json'), JSON.stringify({agentType: 'Explore', description: `Sum${HOSTILE.title}`}));
	const records: Record<string, Record<string, unknown>> = {
		'a1.json': {
			agentId: 'a1',
			type: `Explore ${H}`,
			status: 'active',
			startedAt: iso(30),
			updatedAt: iso(5),
			lastMessage: `# Report ${H}\n\n${H}\n\n- item ${H}\n\n[link](https://evil.example/${HOSTILE.zeroWidth})`,
			cwd: `/home/dev/acme${H}`,
			teammateName: `mate ${H}`,
			transcriptPath: transcript,
			note: H,
			[`key${HOSTILE.title}`]: H,
		},
		'b2.json': {
			agentId: `b2${HOSTILE.csiC1}${HOSTILE.bidi}`,
			type: 'Plan',
			status: 'stopped',
			startedAt: iso(120),
			updatedAt: iso(60),
			stoppedAt: iso(60),
			lastMessage: H,
			sessionId: H,
		},
	};
	for (const session of [SESSION, HOSTILE_SESSION]) {
		mkdirSync(path.join(activity, session), {recursive: true});
		for (const [name, record] of Object.entries(records)) {
			writeFileSync(path.join(activity, session, name), JSON.stringify(record));
		}
	}
	// The hostile folder is the newest: watch and ls without a session show it.
	const old = new Date(Date.now() - 3_600_000);
	utimesSync(path.join(activity, SESSION), old, old);
	mkdirSync(path.join(claude, 'teams', HOSTILE_TEAM), {recursive: true});
	writeFileSync(path.join(claude, 'teams', HOSTILE_TEAM, 'config.json'), JSON.stringify({name: H, leadSessionId: SESSION}));
	return {home, claude, activity, records};
}

function run(f: Fixture, args: string[]) {
	const env: NodeJS.ProcessEnv = {...process.env, HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, NO_COLOR: '1', COLUMNS: '160'};
	delete env.FORCE_COLOR;
	const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8', timeout: 20_000});
	expect(r.status, r.stderr).toBe(0);
	return r;
}

/** Nothing from content may reach the terminal as a control: with colour off, no ESC at all. */
function expectInert(text: string): void {
	expect(text).not.toMatch(RAW_CONTROL);
	expect(text).not.toMatch(INVISIBLE);
}

describe('hostile text in the reading commands', () => {
	it('ls shows the hostile fields as visible text, with no control from them', () => {
		const f = fixture();
		for (const session of [[], [SESSION], ['--all', SESSION.slice(0, 8)]]) {
			const r = run(f, ['ls', ...session]);
			expectInert(r.stdout);
			expectInert(r.stderr);
			expect(r.stdout).toContain('␛]0;pwned␇');
		}
		expect(run(f, ['ls']).stdout).toContain('session evil␛]0;pwned␇\\x9b31mredabcdcba');
	});

	it('ls --json prints the records exactly as on disk, with C1 and bidi characters escaped', () => {
		const f = fixture();
		for (const session of [SESSION, HOSTILE_SESSION]) {
			const r = run(f, ['ls', '--json', session]);
			expectInert(r.stdout);
			const records = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
			expect(records).toHaveLength(2);
			for (const written of Object.values(f.records)) {
				const printed = records.find(rec => rec.agentId === written.agentId);
				expect(printed).toMatchObject(written);
			}
		}
	});

	it('sessions shows a hostile folder name as visible text; --json gives it exactly', () => {
		const f = fixture();
		const table = run(f, ['sessions']);
		expectInert(table.stdout);
		expect(table.stdout).toContain('evil␛]0;pwned␇');
		const json = run(f, ['sessions', '--json']);
		expectInert(json.stdout);
		expect((JSON.parse(json.stdout) as Array<{id: string}>).map(s => s.id).sort()).toEqual([SESSION, HOSTILE_SESSION].sort());
	});

	it('an unknown session argument lists the sessions, a hostile folder name as visible text', () => {
		const f = fixture();
		const env: NodeJS.ProcessEnv = {...process.env, HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, NO_COLOR: '1'};
		delete env.FORCE_COLOR;
		for (const args of [
			['ls', 'nope'],
			['watch', 'nope'],
		]) {
			const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8', timeout: 20_000});
			expect(r.status).toBe(1);
			expectInert(r.stderr);
			expect(r.stderr).toContain('evil␛]0;pwned␇');
		}
	});

	it('the piped snapshot of watch shows cards, task and activity with no control from them', () => {
		const f = fixture();
		for (const args of [['watch'], ['watch', SESSION]]) {
			const r = run(f, args);
			expectInert(r.stdout);
			expectInert(r.stderr);
			expect(r.stdout).toContain('␛]0;pwned␇');
			expect(r.stdout).toContain('Bash echo');
		}
		expect(run(f, ['watch']).stdout).toContain('session evil␛]0;');
	});
});

describe('hostile text in the live monitor', () => {
	const closers: Array<() => Promise<void>> = [];
	afterEach(async () => {
		cleanup();
		await Promise.all(closers.map(close => close()));
		closers.length = 0;
	});

	async function monitor(f: Fixture, session: string | undefined) {
		const source = new ActivityWatcher({activity: f.activity, ...(session === undefined ? {} : {session})});
		const follower = new TranscriptFollower({claudeDir: f.claude});
		closers.push(
			() => source.close(),
			() => follower.close(),
		);
		await source.start();
		return render(<App source={source} transcripts={follower} staleMs={5 * 60_000} max={8} dedup keyboard size={{columns: 140, rows: 60}} />);
	}

	it('cards and the detail pane show the hostile text as visible text, never as controls', async () => {
		const f = fixture();
		const app = await monitor(f, SESSION);
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Bash echo'), {timeout: 5000});
		expect(app.lastFrame()).toContain('␛]0;pwned␇');
		app.stdin.write(KEY.enter);
		await tick();
		await vi.waitFor(() => expect(app.lastFrame()).toContain('tool calls (2)'), {timeout: 5000});
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Report'), {timeout: 5000});
		const detail = app.lastFrame() ?? '';
		expect(detail).toMatch(/task\s+Sum␛\]0;pwned␇/);
		expect(detail).toMatch(/model\s+␛\]0;pwned␇/);
		for (const frame of app.frames) {
			expectInert(frame);
		}
	});

	it('a hostile session folder name in the header is visible text', async () => {
		const f = fixture();
		const app = await monitor(f, undefined);
		await vi.waitFor(() => expect(app.lastFrame()).toContain('Bash echo'), {timeout: 5000});
		expect(app.lastFrame()).toContain('session evil␛]0;');
		for (const frame of app.frames) {
			expectInert(frame);
		}
	});
});
