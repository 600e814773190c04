// Hook cost per event: the installed hook (agent-spy.sh → agent-spy.cjs) against `node -e 0`,
// measured in the same run, interleaved so that machine noise hits both alike.
// Target (issue #2): median ≤ 1.3× `node -e 0`. Also shown: the bundled script run by node
// without the launcher (the launcher's sh costs ~1 ms). AGENTLOG_BENCH_HOOK=<file.cjs> measures
// another build of the hook instead of dist/ (e.g. an older one, for a same-run comparison).
import {chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export function runHookBench({rounds = 60} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-hook-'));
	try {
		const launcher = path.join(tmp, 'agent-spy.sh');
		writeFileSync(launcher, readFileSync(path.join(root, 'hooks/agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath));
		chmodSync(launcher, 0o755);
		const script = path.join(tmp, 'agent-spy.cjs');
		copyFileSync(process.env.AGENTLOG_BENCH_HOOK || path.join(root, 'dist/hooks/agent-spy.cjs'), script);
		const session = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
		const payload = (event, id) =>
			JSON.stringify({
				session_id: session,
				transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${session}.jsonl`,
				cwd: '/home/dev/acme',
				hook_event_name: event,
				agent_id: id,
				agent_type: 'Explore',
				...(event === 'SubagentStop' ? {last_assistant_message: 'Found 4 API routes under src/routes; auth middleware is applied in src/app.ts.'} : {}),
			});
		const env = cleanEnv({AGENTLOG_DIR: path.join(tmp, 'activity')});
		const base = [];
		const hook = [];
		const bare = [];
		for (let i = 0; i < rounds; i++) {
			const id = `a${i % 30}`;
			const input = payload(i % 2 ? 'SubagentStop' : 'SubagentStart', id);
			base.push(timeRun(process.execPath, ['-e', '0'], {env}));
			hook.push(timeRun(launcher, [], {env, input}));
			bare.push(timeRun(process.execPath, [script], {env, input}));
		}
		const b = summary(base);
		const h = summary(hook);
		const s = summary(bare);
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
				...extra,
			],
			ok: h.median / b.median <= 1.3,
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
