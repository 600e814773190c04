// A rollout read, then read again from where the last read stopped: appended lines are folded
// once; a file rewritten in place (same inode) is read from its start; a cut last line waits.
import {appendFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readRollout, type RolloutRead} from '../../../src/store/codex/rollouts.js';
import {childRunLines} from '../../helpers/codex.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = '019ab000-0000-7000-8000-0000000000aa';
const C1 = '019ab000-0000-7000-8000-0000000000c1';
const t0 = Date.parse('2026-11-20T10:00:00.000Z');

function read(file: string, previous?: RolloutRead): RolloutRead {
	const r = readRollout(file, previous);
	if ('problem' in r) {
		throw new Error(r.problem);
	}
	return r;
}

describe('readRollout', () => {
	const running = childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task', '', true);
	const done = childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task', 'Done.');

	it('goes on from where it stopped when lines are appended, and waits for a cut last line', () => {
		const file = path.join(tempDir('rollouts-'), 'rollout.jsonl');
		writeFileSync(file, `${running.join('\n')}\n`);
		const first = read(file);
		expect(first.thread.phase).toBe('active');
		const rest = done.slice(running.length);
		const last = rest.at(-1)!;
		appendFileSync(file, `${rest.slice(0, -1).join('\n')}${rest.length > 1 ? '\n' : ''}${last.slice(0, 10)}`);
		const cut = read(file, first);
		expect(cut.offset).toBeLessThan(statSync(file).size);
		appendFileSync(file, `${last.slice(10)}\n`);
		const whole = read(file, cut);
		expect(whole.thread).toEqual(read(file).thread);
		expect(whole.thread.phase).toBe('stopped');
	});

	it('reads a file rewritten in place (same inode, longer, other content) from its start', () => {
		const file = path.join(tempDir('rollouts-'), 'rollout.jsonl');
		writeFileSync(file, `${done.join('\n')}\n`);
		const before = read(file);
		const ino = statSync(file).ino;
		const other = childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Another task '.repeat(50), '', true);
		writeFileSync(file, `${other.join('\n')}\n`);
		expect(statSync(file).ino).toBe(ino);
		const after = read(file, before);
		expect(after.thread).toEqual(read(file).thread);
		expect(after.thread.phase).toBe('active');
	});
});
