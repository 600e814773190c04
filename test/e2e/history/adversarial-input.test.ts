// Bad input to the history commands, the way a damaged log or a careless argument gives it: lines
// whose values have the right JSON type but a wrong value (a negative count, an `at` that only
// Date.parse's guesswork reads as a time), and a moment to look at that has not happened yet.
// Each case broke before its fix; run through the built CLI as a user would.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const NOW = Date.parse('2026-03-01T12:00:00Z');
const S = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const at = (minutesAgo: number): string => new Date(NOW - minutesAgo * 60_000).toISOString();

/** An activity folder whose one session's log holds these lines (objects are written as JSON, strings as they are). */
function activityWith(lines: Array<Omit<EventLine, 'v' | 'sessionId'> | string>): string {
	const activity = tempDir('activity-');
	const dir = path.join(activity, S);
	mkdirSync(dir, {recursive: true});
	const text = lines.map(l => (typeof l === 'string' ? `${l}\n` : formatEventLine({v: 1, sessionId: S, ...l}))).join('');
	writeFileSync(path.join(dir, 'events.jsonl'), text);
	// An agent file, so that the session is a live one (watch, ls and replay pick it).
	writeFileSync(path.join(dir, 'a1.json'), JSON.stringify({agentId: 'a1', type: 'Explore', status: 'active', startedAt: at(10), updatedAt: at(10)}));
	return activity;
}

function run(args: string[], activity: string) {
	const home = tempDir('home-');
	const env: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: home,
		CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
		AGENTLOG_DIR: activity,
		AGENTLOG_NOW: new Date(NOW).toISOString(),
		TZ: 'UTC',
		NO_COLOR: '1',
	};
	const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8', timeout: 20_000, maxBuffer: 64 * 1024 * 1024});
	expect(r.signal, `agentlog ${args.join(' ')} did not finish`).toBeNull();
	return r;
}

const rawLine = (fields: Record<string, unknown>): string => JSON.stringify({v: 1, sessionId: S, ...fields});

describe('counts in the log that are not counts', () => {
	it('drops a negative, fractional or unsafe totalTokens / totalToolUseCount instead of showing or summing it', () => {
		const activity = activityWith([
			{at: at(10), event: 'SubagentStart', agentId: 'a1', type: 'Explore', state: 'active'},
			{at: at(9), event: 'PostToolUse', agentId: 'a1', data: {status: 'completed', totalTokens: -1200, totalToolUseCount: -5}},
			{at: at(8), event: 'SubagentStart', agentId: 'a2', type: 'Explore', state: 'active'},
			{at: at(7), event: 'PostToolUse', agentId: 'a2', data: {status: 'completed', totalTokens: 1e300, totalToolUseCount: 2.5}},
			{at: at(6), event: 'SubagentStart', agentId: 'a3', type: 'Explore', state: 'active'},
			{at: at(5), event: 'PostToolUse', agentId: 'a3', data: {status: 'completed', totalTokens: 300, totalToolUseCount: 4}},
		]);
		const history = JSON.parse(run(['history', '--json'], activity).stdout) as Array<{agentId: string; tokens: unknown; toolCalls: unknown}>;
		const byId = new Map(history.map(h => [h.agentId, h]));
		expect(byId.get('a1')).toMatchObject({lastRequestTokens: null, toolCalls: null});
		expect(byId.get('a2')).toMatchObject({lastRequestTokens: null, toolCalls: null});
		// totalTokens is the last request's only: shown as that, never as the agent's tokens.
		expect(byId.get('a3')).toMatchObject({tokens: null, lastRequestTokens: 300, toolCalls: 4});
		const stats = JSON.parse(run(['stats', '--json'], activity).stdout) as {byType: Record<string, {tokens: unknown; toolCalls: unknown}>};
		expect(stats.byType.Explore).toMatchObject({tokens: null, toolCalls: 4});
		const text = run(['history'], activity).stdout;
		expect(text).not.toMatch(/-5|-1200|e\+300|1e300|2\.5/);
	});

	it('drops the same from an Imported line', () => {
		const activity = activityWith([
			rawLine({
				at: at(5),
				event: 'Imported',
				agentId: 'a9',
				type: 'Plan',
				state: 'stopped',
				data: {source: 'transcript', startedAt: at(8), stoppedAt: at(5), tokens: -3, toolCalls: 0.5},
			}),
		]);
		const history = JSON.parse(run(['history', '--json'], activity).stdout) as Array<{agentId: string; tokens: unknown; toolCalls: unknown}>;
		expect(history.find(h => h.agentId === 'a9')).toMatchObject({tokens: null, toolCalls: null});
	});
});

