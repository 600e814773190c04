// Cost of readGitState (src/store/history/git-state.ts), which the hook will run on every event:
// microseconds per call, in this process after warm-up, for a repository with a loose branch ref,
// the same from 5 folders down, a branch only in a packed-refs of 10,000 refs, a worktree, and a
// folder outside any repository (the walk up to the root); and the first call in a fresh process. Run alone: `node bench/git-state.mjs`.
// Target: a small fraction of the hook's start-up (≤ 50 µs for an ordinary repository).
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build} from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SHA = '0123456789abcdef0123456789abcdef01234567';
const CALLS = 20_000;

function write(file, text) {
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, text);
}

function time(readGitState, cwd) {
	for (let i = 0; i < 500; i++) {
		readGitState(cwd);
	}
	const start = process.hrtime.bigint();
	for (let i = 0; i < CALLS; i++) {
		readGitState(cwd);
	}
	return Number(process.hrtime.bigint() - start) / 1000 / CALLS;
}

export async function runGitStateBench() {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-git-'));
	try {
		const module = path.join(tmp, 'git-state.mjs');
		await build({
			entryPoints: [path.join(root, 'src/store/history/git-state.ts')],
			bundle: true,
			platform: 'node',
			format: 'esm',
			outfile: module,
			logLevel: 'error',
		});
		const {readGitState} = await import(pathToFileURL(module).href);

		const loose = path.join(tmp, 'loose');
		write(path.join(loose, '.git', 'HEAD'), 'ref: refs/heads/main\n');
		write(path.join(loose, '.git', 'refs', 'heads', 'main'), `${SHA}\n`);
		const deep = path.join(loose, 'a', 'b', 'c', 'd', 'e');
		mkdirSync(deep, {recursive: true});

		const packed = path.join(tmp, 'packed');
		write(path.join(packed, '.git', 'HEAD'), 'ref: refs/heads/zz-last\n');
		const lines = ['# pack-refs with: peeled fully-peeled sorted '];
		for (let i = 0; i < 10_000; i++) {
			lines.push(`${SHA} refs/tags/v${i}`);
		}
		lines.push(`${SHA} refs/heads/zz-last`, '');
		write(path.join(packed, '.git', 'packed-refs'), lines.join('\n'));

		const wtGit = path.join(loose, '.git', 'worktrees', 'wt');
		write(path.join(wtGit, 'HEAD'), 'ref: refs/heads/main\n');
		write(path.join(wtGit, 'commondir'), '../..\n');
		const wt = path.join(tmp, 'wt');
		write(path.join(wt, '.git'), `gitdir: ${wtGit}\n`);

		const outside = path.join(tmp, 'plain', 'x', 'y');
		mkdirSync(outside, {recursive: true});

		const cases = [
			['repository, loose ref', loose],
			['5 folders down', deep],
			['packed-refs, 10,000 refs (~480 KB)', packed],
			['worktree (.git file + commondir)', wt],
			[`outside a repository (${outside.split(path.sep).length - 1} levels to /)`, outside],
		];
		const out = ['git-state: readGitState per call (µs, mean of 20,000 after warm-up)'];
		let ok = true;
		for (const [name, cwd] of cases) {
			const us = time(readGitState, cwd);
			if (name === 'repository, loose ref' && us > 50) {
				ok = false;
			}
			out.push(`  ${name.padEnd(44)} ${us.toFixed(1)} µs  ${JSON.stringify(readGitState(cwd) ?? null)}`);
		}
		// The hook runs it once per process: the first call in a fresh process (module already loaded).
		const probe = `const {readGitState} = await import(${JSON.stringify(pathToFileURL(module).href)}); const s = process.hrtime.bigint(); readGitState(${JSON.stringify(loose)}); console.log(Number(process.hrtime.bigint() - s) / 1000);`;
		const firsts = [];
		for (let i = 0; i < 7; i++) {
			firsts.push(Number(spawnSync(process.execPath, ['--input-type=module', '-e', probe], {encoding: 'utf8'}).stdout));
		}
		firsts.sort((a, b) => a - b);
		out.push(`  first call in a fresh process (median of 7)   ${firsts[3].toFixed(1)} µs`);
		return {ok, lines: out};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const result = await runGitStateBench();
	process.stdout.write(`${result.lines.join('\n')}\n`);
}
