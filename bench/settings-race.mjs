// install-hook against a program that keeps changing settings.json, as Claude Code may: how many
// install runs lose one of that program's changes. The other program, a careful writer (read,
// add a key of its own, write a temp file, rename it over the file if the file still holds what it
// read), adds `w<n>` every 20 ms while install-hook runs, and goes on until a little after it. A
// change is lost when a key the writer put on disk is not in the file at the end: install's rename
// replaced it, and the writer's later changes were made to what install wrote. Each round a new
// folder; the writer starts first. Target: ≤ 1 % of the runs. `AGENTLOG_BENCH_CLI`: another build's
// bin/agentlog.js. Run alone: `node bench/settings-race.mjs [rounds]`.
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TARGET = 0.01;
const INTERVAL_MS = 20;

// argv: the settings file, the stop file. Prints the keys it put on disk, one JSON array.
const WRITER = `
import {existsSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
const [file, stop] = process.argv.slice(2);
const pause = new Int32Array(new SharedArrayBuffer(4));
const written = [];
let after = -1;
for (let n = 1; after !== 0; n++) {
	const text = readFileSync(file, 'utf8');
	const settings = JSON.parse(text);
	settings['w' + n] = true;
	const temp = file + '.writer.tmp';
	writeFileSync(temp, JSON.stringify(settings, null, 2) + '\\n');
	if (readFileSync(file, 'utf8') === text) {
		renameSync(temp, file);
		written.push('w' + n);
	} else {
		rmSync(temp);
	}
	if (after > 0) after--;
	else if (after < 0 && existsSync(stop)) after = 3;
	Atomics.wait(pause, 0, 0, ${INTERVAL_MS});
}
process.stdout.write(JSON.stringify(written));
`;

function exited(child) {
	return new Promise(resolve => child.on('exit', code => resolve(code)));
}

async function round(tmp, writerScript, cli, n) {
	const home = mkdtempSync(path.join(tmp, `round-${n}-`));
	const file = path.join(home, 'settings.json');
	const stop = path.join(home, 'stop');
	writeFileSync(file, '{\n  "model": "opus"\n}\n');
	const writer = spawn(process.execPath, [writerScript, file, stop], {stdio: ['ignore', 'pipe', 'inherit']});
	let out = '';
	writer.stdout.on('data', chunk => (out += chunk));
	const writerDone = exited(writer);
	// Let the writer make its first change, so install-hook starts into a file being changed.
	await new Promise(resolve => setTimeout(resolve, Math.floor(Math.random() * 2 * INTERVAL_MS)));
	const env = cleanEnv({HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude')});
	const install = spawn(process.execPath, [cli, 'install-hook', '--settings', file], {env, stdio: ['ignore', 'ignore', 'ignore']});
	const code = await exited(install);
	writeFileSync(stop, '');
	await writerDone;
	const written = JSON.parse(out);
	const final = JSON.parse(readFileSync(file, 'utf8'));
	rmSync(home, {recursive: true, force: true});
	return {code, lost: written.filter(key => final[key] !== true).length, hooks: final.hooks !== undefined};
}

export async function runSettingsRaceBench({rounds = Number(process.argv[2]) || 100} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-settings-race-'));
	try {
		const writerScript = path.join(tmp, 'writer.mjs');
		writeFileSync(writerScript, WRITER);
		const cli = process.env.AGENTLOG_BENCH_CLI || path.join(root, 'bin', 'agentlog.js');
		let lostRuns = 0;
		let lostChanges = 0;
		let failed = 0;
		let missingHooks = 0;
		for (let n = 0; n < rounds; n++) {
			const r = await round(tmp, writerScript, cli, n);
			lostRuns += r.lost > 0 ? 1 : 0;
			lostChanges += r.lost;
			failed += r.code === 0 ? 0 : 1;
			// A run that said it installed must have its entries in the file.
			missingHooks += r.code === 0 && !r.hooks ? 1 : 0;
		}
		const rate = lostRuns / rounds;
		const ok = rate <= TARGET && missingHooks === 0;
		return {
			ok,
			lines: [
				`install-hook while another program changes settings.json every ${INTERVAL_MS} ms (${rounds} runs)`,
				`  runs that lost a change of the other program: ${lostRuns} (${(rate * 100).toFixed(1)} %; ${lostChanges} changes)   target ≤ ${TARGET * 100} %`,
				`  runs that gave up (the file kept changing): ${failed}; said installed but without the entries: ${missingHooks}`,
			],
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const result = await runSettingsRaceBench();
	process.stdout.write(`${result.lines.join('\n')}\n${result.ok ? '' : '  (over target on this run)\n'}`);
}