describe("a line's time that is not an ISO time", () => {
	it('skips a line whose at only Date.parse guesses at ("1" is 2001, "March 7" some year), naming it, and keeps the rest', () => {
		const activity = activityWith([
			rawLine({at: '1', event: 'SubagentStart', agentId: 'aone', type: 'Plan', state: 'active'}),
			rawLine({at: 'March 7', event: 'SubagentStart', agentId: 'amar', type: 'Plan', state: 'active'}),
			rawLine({at: 'Sun, 01 Mar 2026 11:00:00 GMT', event: 'SubagentStart', agentId: 'arfc', type: 'Plan', state: 'active'}),
			{at: at(10), event: 'SubagentStart', agentId: 'a1', type: 'Explore', state: 'active'},
			rawLine({at: '2026-03-01T11:55:00Z', event: 'SubagentStart', agentId: 'anoms', type: 'Plan', state: 'active'}),
			rawLine({at: '2026-03-01T12:55:00+01:00', event: 'SubagentStart', agentId: 'azone', type: 'Plan', state: 'active'}),
		]);
		const r = run(['history', '--json'], activity);
		const ids = (JSON.parse(r.stdout) as Array<{agentId: string}>).map(h => h.agentId).sort();
		expect(ids).toEqual(['a1', 'anoms', 'azone']);
		expect(r.stderr).toContain('line 1: missing or invalid at');
		expect(r.stderr).toContain('line 3: missing or invalid at');
		const events = JSON.parse(run(['export', '--events'], activity).stdout.split('\n')[0]!) as {at: string};
		expect(events.at).toBe(at(10));
	});
});

describe('a moment that has not happened yet', () => {
	it.each([['ls'], ['watch']])('%s --at a time after now is a usage error (exit 2), not a screen of agents silent for years', command => {
		const activity = activityWith([{at: at(10), event: 'SubagentStart', agentId: 'a1', type: 'Explore', state: 'active'}]);
		const r = run([command, S, '--at', '2099-01-01T00:00:00Z'], activity);
		expect(r.status).toBe(2);
		expect(r.stdout).toBe('');
		expect(r.stderr).toContain('2099-01-01T00:00:00Z');
		expect(r.stderr).toContain('is after now');
	});

	it('--at now and moments in the past still work', () => {
		const activity = activityWith([{at: at(10), event: 'SubagentStart', agentId: 'a1', type: 'Explore', state: 'active'}]);
		for (const when of ['1s', '5m', new Date(NOW).toISOString()]) {
			const r = run(['ls', S, '--at', when, '--json'], activity);
			expect(r.status, r.stderr).toBe(0);
			expect((JSON.parse(r.stdout) as Array<{agentId: string}>).map(a => a.agentId)).toEqual(['a1']);
		}
	});
});

describe('an activity folder that is a file', () => {
	it('prune says so and exits 1, without a stack trace', () => {
		const activity = path.join(tempDir('home-'), 'activity');
		writeFileSync(activity, 'not a folder\n');
		for (const args of [['prune'], ['prune', '--dry-run', '--json']]) {
			const r = run(args, activity);
			expect(r.status).toBe(1);
			expect(r.stdout).toBe('');
			expect(r.stderr).toBe(`agentlog: the activity folder ${activity} cannot be read: ENOTDIR (not a folder)\n`);
		}
	});
});

describe('data nested deeper than any line the hook writes', () => {
	// JSON.parse reads 100,000 nested arrays, but JSON.stringify (and any recursive walk) runs out
	// of stack on them: the --json and export paths crashed with "Maximum call stack size exceeded".
	const deep = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

	it('is dropped from the line (the line itself still counts), so no command crashes', () => {
		const start = at(10);
		const activity = activityWith([
			`{"v":1,"at":"${start}","event":"SubagentStart","sessionId":"${S}","agentId":"a1","type":"Explore","state":"active","data":{"x":${deep(100_000)}}}`,
			`{"v":1,"at":"${at(9)}","event":"PostToolUse","sessionId":"${S}","agentId":"a1","data":{"description":${deep(100_000)},"totalTokens":5}}`,
			{at: at(8), event: 'SubagentStop', agentId: 'a1', type: 'Explore', state: 'stopped', data: {lastMessage: 'done', nested: {a: [{b: 'kept'}]}}},
		]);
		for (const args of [
			['history', '--events', '--json'],
			['history', '--json'],
			['chain', 'a1', '--json'],
			['export', '--events'],
			['export', '--events', '--format', 'csv'],
			['ls', S, '--at', '1m', '--json'],
		]) {
			const r = run(args, activity);
			expect(r.stderr, args.join(' ')).not.toContain('Maximum call stack');
			expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
		}
		const events = JSON.parse(run(['history', '--events', '--json'], activity).stdout) as Array<{event: string; data?: unknown}>;
		expect(events.map(e => e.event)).toEqual(['SubagentStart', 'PostToolUse', 'SubagentStop']);
		expect(events[0]!.data).toBeUndefined();
		expect(events[1]!.data).toBeUndefined();
		expect(events[2]!.data).toEqual({lastMessage: 'done', nested: {a: [{b: 'kept'}]}});
		const history = JSON.parse(run(['history', '--json'], activity).stdout) as Array<{agentId: string; status: string; startedAt: string}>;
		expect(history).toMatchObject([{agentId: 'a1', status: 'completed', startedAt: start}]);
	});
});

