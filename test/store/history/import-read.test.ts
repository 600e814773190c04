// `agentlog import` reading one transcript: whole, in chunks of any size, with its first time and
// working folder; its `.meta.json`; who launched a nested agent, from the session's transcripts.
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readMeta, readTranscript, SessionLaunches} from '../../../src/store/history/import-read.js';
import {isoAt, promptLine, textLine, toolResultLine, toolUseLine} from '../../helpers/transcript-lines.js';
import {tempDir} from '../../helpers/tmp.js';

function file(lines: readonly string[], tail = '\n'): string {
	const f = path.join(tempDir('import-'), 'agent-a1.jsonl');
	writeFileSync(f, `${lines.join('\n')}${tail}`);
	return f;
}

const LINES = [
	'{"type":"summary","leafUuid":"x"}',
	promptLine('Find the routes', {seconds: 0, cwd: '/work/shop'}),
	toolUseLine('toolu_1', 'Grep', {pattern: 'router'}, {seconds: 2}),
	toolResultLine('toolu_1', 'src/app.ts', {seconds: 3}),
	textLine('Found them.', {seconds: 5}),
];

describe('readTranscript', () => {
	it('folds every line, gives the first time', () => {
		const r = readTranscript(file(LINES));
		expect(r?.summary.lines).toBe(5);
		expect(r?.summary.toolCounts).toEqual({Grep: 1});
		expect(r?.firstAt).toBe(isoAt(0));
	});

	it('the same summary whatever the chunk size', () => {
		const f = file(LINES);
		const whole = readTranscript(f);
		const chunks: number[] = [];
		const small = readTranscript(f, 97, n => chunks.push(n));
		expect(small?.summary).toEqual(whole?.summary);
		expect(small?.firstAt).toBe(whole?.firstAt);
		expect(chunks.length).toBeGreaterThan(3);
	});

	it('leaves out a last line still being written', () => {
		const r = readTranscript(file(LINES, `\n${textLine('half', {seconds: 9}).slice(0, 40)}`));
		expect(r?.summary.lines).toBe(5);
	});

	it('takes the working folder of the first line that names one', () => {
		expect(readTranscript(file([promptLine('x', {cwd: '/a "quoted" dir'})]))?.cwd).toBe('/a "quoted" dir');
		expect(readTranscript(file(['{"type":"summary"}']))?.cwd).toBeUndefined();
		// A main transcript starts with a summary or a snapshot line, which names none.
		expect(readTranscript(file(['{"type":"summary"}', promptLine('x', {cwd: '/work/shop'}), promptLine('y', {cwd: '/elsewhere'})]))?.cwd).toBe('/work/shop');
	});

	it('not a regular file, or missing: undefined', () => {
		const dir = tempDir('import-');
		const real = file(LINES);
		symlinkSync(real, path.join(dir, 'link.jsonl'));
		expect(readTranscript(path.join(dir, 'link.jsonl'))).toBeUndefined();
		expect(readTranscript(dir)).toBeUndefined();
		expect(readTranscript(path.join(dir, 'none.jsonl'))).toBeUndefined();
	});

	it('an empty file is a summary of no lines', () => {
		const r = readTranscript(file([], ''));
		expect(r?.summary.lines).toBe(0);
		expect(r?.firstAt).toBeUndefined();
	});
});

describe('readMeta', () => {
	it('reads the `.meta.json` beside a transcript; broken or missing is none', () => {
		const f = file(LINES);
		expect(readMeta(f)).toBeUndefined();
		writeFileSync(f.replace('.jsonl', '.meta.json'), JSON.stringify({agentType: 'Explore', description: 'Find routes'}));
		expect(readMeta(f)).toMatchObject({agentType: 'Explore', description: 'Find routes'});
		writeFileSync(f.replace('.jsonl', '.meta.json'), '{broken');
		expect(readMeta(f)).toBeUndefined();
	});
});

describe('SessionLaunches', () => {
	const launchLines = (child: string) => [
		toolUseLine('toolu_launch', 'Agent', {description: 'Nested look', prompt: 'p', subagent_type: 'Explore'}, {seconds: 1}),
		toolResultLine('toolu_launch', `agentId: ${child}`, {seconds: 9, extra: {toolUseResult: {agentId: child, status: 'completed'}}}),
	];

	it('finds a nested agent’s parent among the transcripts fed, never itself', () => {
		const launches = new SessionLaunches(tempDir('subagents-'));
		launches.feed('parent1', new TextEncoder().encode(`${launchLines('child1').join('\n')}\n`));
		expect(launches.lookup('child1', undefined)).toMatchObject({parentAgentId: 'parent1', toolUseId: 'toolu_launch'});
		expect(launches.lookup('parent1', undefined)).toBeUndefined();
	});

	it('scans the session’s other transcripts once when a parent is not yet found', () => {
		const subagents = tempDir('subagents-');
		writeFileSync(path.join(subagents, 'agent-p2.jsonl'), `${launchLines('c2').join('\n')}\n`);
		writeFileSync(path.join(subagents, 'agent-bad id.jsonl'), `${launchLines('c3').join('\n')}\n`);
		mkdirSync(path.join(subagents, 'agent-dir.jsonl'));
		const launches = new SessionLaunches(subagents);
		expect(launches.lookup('c2', undefined)).toMatchObject({parentAgentId: 'p2'});
		expect(launches.lookup('c3', undefined)).toBeUndefined();
		// Written after the one scan: not looked at again.
		writeFileSync(path.join(subagents, 'agent-p4.jsonl'), `${launchLines('c4').join('\n')}\n`);
		expect(launches.lookup('c4', undefined)).toBeUndefined();
	});

	it('a call named by `.meta.json` finds its parent when no result names the child', () => {
		const launches = new SessionLaunches(path.join(tempDir('subagents-'), 'none'));
		launches.feed('p5', new TextEncoder().encode(`${launchLines('other').slice(0, 1).join('\n')}\n`));
		expect(launches.lookup('c5', 'toolu_launch')).toEqual({parentAgentId: 'p5', toolUseId: 'toolu_launch', description: undefined, subagentType: undefined});
		expect(launches.lookup('c5', 'toolu_other')).toBeUndefined();
	});
});
