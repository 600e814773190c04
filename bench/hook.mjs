// Hook cost per event: the installed hook (agent-spy.sh → agent-spy.cjs) against `node -e 0`,
// measured in the same run, interleaved so that machine noise hits both alike.
// Target: median ≤ 1.3× `node -e 0`, the event log included. Also shown: the
// bundled script run by node without the launcher (the launcher's sh costs ~1 ms), and the hook
// as it was before it wrote the event log and ran from a code cache (built from git at BASE_REV in
// a temporary worktree, so "with the log vs without" is measured in the same run). The payloads' cwd is this repository,
// so the git state read is in the figure. AGENTLOG_BENCH_HOOK=<file.cjs> measures another build
// of the hook instead of dist/.
import {execFileSync} from 'node:child_process';
import {chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The last commit whose hook wrote no event log. */
const BASE_REV = process.env.AGENTLOG_BENCH_BASE_REV || 'ffa262b';

/** The hook bundle as built at `rev`, or a reason it could not be built (no git, a shallow clone). */
function buildHookAt(rev, tmp) {
	const tree = path.join(tmp, 'base-tree');
	try {
		execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', '-f', tree, rev], {stdio: 'ignore'});
		symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
		execFileSync(process.execPath, ['scripts/build.mjs'], {cwd: tree, stdio: 'ignore'});
		// Built into hooks/ since the bundle is committed; dist/hooks/ before.
		const built = [path.join(tree, 'hooks/agent-spy.cjs'), path.join(tree, 'dist/hooks/agent-spy.cjs')].find(file => existsSync(file));
		const copy = path.join(tmp, 'agent-spy-base.cjs');
		copyFileSync(built, copy);
		return {file: copy};
	} catch (error) {
		return {error: error instanceof Error ? error.message.split('\n')[0] : String(error)};
	} finally {
		if (existsSync(tree)) {
			try {
				execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', tree], {stdio: 'ignore'});
			} catch {
				rmSync(tree, {recursive: true, force: true});
			}
		}
	}
}

export function runHookBench({rounds = 60} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-hook-'));
	try {
		const launcher = path.join(tmp, 'agent-spy.sh');
		writeFileSync(launcher, readFileSync(path.join(root, 'hooks/agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath));
		chmodSync(launcher, 0o755);
		const script = path.join(tmp, 'agent-spy.cjs');
		copyFileSync(process.env.AGENTLOG_BENCH_HOOK || path.join(root, 'hooks/agent-spy.cjs'), script);
		copyFileSync(path.join(root, 'hooks/agent-prune.cjs'), path.join(tmp, 'agent-prune.cjs'));
		const session = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
		const payload = (event, id) =>
			JSON.stringify({
				session_id: session,
				transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${session}.jsonl`,
				cwd: root,
				hook_event_name: event,
				agent_id: id,
				agent_type: 'Explore',
				...(event === 'SubagentStop' ? {last_assistant_message: 'Found 4 API routes under src/routes; auth middleware is applied in src/app.ts.'} : {}),
			});
		const env = cleanEnv({AGENTLOG_DIR: path.join(tmp, 'activity')});
		const baseEnv = cleanEnv({AGENTLOG_DIR: path.join(tmp, 'activity-base')});
		const old = buildHookAt(BASE_REV, tmp);
		const base = [];
		const hook = [];
		const bare = [];
		const before = [];
		for (let i = 0; i < rounds; i++) {
			const id = `a${i % 30}`;
			const input = payload(i % 2 ? 'SubagentStop' : 'SubagentStart', id);
			base.push(timeRun(process.execPath, ['-e', '0'], {env}));
			hook.push(timeRun(launcher, [], {env, input}));
			bare.push(timeRun(process.execPath, [script], {env, input}));
			if (old.file) {
				before.push(timeRun(process.execPath, [old.file], {env: baseEnv, input}));
			}
		}
		const b = summary(base);
		const h = summary(hook);
		const s = summary(bare);
		const o = old.file ? summary(before) : undefined;
		const lines = readFileSync(path.join(tmp, 'activity', session, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean).length;
		const extra = [];
		if (process.env.NODE_EXTRA_CA_CERTS) {
			// Common in companies: the launcher unsets it, since the hook does no TLS.
			const withCa = {...env, NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS};
			const caBase = [];
			const caHook = [];
			for (let i = 0; i < 20; i++) {
				caBase.push(timeRun(process.execPath, ['-e', '0'], {env: withCa}));
				caHook.push(timeRun(launcher, [], {env: withCa, input: payload('SubagentStart', `ca${i}`)}));
			}
			extra.push(
				`  with NODE_EXTRA_CA_CERTS set: node -e 0 median ${fmt(summary(caBase).median)}, hook median ${fmt(summary(caHook).median)} (the launcher unsets it)`,
			);
		}
		return {
			lines: [
				`hook per event (${rounds} events, start/stop alternating, 30 agents in one session)`,
				`  node -e 0          median ${fmt(b.median)}  p95 ${fmt(b.p95)}`,
				`  agent-spy.sh hook  median ${fmt(h.median)}  p95 ${fmt(h.p95)}`,
				`  ratio              median ${ratio(h.median, b.median)}  p95 ${ratio(h.p95, b.p95)}   (target ≤ 1.30×)`,
				`  node agent-spy.cjs median ${fmt(s.median)}  p95 ${fmt(s.p95)}  (without the launcher: ${ratio(s.median, b.median)})`,
				o
					? `  without the log    median ${fmt(o.median)}  p95 ${fmt(o.p95)}  (node, the hook of ${BASE_REV}: ${ratio(o.median, b.median)}; with the log minus without: ${fmt(s.median - o.median)})`
					: `  without the log    not measured: cannot build ${BASE_REV} (${old.error})`,
				`  event log lines written: ${lines} (2 per event: the launcher run and the bare run)`,
				...extra,
			],
			ok: h.median / b.median <= 1.3,
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
