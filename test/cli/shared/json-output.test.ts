import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {writeJsonArray} from '../../../src/cli/shared/json-output.js';
import {tempDir} from '../../helpers/tmp.js';
import {safeJsonStringify} from '../../../src/core/text/safe-text.js';

describe('writeJsonArray', () => {
	it('writes exactly what safeJsonStringify(items, 2) gives, in chunks', () => {
		const items = [
			{v: 1, at: '2026-11-20T10:00:00.000Z', data: {lastMessage: `a\nb\u009b\u202e${'x'.repeat(600_000)}`, list: [1, {deep: true}], empty: {}}},
			'text',
			3,
			null,
			undefined,
			[],
			{nested: {a: [{b: 'c'}]}},
			{big: 'y'.repeat(700_000)},
		];
		const parts: string[] = [];
		writeJsonArray(items, text => parts.push(text));
		expect(parts.length).toBeGreaterThan(1);
		expect(parts.join('')).toBe(`${safeJsonStringify(items, 2)}\n`);
		const empty: string[] = [];
		writeJsonArray([], text => empty.push(text));
		expect(empty.join('')).toBe(`${safeJsonStringify([], 2)}\n`);
	});
});

describe('writeJsonArray from an iterable', () => {
	it('writes the same text and asks for each item only when the text before it is out', () => {
		const made: number[] = [];
		const writes: number[] = [];
		function* items(): Generator<unknown> {
			for (let i = 0; i < 8; i++) {
				made.push(i);
				yield {i, text: 'z'.repeat(400_000)};
			}
		}
		const parts: string[] = [];
		writeJsonArray(items(), text => {
			parts.push(text);
			writes.push(made.length);
		});
		const all = Array.from({length: 8}, (_, i) => ({i, text: 'z'.repeat(400_000)}));
		expect(parts.join('')).toBe(`${safeJsonStringify(all, 2)}\n`);
		// About a megabyte a write: never more than three items made and not yet written.
		expect(writes.length).toBeGreaterThan(2);
		writes.forEach((n, k) => expect(n - (k === 0 ? 0 : writes[k - 1]!)).toBeLessThanOrEqual(3));
	});
});

describe('writeStdout', () => {
	const root = path.resolve(import.meta.dirname, '../../..');
	/** Runs a script that writes 64 × 1 MiB to stdout, with `how`, through vite-node; its stdout is read only after a pause, then closed. */
	function writer(how: 'writeStdout' | 'process.stdout.write', closeAfterBytes?: number): Promise<{code: number | null; stderr: string}> {
		const dir = tempDir('write-stdout-');
		const script = path.join(dir, 'write.ts');
		writeFileSync(
			script,
			[
				`import {writeStdout} from ${JSON.stringify(path.join(root, 'src/cli/shared/json-output.ts'))};`,
				`import {blockOnFullPipe} from ${JSON.stringify(path.join(root, 'src/cli/program.ts'))};`,
				'blockOnFullPipe(process.stdout);',
				"process.stdout.on('error', () => undefined);",
				'let calls = 0;',
				'let queued = 0;',
				"process.on('exit', () => process.stderr.write(`calls ${calls} queued ${queued}\\n`));",
				"const chunk = 'x'.repeat(1 << 20);",
				'for (let i = 0; i < 64; i++) {',
				how === 'writeStdout' ? '\twriteStdout(chunk);' : '\tprocess.stdout.write(chunk);',
				'\tcalls += 1;',
				'\tqueued = Math.max(queued, process.stdout.writableLength);',
				'}',
			].join('\n'),
		);
		const child = spawn(process.execPath, [path.join(root, 'node_modules/vite-node/vite-node.mjs'), script], {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
		child.stdout.pause();
		let read = 0;
		setTimeout(() => {
			child.stdout.on('data', (d: Buffer) => {
				read += d.length;
				if (closeAfterBytes !== undefined && read >= closeAfterBytes) {
					child.stdout.destroy();
				}
			});
			child.stdout.resume();
		}, 300);
		return new Promise(resolve => child.on('close', code => resolve({code, stderr})));
	}

	it('holds nothing back for a slow reader, and stops at once, quietly, when the reader closes the pipe', async () => {
		const slow = await writer('writeStdout');
		expect(slow.stderr).toContain('calls 64 queued 0');
		const closed = await writer('writeStdout', 1);
		expect(closed.code).toBe(0);
		const calls = Number(/calls (\d+)/.exec(closed.stderr)?.[1]);
		// The pipe holds 64 KiB: the write after it closed ends the run.
		expect(calls).toBeLessThan(8);
	}, 30_000);
});
