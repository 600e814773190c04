// `agentlog sessions --json` gives the counts `ls --json` gives for the same session at the same
// moment (transcripts: inferred stops, transcript liveness, work that keeps an agent from being a
// ghost), and the same output with its cache as without.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {SessionsJsonEntry} from '../../../src/present/json-shapes.js';
import {tempDir} from '../../helpers/tmp.js';
import {agentCallLine, agentResultLine, jsonl, promptLine, textLine, toolResultLine, toolUseLine} from '../../helpers/transcript-lines.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '5e6711e5-241a-462a-8d15-5122611a9569';
const OTHER = '6f7811e5-241a-462a-8d15-5122611a9569';
const NOW = Date.parse('2026-03-01T12:00:00Z');
const iso = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();
const setMtime = (file: string, secondsAgo: number) => utimesSync(file, (NOW - secondsAgo * 1000) / 1000, (NOW - secondsAgo * 1000) / 1000);

interface Spec {
	readonly id: string;
	readonly type: string;
	/** Seconds before NOW. */
	readonly start: number;
	readonly stop?: number;
	readonly lines: readonly string[];
	/** Seconds before NOW of the transcript's last write. */
	readonly written: number;
}

function fixture() {
	const home = tempDir('sessions-');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	const project = path.join(claude, 'projects', '-home-user-shop');
	const own = (id: string) => ({agentId: id, timestamp: iso(1000)});
	const specs: Spec[] = [
		// An active record whose transcript ended its turn (the stop never came): stopped, not stale.
		{
			id: 'a0000000000000001',
			type: 'Explore',
			start: 1200,
			written: 1100,
			lines: [
				promptLine('Map the routes.', own('a0000000000000001')),
				toolUseLine('toolu_g1', 'Grep', {pattern: 'router'}, own('a0000000000000001')),
				toolResultLine('toolu_g1', 'src/routes.ts', own('a0000000000000001')),
				textLine('## Routes\n\n- 4 routes', {...own('a0000000000000001'), stopReason: 'end_turn'}),
			],
		},
		// An old record whose transcript is being written right now: active, not stale.
		{
			id: 'c0000000000000001',
			type: 'Plan',
			start: 1200,
			written: 1,
			lines: [
				promptLine('Plan the migration.', own('c0000000000000001')),
				toolUseLine('toolu_r1', 'Read', {file_path: '/home/user/shop/db.ts'}, own('c0000000000000001')),
			],
		},
		// Sequential agents of one type, each seconds after the previous stopped, with work of their own: none is a ghost.
		...[0, 1, 2].map(i => ({
			id: `b000000000000000${i}`,
			type: 'general-purpose',
			start: 900 - i * 62,
			stop: 900 - i * 62 - 60,
			written: 900 - i * 62 - 60,
			lines: [
				promptLine(`Review module ${i}.`, own(`b000000000000000${i}`)),
				textLine(`Module ${i} is clean.`, {...own(`b000000000000000${i}`), stopReason: 'end_turn'}),
			],
		})),
		// A real ghost: no transcript of its own, 2 s after the last general-purpose agent stopped.
		{id: 'g0000000000000001', type: 'general-purpose', start: 774 - 60 - 2, stop: 700, written: 700, lines: []},
	];
	for (const [session, list] of [
		[SESSION, specs],
		[OTHER, specs.slice(0, 2)],
	] as const) {
		const subagents = path.join(project, session, 'subagents');
		mkdirSync(subagents, {recursive: true});
		mkdirSync(path.join(activity, session), {recursive: true});
		const main: string[] = [];
		for (const [n, spec] of list.entries()) {
			const transcript = path.join(subagents, `agent-${spec.id}.jsonl`);
			if (spec.lines.length > 0) {
				writeFileSync(transcript, jsonl(spec.lines));
				setMtime(transcript, spec.written);
				main.push(agentCallLine(`toolu_call${n}`, {description: `Task ${n}`, subagent_type: spec.type, prompt: 'x'}));
				if (spec.stop !== undefined) {
					main.push(agentResultLine(`toolu_call${n}`, spec.id, 'completed'));
				}
			}
			const file = path.join(activity, session, `${spec.id}.json`);
			writeFileSync(
				file,
				JSON.stringify({
					agentId: spec.id,
					type: spec.type,
					status: spec.stop === undefined ? 'active' : 'stopped',
					startedAt: iso(spec.start),
					updatedAt: iso(spec.stop ?? spec.start),
					...(spec.stop === undefined ? {} : {stoppedAt: iso(spec.stop)}),
					sessionId: session,
					cwd: '/home/user/shop',
					...(spec.lines.length > 0 ? {transcriptPath: transcript} : {}),
				}),
			);
			setMtime(file, 600);
		}
		writeFileSync(path.join(project, `${session}.jsonl`), jsonl(main));
		setMtime(path.join(activity, session), session === SESSION ? 600 : 700);
	}
	return {home, claude, activity, state: path.join(home, 'state')};
}

function spawn(f: ReturnType<typeof fixture>, args: string[]) {
	return spawnSync(process.execPath, [cli, ...args], {
		env: {...process.env, HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, XDG_STATE_HOME: f.state, AGENTLOG_NOW: iso(0)},
		encoding: 'utf8',
		timeout: 20_000,
	});
}

function run(f: ReturnType<typeof fixture>, args: string[]): string {
	const r = spawn(f, args);
	expect(r.status, r.stderr).toBe(0);
	return r.stdout;
}

