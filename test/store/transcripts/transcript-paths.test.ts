import {mkdirSync, realpathSync, renameSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findWorkflowTranscript, TranscriptRoots} from '../../../src/store/transcripts/transcript-paths.js';
import {tempDir} from '../../helpers/tmp.js';

/** A Claude folder with one project, and a folder outside it; real paths (the temp folder may be a link). */
function world(): {claude: string; project: string; outside: string} {
	const claude = realpathSync(tempDir('claude-'));
	const project = path.join(claude, 'projects', '-w');
	mkdirSync(project, {recursive: true});
	const outside = realpathSync(tempDir('elsewhere-'));
	writeFileSync(path.join(outside, 'secret.jsonl'), '{}\n');
	return {claude, project, outside};
}

describe('TranscriptRoots.resolve', () => {
	it('gives a file inside the projects folder its real path', () => {
		const {claude, project} = world();
		const file = path.join(project, 'agent-a1.jsonl');
		writeFileSync(file, '{}\n');
		expect(new TranscriptRoots(claude, [], true).resolve(file)).toEqual({ok: true, path: file});
		expect(new TranscriptRoots(claude).resolve(path.join(project, '..', '-w', 'agent-a1.jsonl'))).toEqual({ok: true, path: file});
	});

	it('follows links to where they lead: inside is allowed, outside refused', () => {
		const {claude, project, outside} = world();
		const real = path.join(project, 'real.jsonl');
		writeFileSync(real, '{}\n');
		symlinkSync(real, path.join(project, 'to-real.jsonl'));
		symlinkSync(path.join(outside, 'secret.jsonl'), path.join(project, 'to-secret.jsonl'));
		// A folder inside that is a link out, and one that is a link to another folder inside.
		symlinkSync(outside, path.join(project, 'out'));
		mkdirSync(path.join(project, 'sub'));
		writeFileSync(path.join(project, 'sub', 'agent-a2.jsonl'), '{}\n');
		symlinkSync(path.join(project, 'sub'), path.join(project, 'alias'));
		const roots = new TranscriptRoots(claude, [], true);
		expect(roots.resolve(path.join(project, 'to-real.jsonl'))).toEqual({ok: true, path: real});
		expect(roots.resolve(path.join(project, 'to-secret.jsonl'))).toEqual({ok: false, reason: 'refused'});
		expect(roots.resolve(path.join(project, 'out', 'secret.jsonl'))).toEqual({ok: false, reason: 'refused'});
		expect(roots.resolve(path.join(project, 'alias', 'agent-a2.jsonl'))).toEqual({ok: true, path: path.join(project, 'sub', 'agent-a2.jsonl')});
	});

	it('refuses a climb out by `..`, a relative path and a NUL; a missing file is missing inside, refused outside', () => {
		const {claude, project, outside} = world();
		const roots = new TranscriptRoots(claude);
		const climb = path.join(project, '..', '..', '..', path.relative(path.dirname(path.dirname(claude)), outside), 'secret.jsonl');
		expect(roots.resolve(climb)).toEqual({ok: false, reason: 'refused'});
		expect(roots.resolve('projects/-w/a.jsonl')).toEqual({ok: false, reason: 'refused'});
		expect(roots.resolve(`${project}/a\0.jsonl`)).toEqual({ok: false, reason: 'refused'});
		expect(roots.resolve(path.join(project, 'later.jsonl'))).toEqual({ok: false, reason: 'missing'});
		expect(roots.resolve(path.join(outside, 'nothing.jsonl'))).toEqual({ok: false, reason: 'refused'});
		// A file named as a folder (a trailing name that is not a folder) is missing, as realpath says.
		writeFileSync(path.join(project, 'flat.jsonl'), '{}\n');
		expect(roots.resolve(path.join(project, 'flat.jsonl', 'x.jsonl'))).toEqual({ok: false, reason: 'missing'});
	});

	it('allows the extra root given with a path, and only for that path', () => {
		const {claude, outside} = world();
		const roots = new TranscriptRoots(claude);
		const secret = path.join(outside, 'secret.jsonl');
		expect(roots.resolve(secret, outside)).toEqual({ok: true, path: secret});
		expect(roots.resolve(secret)).toEqual({ok: false, reason: 'refused'});
	});

	it('sees a folder swapped for a link out at the next pass (each folder is resolved once a pass)', async () => {
		const {claude, project, outside} = world();
		mkdirSync(path.join(project, 'run'));
		writeFileSync(path.join(project, 'run', 'agent-a1.jsonl'), '{}\n');
		writeFileSync(path.join(outside, 'agent-a1.jsonl'), '{}\n');
		const roots = new TranscriptRoots(claude);
		expect(roots.resolve(path.join(project, 'run', 'agent-a1.jsonl'))).toMatchObject({ok: true});
		renameSync(path.join(project, 'run'), path.join(project, 'was-run'));
		symlinkSync(outside, path.join(project, 'run'));
		await Promise.resolve();
		expect(roots.resolve(path.join(project, 'run', 'agent-a1.jsonl'))).toEqual({ok: false, reason: 'refused'});
	});
});

describe('TranscriptRoots, a root that appears', () => {
	it('is looked for again at the next pass, not at every path of this one', async () => {
		const {claude, project, outside} = world();
		const later = path.join(outside, 'demo-transcripts');
		writeFileSync(path.join(project, 'agent-a1.jsonl'), '{}\n');
		const roots = new TranscriptRoots(claude, [later]);
		expect(roots.resolve(path.join(project, 'agent-a1.jsonl'))).toMatchObject({ok: true});
		mkdirSync(later);
		writeFileSync(path.join(later, 'agent-a2.jsonl'), '{}\n');
		// This pass resolved the roots while it was missing.
		expect(roots.resolve(path.join(later, 'agent-a2.jsonl'))).toEqual({ok: false, reason: 'refused'});
		await Promise.resolve();
		expect(roots.resolve(path.join(later, 'agent-a2.jsonl'))).toEqual({ok: true, path: path.join(later, 'agent-a2.jsonl')});
	});
});

describe('findWorkflowTranscript', () => {
	it('finds a workflow agent’s transcript under subagents/workflows/<run>/, and nothing elsewhere', () => {
		const {project} = world();
		const subagents = path.join(project, 's1', 'subagents');
		mkdirSync(path.join(subagents, 'workflows', 'wf_b'), {recursive: true});
		mkdirSync(path.join(subagents, 'workflows', 'wf_a'), {recursive: true});
		writeFileSync(path.join(subagents, 'workflows', 'wf_b', 'agent-a1.jsonl'), '{}\n');
		expect(findWorkflowTranscript(path.join(subagents, 'agent-a1.jsonl'))).toBe(path.join(subagents, 'workflows', 'wf_b', 'agent-a1.jsonl'));
		expect(findWorkflowTranscript(path.join(subagents, 'agent-a9.jsonl'))).toBeUndefined();
		expect(findWorkflowTranscript(path.join(project, 's1', 'agent-a1.jsonl'))).toBeUndefined();
	});
});
