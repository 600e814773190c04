// Runs a piece of TypeScript in a child process with a time limit. For code that may block the
// thread for good (opening a FIFO blocks in `open`): in the test's own process such a block
// could not be timed out; in a child it is killed and reported.
import {spawnSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildSync} from 'esbuild';
import {tempDir} from './tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface IsolatedResult {
	/** The value the code printed with `emit(value)`, parsed; undefined when it hung or failed. */
	readonly value: unknown;
	/** True when it was killed at the time limit. */
	readonly timedOut: boolean;
	readonly stderr: string;
}

/**
 * Bundles `code` (an ES module body; imports relative to the repository root, e.g.
 * `import {x} from './src/store/x.js'`; it calls `emit(value)` once) and runs it with node.
 */
export function runIsolated(code: string, timeoutMs = 5000): IsolatedResult {
	const source = `const emit = (value) => process.stdout.write(JSON.stringify(value ?? null));\n${code}`;
	const out = buildSync({
		stdin: {contents: source, resolveDir: root, loader: 'ts', sourcefile: 'isolated.ts'},
		bundle: true,
		platform: 'node',
		format: 'esm',
		packages: 'external',
		write: false,
		logLevel: 'silent',
	});
	const file = path.join(root, 'node_modules', '.cache', `isolated-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, out.outputFiles[0]?.text ?? '');
	let r;
	try {
		r = spawnSync(process.execPath, [file], {encoding: 'utf8', timeout: timeoutMs, cwd: tempDir('isolated-')});
	} finally {
		rmSync(file, {force: true});
	}
	const timedOut = r.error !== undefined || r.signal !== null;
	let value: unknown;
	try {
		value = r.stdout === '' ? undefined : JSON.parse(r.stdout);
	} catch {
		value = undefined;
	}
	return {value, timedOut, stderr: r.stderr};
}