interface LsRow {
	readonly displayStatus: 'active' | 'idle' | 'stopped';
	readonly stale: boolean;
	readonly ghost: boolean;
}

/** The counts `ls --json --all` implies: display statuses of the agents that are not ghosts. */
function countsFromLs(rows: readonly LsRow[]) {
	const counts = {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0};
	for (const row of rows.filter(r => !r.ghost)) {
		counts[row.displayStatus] += 1;
		counts.stale += row.stale ? 1 : 0;
	}
	return counts;
}

describe('agentlog sessions --json', () => {
	it('counts each session as ls --json shows it: inferred stops, transcript liveness, sequential agents with work', () => {
		const f = fixture();
		const sessions = JSON.parse(run(f, ['sessions', '--json'])) as SessionsJsonEntry[];
		for (const id of [SESSION, OTHER]) {
			const rows = JSON.parse(run(f, ['ls', id, '--json', '--all'])) as LsRow[];
			expect(sessions.find(s => s.id === id)?.counts, id).toEqual(countsFromLs(rows));
		}
		// What that is: the ended turn stopped (not stale), the written one active, three real sequential agents, one ghost left out.
		expect(sessions.find(s => s.id === SESSION)?.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 4, stale: 0});
		expect(sessions.find(s => s.id === OTHER)?.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 0});
		// --no-dedup: the ghost counts too, in ls and in sessions.
		const undeduped = JSON.parse(run(f, ['sessions', '--json', '--no-dedup'])) as SessionsJsonEntry[];
		expect(undeduped.find(s => s.id === SESSION)?.counts).toEqual(countsFromLs(JSON.parse(run(f, ['ls', SESSION, '--json', '--no-dedup'])) as LsRow[]));
	});

	it('with --cost, gives each session the sum of its agents ls costs; a model without a price is null, never 0', () => {
		const f = fixture();
		// A third session: one agent, its one response from a model no price table knows.
		const third = '7a8911e5-241a-462a-8d15-5122611a9569';
		const subagents = path.join(f.claude, 'projects', '-home-user-shop', third, 'subagents');
		mkdirSync(subagents, {recursive: true});
		mkdirSync(path.join(f.activity, third), {recursive: true});
		const transcript = path.join(subagents, 'agent-d0000000000000001.jsonl');
		writeFileSync(
			transcript,
			jsonl([
				promptLine('Look.', {agentId: 'd0000000000000001', timestamp: iso(500)}),
				textLine('Done.', {agentId: 'd0000000000000001', timestamp: iso(499), model: 'mystery-model-1', stopReason: 'end_turn'}),
			]),
		);
		writeFileSync(
			path.join(f.activity, third, 'd0000000000000001.json'),
			JSON.stringify({
				agentId: 'd0000000000000001',
				type: 'Explore',
				status: 'stopped',
				startedAt: iso(500),
				updatedAt: iso(499),
				stoppedAt: iso(499),
				transcriptPath: transcript,
			}),
		);
		const sessions = JSON.parse(run(f, ['sessions', '--json', '--cost'])) as SessionsJsonEntry[];
		for (const id of [SESSION, OTHER]) {
			const costs = (JSON.parse(run(f, ['ls', id, '--json'])) as Array<{cost: {usd: number | null} | null}>).flatMap(r =>
				r.cost?.usd == null ? [] : [r.cost.usd],
			);
			expect(costs.length, id).toBeGreaterThan(0);
			expect(sessions.find(s => s.id === id)?.cost, id).toMatchObject({usd: Math.round(costs.reduce((a, b) => a + b, 0) * 1e6) / 1e6, estimated: true});
		}
		expect(sessions.find(s => s.id === third)?.cost).toMatchObject({usd: null, estimated: true, unpricedResponses: 1});
		const table = run(f, ['sessions', '--cost']).split('\n');
		expect(table[0]).toMatch(/STOPPED\s+COST\s+LAST ACTIVITY/u);
		expect(table.find(line => line.startsWith(third))).toMatch(/ \? /u);
		expect(run(f, ['sessions'])).not.toContain('COST');
		const remote = spawn(f, ['sessions', '--cost', '--host', 'example']);
		expect(remote.status).toBe(2);
		expect(remote.stderr).toContain('--cost and --host cannot go together');
	});

	it('gives the same counts when it suggests sessions for an unknown argument', () => {
		const f = fixture();
		const r = spawn(f, ['ls', 'nope']);
		expect(r.status).toBe(1);
		// As sessions --json counts SESSION (above): the transcripts' rules applied, not the records' statuses.
		expect(r.stderr).toContain(`${SESSION}  (1 active, 0 idle, 4 stopped)`);
	});

	it('prints the same with its cache as without, and keeps the cache under $XDG_STATE_HOME', () => {
		const f = fixture();
		const cache = path.join(f.state, 'agentlog', 'sessions-cache.json');
		expect(existsSync(cache)).toBe(false);
		const first = run(f, ['sessions', '--json']);
		expect(existsSync(cache)).toBe(true);
		expect(run(f, ['sessions', '--json'])).toBe(first);
		expect(run(f, ['sessions'])).toContain(SESSION);
		// A corrupt cache is as no cache.
		writeFileSync(cache, '{"v": 2, "s": ');
		expect(run(f, ['sessions', '--json'])).toBe(first);
	});
});
