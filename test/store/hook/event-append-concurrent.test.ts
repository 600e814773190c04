// Many processes appending to one event log at once, as the hooks of one session do: every line
// whole, and no blank line. A write that crosses a page is made visible page by page, so an
// appender that looked at the log's last byte outside the log's lock could catch another's line
// half written, take it for a torn end and start its own line with a newline: a blank line once
// that write was done (8 in 100 hook runs at once on the real client; 8–9 here in 600 appends).
import {spawn} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {buildSync} from 'esbuild';
import {afterAll, describe, expect, it} from 'vitest';
import {EVENT_LOG_NAME} from '../../../src/core/record/file-names.js';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const PROCESSES = 6;
const LINES = 200;

// One appender: says it is ready, waits for the go file (so that all of them run at once), then
// appends LINES lines of 5–7 KB (each write crosses a page) as fast as it can; prints its problems.
const APPENDER = `
import {existsSync} from 'node:fs';
import {appendEventLine} from './src/store/hook/event-append.js';
import {formatEventLine} from './src/core/record/event-line.js';
const [dir, go, who] = process.argv.slice(2);
process.stdout.write('ready\\n');
const pause = new Int32Array(new SharedArrayBuffer(4));
while (!existsSync(go)) Atomics.wait(pause, 0, 0, 1);
const problems = [];
for (let i = 0; i < ${LINES}; i++) {
	const lastMessage = 'x'.repeat(5000 + (i % 7) * 300);
	const line = formatEventLine({v: 1, at: new Date(Date.UTC(2026, 2, 1, 12, 0, 0, i)).toISOString(), event: 'SubagentStop', sessionId: 's1', agentId: 'a' + who + '-' + i, data: {lastMessage}});
	const problem = appendEventLine(dir, line);
	if (problem) problems.push(problem);
}
process.stdout.write(JSON.stringify(problems) + '\\n');
`;

const script = path.join(root, 'node_modules', '.cache', `appender-${process.pid}.mjs`);
afterAll(() => rmSync(script, {force: true}));

describe('appendEventLine from many processes at once', () => {
	it('leaves every line whole and no blank line', async () => {
		const built = buildSync({
			stdin: {contents: APPENDER, resolveDir: root, loader: 'ts', sourcefile: 'appender.ts'},
			bundle: true,
			platform: 'node',
			format: 'esm',
			write: false,
			logLevel: 'silent',
		});
		mkdirSync(path.dirname(script), {recursive: true});
		writeFileSync(script, built.outputFiles[0]?.text ?? '');
		const base = tempDir('append-race-');
		const dir = path.join(base, 's1');
		const go = path.join(base, 'go');
		mkdirSync(dir);
		let ready = 0;
		const outputs = await Promise.all(
			Array.from(
				{length: PROCESSES},
				(_, who) =>
					new Promise<string>((resolve, reject) => {
						const child = spawn(process.execPath, [script, dir, go, String(who)], {stdio: ['ignore', 'pipe', 'inherit']});
						let out = '';
						child.stdout.on('data', (chunk: Buffer) => {
							if (!out.includes('ready') && `${out}${chunk.toString()}`.includes('ready') && ++ready === PROCESSES) {
								writeFileSync(go, '');
							}
							out += chunk.toString();
						});
						child.on('error', reject);
						child.on('close', () => resolve(out));
					}),
			),
		);
		expect(outputs.map(out => JSON.parse(out.split('\n')[1] ?? 'null') as unknown)).toEqual(outputs.map(() => []));
		const lines = readFileSync(path.join(dir, EVENT_LOG_NAME), 'utf8').split('\n');
		expect(lines.pop()).toBe('');
		expect(lines.filter(line => line === '')).toHaveLength(0);
		const agents = lines.map(line => (JSON.parse(line) as {agentId: string}).agentId);
		expect(agents).toHaveLength(PROCESSES * LINES);
		expect(new Set(agents).size).toBe(PROCESSES * LINES);
		// No lock is left behind.
		expect(readdirSync(dir)).toEqual([EVENT_LOG_NAME]);
	}, 60_000);
});
