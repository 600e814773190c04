// One scripted session, then `ls --json` and the piped `watch` snapshot (the built CLI) must agree
// on every agent's status, description and summary: they share one monitor model.
import {spawnSync} from 'node:child_process';
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../../helpers/tmp.js';
import {agentCallLine, agentResultLine, jsonl, promptLine, textLine, toolResultLine, toolUseLine} from '../../helpers/transcript-lines.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '4d5611e5-241a-462a-8d15-5122611a9569';
const GLYPH: Record<string, string> = {active: '●', idle: '◐', stopped: '○', stale: '◌'};

interface Spec {
	readonly id: string;
	readonly type: string;
	readonly description: string;
	/** Seconds before now. */
	readonly start: number;
	readonly stop?: number;
	readonly lastMessage?: string;
	/** The subagent's transcript lines (its own, sidechain). */
	readonly lines: readonly string[];
	/** The transcript was written just now (a long run still writing). */
	readonly writing?: boolean;
}

function scripted(): {claude: string; activity: string; home: string} {
	const home = tempDir('agree-');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	const project = path.join(claude, 'projects', '-home-user-projects-shop');
	const subagents = path.join(project, SESSION, 'subagents');
	mkdirSync(subagents, {recursive: true});
	mkdirSync(path.join(activity, SESSION), {recursive: true});
	const now = Date.now();
	const iso = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
	const own = (id: string) => ({agentId: id, timestamp: iso(1)});
	const specs: Spec[] = [
		// A stop that never came; its transcript ended its turn with a report that opens with a preamble.
		{
			id: 'a0000000000000001',
			type: 'Explore',
			description: 'Map the API routes',
			start: 1200,
			lines: [
				promptLine('Map the API routes of the shop.', own('a0000000000000001')),
				toolUseLine('toolu_g1', 'Grep', {pattern: 'router'}, own('a0000000000000001')),
				toolResultLine('toolu_g1', 'src/routes/index.ts', own('a0000000000000001')),
				textLine('Perfect! Now I have all the information I need. Let me compile a report:\n\n## Summary of findings\n\n- **4** routes', {
					...own('a0000000000000001'),
					stopReason: 'end_turn',
				}),
			],
		},
		// Sequential agents of one type, each started seconds after the previous stopped, with transcripts.
		...[0, 1, 2].map(i => ({
			id: `b000000000000000${i}`,
			type: 'general-purpose',
			description: `Review module ${i}`,
			start: 900 - i * 62,
			stop: 900 - i * 62 - 60,
			lastMessage: `Module ${i} is clean.`,
			lines: [
				promptLine(`Review module ${i}.`, own(`b000000000000000${i}`)),
				textLine(`Module ${i} is clean.`, {...own(`b000000000000000${i}`), stopReason: 'end_turn'}),
			],
		})),
		// A long run, silent in its record for 20 minutes, still writing its transcript.
		{
			id: 'c0000000000000001',
			type: 'Plan',
			description: 'Plan the migration',
			start: 1200,
			writing: true,
			lines: [
				promptLine('Plan the migration.', own('c0000000000000001')),
				toolUseLine('toolu_r1', 'Read', {file_path: '/home/user/projects/shop/db.ts'}, own('c0000000000000001')),
			],
		},
	];
	const main: string[] = [];
	for (const [n, spec] of specs.entries()) {
		const transcript = path.join(subagents, `agent-${spec.id}.jsonl`);
		writeFileSync(transcript, jsonl(spec.lines));
		if (!spec.writing) {
			const t = (now - (spec.stop ?? spec.start - 60) * 1000) / 1000;
			utimesSync(transcript, t, t);
		}
		// The call's prompt is the subagent's first user message (how a call is tied to its agent before its result).
		const prompt = spec.lines[0] === undefined ? '' : String((JSON.parse(spec.lines[0]) as {message: {content: unknown}}).message.content);
		main.push(agentCallLine(`toolu_call${n}`, {description: spec.description, subagent_type: spec.type, prompt}));
		// Newer versions tie an agent to its call before any result: `.meta.json` names the call.
		writeFileSync(path.join(subagents, `agent-${spec.id}.meta.json`), JSON.stringify({agentType: spec.type, toolUseId: `toolu_call${n}`}));
		if (spec.stop !== undefined) {
			main.push(agentResultLine(`toolu_call${n}`, spec.id, 'completed'));
		}
		writeFileSync(
			path.join(activity, SESSION, `${spec.id}.json`),
			JSON.stringify({
				agentId: spec.id,
				type: spec.type,
				status: spec.stop === undefined ? 'active' : 'stopped',
				startedAt: iso(spec.start),
				updatedAt: iso(spec.stop ?? spec.start),
				...(spec.stop === undefined ? {} : {stoppedAt: iso(spec.stop)}),
				...(spec.lastMessage === undefined ? {} : {lastMessage: spec.lastMessage}),
				sessionId: SESSION,
				cwd: '/home/user/projects/shop',
				transcriptPath: transcript,
			}),
		);
	}
	writeFileSync(path.join(project, `${SESSION}.jsonl`), jsonl(main));
	return {claude, activity, home};
}

function run(f: {claude: string; activity: string; home: string}, args: string[]) {
	const r = spawnSync(process.execPath, [cli, ...args], {
		env: {...process.env, HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, NO_COLOR: '1', COLUMNS: '200'},
		encoding: 'utf8',
		timeout: 20_000,
	});
	expect(r.status, r.stderr).toBe(0);
	return r.stdout;
}

interface Row {
	readonly agentId: string;
	readonly displayStatus: string;
	readonly stale: boolean;
	readonly ghost: boolean;
	readonly inferredStop: boolean;
	readonly description: string | null;
	readonly summary: string | null;
	readonly activity: string | null;
}

describe('ls --json and the watch snapshot agree', () => {
	it('on every agent: status, description and summary', () => {
		const f = scripted();
		const rows = JSON.parse(run(f, ['ls', '--json', SESSION])) as Row[];
		const snapshot = run(f, ['watch', SESSION, '--max', '20']);
		// Every agent shows: the sequential ones did work of their own, so none is a ghost.
		expect(rows).toHaveLength(5);
		expect(rows.every(r => !r.ghost)).toBe(true);
		const byId = new Map(rows.map(r => [r.agentId, r]));
		expect(byId.get('a0000000000000001')).toMatchObject({
			displayStatus: 'stopped',
			stale: false,
			inferredStop: true,
			summary: 'Summary of findings',
			description: 'Map the API routes',
		});
		expect(byId.get('c0000000000000001')).toMatchObject({displayStatus: 'active', stale: false, description: 'Plan the migration'});
		const lines = snapshot.split('\n');
		for (const row of rows) {
			expect(row.description).not.toBeNull();
			const line = lines.find(l => l.includes(row.description ?? '\u0000'));
			expect(line, `${row.agentId} in\n${snapshot}`).toBeDefined();
			const glyph = GLYPH[row.stale ? 'stale' : row.displayStatus];
			expect(line).toContain(`${glyph} `);
			expect(line).toContain(row.displayStatus === 'active' ? (row.activity ?? '') : (row.summary ?? '\u0000'));
			if (row.inferredStop) {
				expect(line).toContain('stopped (inferred)');
			}
		}
		expect(snapshot).not.toContain('ghost');
		expect(snapshot).not.toContain('stale');
	});
});