describe('an agent file with a field nested deeper than any record', () => {
	it('ls --json drops that field (other tools may add their own) instead of crashing', () => {
		const activity = activityWith([{at: at(10), event: 'SubagentStart', agentId: 'a1', type: 'Explore', state: 'active'}]);
		const depth = 100_000;
		writeFileSync(
			path.join(activity, S, 'a1.json'),
			`{"agentId":"a1","type":"Explore","status":"active","startedAt":"${at(10)}","updatedAt":"${at(10)}","theirs":{"ok":[1]},"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`,
		);
		const r = run(['ls', '--json'], activity);
		expect(r.stderr).not.toContain('Maximum call stack');
		expect(r.status).toBe(0);
		const [agent] = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
		expect(agent).toMatchObject({agentId: 'a1', theirs: {ok: [1]}});
		expect(agent).not.toHaveProperty('deep');
	});
});

describe('a settings file nested deeper than any settings file', () => {
	it('install-hook and uninstall-hook refuse it (exit 1, naming the file) and leave it as it was', () => {
		const home = tempDir('home-');
		const settings = path.join(home, 'settings.json');
		const depth = 100_000;
		const text = `{"hooks":{},"theirs":${'['.repeat(depth)}${']'.repeat(depth)}}\n`;
		writeFileSync(settings, text);
		for (const command of ['install-hook', 'uninstall-hook']) {
			const r = run([command, '--settings', settings], tempDir('activity-'));
			expect(r.stderr).not.toContain('Maximum call stack');
			expect(r.status, r.stderr).toBe(1);
			expect(r.stderr).toContain(settings);
			expect(r.stderr).toContain('nests deeper than 64 levels');
			expect(readFileSync(settings, 'utf8')).toBe(text);
		}
	});
});

describe('export -o that names no file', () => {
	it('a folder is refused before any work, with or without --force; an empty name is a usage error', () => {
		const activity = activityWith([{at: at(10), event: 'SubagentStart', agentId: 'a1', type: 'Explore', state: 'active'}]);
		const folder = tempDir('out-');
		for (const args of [
			['-o', folder],
			['-o', folder, '--force'],
			['-o', `${folder}/`, '--force'],
		]) {
			const r = run(['export', ...args], activity);
			expect(r.status).toBe(1);
			expect(r.stderr).toBe(`agentlog: ${folder} is a folder; -o takes a file name\n`);
		}
		const empty = run(['export', '-o', '', '--force'], activity);
		expect(empty.status).toBe(2);
		expect(empty.stderr).toContain('needs a file name');
	});
});

describe('a chain of spawns thousands deep', () => {
	it('chain prints it with the indent capped (it ran out of string length: 20,000 levels indented by two each)', () => {
		const n = 20_000;
		const activity = activityWith(
			Array.from({length: n}, (_, i) => ({
				at: at(10),
				event: 'SubagentStart',
				agentId: `a${i}`,
				type: 'Explore',
				state: 'active' as const,
				...(i === 0 ? {} : {data: {parentAgentId: `a${i - 1}`}}),
			})),
		);
		const r = run(['chain', 'a0'], activity);
		expect(r.stderr).toBe('');
		expect(r.status).toBe(0);
		const lines = r.stdout.trimEnd().split('\n');
		expect(lines.filter(l => / · a\d+$/.test(l))).toHaveLength(n);
		const longest = Math.max(...lines.map(l => l.length));
		expect(longest).toBeLessThan(300);
		expect(lines.find(l => l.endsWith(' · a19999'))).toMatch(/^ {80}\[20000\] Explore · /);
		expect(lines.find(l => l.endsWith(' · a3'))).toMatch(/^ {8}Explore · /);
	}, 60_000);
});
