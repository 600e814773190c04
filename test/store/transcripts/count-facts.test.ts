// The session counts' transcript facts read incrementally (count-facts.ts) are those of a whole read
// (readAgentActivities), run after run while transcripts grow, are cut, replaced or rewritten.
import {appendFileSync, closeSync, mkdirSync, openSync, renameSync, statSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {TranscriptFacts} from '../../../src/core/monitor/inferred-stop.js';
import {readCountFacts} from '../../../src/store/transcripts/count-facts.js';
import {readAgentActivities} from '../../../src/store/transcripts/read-once.js';
import type {FollowTarget} from '../../../src/store/transcripts/reader.js';
import {agentResultLine, promptLine, textLine, toolResultLine, toolUseLine, toolUseBlock, assistantLine} from '../../helpers/transcript-lines.js';
import {tempDir} from '../../helpers/tmp.js';

/** What the counts read of a transcript's facts. */
const counted = (f: TranscriptFacts | undefined) => ({
	lastAt: f?.summary.lastAt,
	hasWork: f?.hasWork,
	endedTurn: f?.endedTurn,
	taskStatus: f?.taskResult?.status,
	mtimeMs: f?.mtimeMs,
});

function setup() {
	const claude = tempDir('cf-');
	const project = path.join(claude, 'projects', '-p');
	const session = '4d5611e5-241a-462a-8d15-5122611a9569';
	mkdirSync(path.join(project, session, 'subagents'), {recursive: true});
	const main = path.join(project, `${session}.jsonl`);
	const file = (id: string) => path.join(project, session, 'subagents', `agent-${id}.jsonl`);
	const targets: FollowTarget[] = ['a1', 'a2', 'a3'].map(agentId => ({agentId, transcriptPath: file(agentId)}));
	return {claude, main, file, targets, cacheFile: path.join(tempDir('cf-state-'), 'count-facts-cache.json')};
}

describe('readCountFacts', () => {
	it('gives the facts of a whole read over 40 rounds of random growth, cuts, replacements and rewrites', () => {
		const s = setup();
		let seed = 7;
		const r = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
		let t = 0;
		const ids = ['a1', 'a2', 'a3'];
		const seen = {ended: 0, task: 0, work: 0};
		writeFileSync(s.main, `${promptLine('go', {seconds: t}, false)}\n`);
		for (let round = 0; round < 40; round++) {
			for (const id of ids) {
				const f = s.file(id);
				const roll = r();
				t += 1;
				const fields = {agentId: id, seconds: t};
				if (roll < 0.45) {
					appendFileSync(f, `${toolUseLine(`toolu_${id}_${t}`, 'Grep', {pattern: 'x'}, fields)}\n${toolResultLine(`toolu_${id}_${t}`, 'found', fields)}\n`);
				} else if (roll < 0.6) {
					appendFileSync(f, `${textLine('## Done', {...fields, stopReason: 'end_turn'})}\n`);
				} else if (roll < 0.7) {
					appendFileSync(f, `${promptLine('more work', fields)}\n`);
				} else if (roll < 0.75) {
					// Cut shorter.
					writeFileSync(f, `${promptLine('again', fields)}\n`);
				} else if (roll < 0.8) {
					// Replaced by another file (another inode).
					writeFileSync(`${f}.new`, `${assistantLine([toolUseBlock(`toolu_r${t}`, 'Read', {file_path: '/x'})], fields)}\n`);
					renameSync(`${f}.new`, f);
				} else if (roll < 0.85) {
					// A half-written last line: read once it is whole.
					appendFileSync(f, textLine('partial', fields).slice(0, 30));
				} else if (roll < 0.9) {
					appendFileSync(f, `${textLine('partial', fields).slice(30)}\n`);
				}
			}
			if (r() < 0.3) {
				t += 1;
				appendFileSync(s.main, `${agentResultLine(`toolu_main_${t}`, ids[Math.floor(r() * 3)]!, r() < 0.5 ? 'completed' : 'async_launched', {seconds: t})}\n`);
			}
			const whole = readAgentActivities(s.targets, {claudeDir: s.claude});
			const incremental = readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile});
			for (const {agentId} of s.targets) {
				const facts = counted(incremental.get(agentId));
				expect(facts, `round ${round} ${agentId}`).toEqual(counted(whole.get(agentId)));
				seen.ended += facts.endedTurn ? 1 : 0;
				seen.task += facts.taskStatus === undefined ? 0 : 1;
				seen.work += facts.hasWork ? 1 : 0;
			}
		}
		// The rounds do exercise the facts.
		expect(seen.ended).toBeGreaterThan(5);
		expect(seen.task).toBeGreaterThan(5);
		expect(seen.work).toBeGreaterThan(20);
	});

	it('reads only what was appended when the cache knows the file (its start is not read again), and works without a cache', () => {
		const s = setup();
		const work = `${toolUseLine('toolu_1', 'Grep', {pattern: 'x'}, {agentId: 'a1', seconds: 0})}\n`;
		writeFileSync(s.file('a1'), work);
		expect(readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile}).get('a1')?.hasWork).toBe(true);
		// The start overwritten in place (same inode) and a line appended: only the appended line is read.
		const fd = openSync(s.file('a1'), 'r+');
		writeSync(fd, Buffer.from('x'.repeat(work.length - 1)), 0, work.length - 1, 0);
		closeSync(fd);
		appendFileSync(s.file('a1'), `${promptLine('more', {agentId: 'a1', seconds: 5})}\n`);
		expect(readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile}).get('a1')?.hasWork).toBe(true);
		// A whole read (no cache) sees the garbage where the work was.
		expect(readCountFacts(s.targets, {claudeDir: s.claude}).get('a1')?.hasWork).toBe(false);
		expect(readAgentActivities(s.targets, {claudeDir: s.claude}).get('a1')?.hasWork).toBe(false);
		expect(readCountFacts(s.targets, {claudeDir: s.claude}).get('a2')?.missing).toBe(true);
	});

	it("finds a nested agent's Task result in its parent agent's transcript, the parent named by .meta.json only, as a whole read does", () => {
		const s = setup();
		writeFileSync(s.main, `${promptLine('go', {seconds: 0}, false)}\n`);
		writeFileSync(s.file('a2'), `${promptLine('child', {agentId: 'a2', seconds: 1})}\n`);
		writeFileSync(s.file('a2').replace(/\.jsonl$/u, '.meta.json'), JSON.stringify({agentType: 'Explore', parentAgentId: 'a1'}));
		writeFileSync(s.file('a1'), `${promptLine('parent', {agentId: 'a1', seconds: 0})}\n${agentResultLine('toolu_x', 'a2', 'completed', {seconds: 2})}\n`);
		const whole = readAgentActivities(s.targets, {claudeDir: s.claude});
		const incremental = readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile});
		expect(whole.get('a2')?.taskResult?.status).toBe('completed');
		expect(counted(incremental.get('a2'))).toEqual(counted(whole.get('a2')));
		expect(counted(readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile}).get('a2'))).toEqual(counted(whole.get('a2')));
	});

	it('writes its cache only when a transcript moved on', () => {
		const s = setup();
		writeFileSync(s.file('a1'), `${promptLine('go', {agentId: 'a1', seconds: 0})}\n`);
		readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile});
		const first = statSync(s.cacheFile);
		readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile});
		expect(statSync(s.cacheFile).ino).toBe(first.ino);
		appendFileSync(s.file('a1'), `${promptLine('more', {agentId: 'a1', seconds: 1})}\n`);
		readCountFacts(s.targets, {claudeDir: s.claude, cacheFile: s.cacheFile});
		expect(statSync(s.cacheFile).ino).not.toBe(first.ino);
	});
});
