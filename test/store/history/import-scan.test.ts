// `agentlog import` finding transcripts under <claude>/projects: subagents and workflow agents,
// a project filter, a time filter; internal agents, unsafe names and what is no file counted,
// never taken; nothing reached through a symlinked folder.
import {mkdirSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findTranscripts, isRealDir} from '../../../src/store/history/import-scan.js';
import {tempDir} from '../../helpers/tmp.js';

const S1 = '4d5611e5-241a-462a-8d15-5122611a9569';
const S2 = '5e5611e5-241a-462a-8d15-5122611a9569';

function transcript(claude: string, project: string, session: string, name: string, ...under: string[]): string {
	const dir = path.join(claude, 'projects', project, session, 'subagents', ...under);
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, name);
	writeFileSync(file, '{}\n');
	return file;
}

describe('findTranscripts', () => {
	it('finds subagents’ and workflow agents’ transcripts with their session and main transcript', () => {
		const claude = tempDir('claude-');
		const a = transcript(claude, '-home-u-shop', S1, 'agent-a1.jsonl');
		const w = transcript(claude, '-home-u-shop', S1, 'agent-w1.jsonl', 'workflows', 'wf_run-1');
		const found = findTranscripts(claude);
		expect(found).toMatchObject({internal: 0, badName: 0, unreadable: 0});
		const byId = new Map(found.candidates.map(c => [c.agentId, c]));
		const subagents = path.join(claude, 'projects', '-home-u-shop', S1, 'subagents');
		expect(byId.get('a1')).toMatchObject({sessionId: S1, file: a, subagents, main: path.join(claude, 'projects', '-home-u-shop', `${S1}.jsonl`), size: 3});
		expect(byId.get('w1')).toMatchObject({sessionId: S1, file: w, subagents});
	});

	it('counts compaction agents, unsafe ids and non-files apart', () => {
		const claude = tempDir('claude-');
		transcript(claude, 'p', S1, 'agent-acompact123.jsonl');
		transcript(claude, 'p', S1, 'agent-bad id.jsonl');
		transcript(claude, 'p', S1, 'agent-ok.jsonl');
		transcript(claude, 'p', S1, 'notes.txt');
		mkdirSync(path.join(claude, 'projects', 'p', S1, 'subagents', 'agent-dir.jsonl'));
		transcript(claude, 'p', '..bad-session', 'agent-x.jsonl');
		const found = findTranscripts(claude);
		expect(found.candidates.map(c => c.agentId)).toEqual(['ok']);
		expect(found).toMatchObject({internal: 1, badName: 2, unreadable: 1});
	});

	it('a project filter matches the folder name, also as Claude Code spells a path', () => {
		const claude = tempDir('claude-');
		transcript(claude, '-home-u-shop', S1, 'agent-a1.jsonl');
		transcript(claude, '-home-u-blog', S2, 'agent-b1.jsonl');
		expect(findTranscripts(claude, {project: '/home/u/shop'}).candidates.map(c => c.agentId)).toEqual(['a1']);
		expect(findTranscripts(claude, {project: 'blog'}).candidates.map(c => c.agentId)).toEqual(['b1']);
		expect(findTranscripts(claude, {project: ''}).candidates).toHaveLength(2);
	});

	it('sinceMs leaves out transcripts not written since', () => {
		const claude = tempDir('claude-');
		const old = transcript(claude, 'p', S1, 'agent-old.jsonl');
		transcript(claude, 'p', S1, 'agent-new.jsonl');
		utimesSync(old, 1_000_000, 1_000_000);
		expect(findTranscripts(claude, {sinceMs: Date.now() - 3_600_000}).candidates.map(c => c.agentId)).toEqual(['new']);
	});

	it('never walks through a symlinked folder; no projects folder is nothing', () => {
		const claude = tempDir('claude-');
		const elsewhere = tempDir('elsewhere-');
		transcript(elsewhere, 'p', S1, 'agent-a1.jsonl');
		mkdirSync(path.join(claude, 'projects', 'p', S2), {recursive: true});
		symlinkSync(path.join(elsewhere, 'projects', 'p', S1, 'subagents'), path.join(claude, 'projects', 'p', S2, 'subagents'));
		symlinkSync(path.join(elsewhere, 'projects', 'p'), path.join(claude, 'projects', 'linked'));
		expect(findTranscripts(claude).candidates).toEqual([]);
		const linkedRoot = tempDir('claude-');
		symlinkSync(path.join(elsewhere, 'projects'), path.join(linkedRoot, 'projects'));
		expect(findTranscripts(linkedRoot).candidates).toEqual([]);
		expect(findTranscripts(path.join(claude, 'none'))).toEqual({candidates: [], internal: 0, badName: 0, unreadable: 0});
	});
});

describe('isRealDir', () => {
	it('is a folder itself, not a link to one, a file or nothing', () => {
		const dir = tempDir('real-');
		symlinkSync(dir, path.join(dir, 'link'));
		writeFileSync(path.join(dir, 'file'), '');
		expect(isRealDir(dir)).toBe(true);
		expect(isRealDir(path.join(dir, 'link'))).toBe(false);
		expect(isRealDir(path.join(dir, 'file'))).toBe(false);
		expect(isRealDir(path.join(dir, 'none'))).toBe(false);
	});
});
