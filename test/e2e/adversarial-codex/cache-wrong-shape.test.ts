// $XDG_STATE_HOME/agentlog/codex-cache.json that parses and has the entry shape the loader checks
// (ino, offset, thread an object) for a rollout whose inode, size and mtime match, but whose thread
// lacks a field (toolCounts null: an older or newer build's cache of the same version number, or a
// damaged file). README: "A corrupt cache counts as no cache; deleting it is always safe." Here
// sessions and status die with a TypeError stack trace.
import {statSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {childRunLines, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

describe('a Codex cache entry of the right outline but a wrong thread', () => {
	it('counts as no cache: sessions and status answer, no stack trace', () => {
		const h = freshHome();
		const t0 = Date.now() - 60_000;
		writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
		const file = writeRollout(h.codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task', '', true));
		const st = statSync(file);
		const entry = {
			ino: st.ino,
			size: st.size,
			mtimeMs: st.mtimeMs,
			offset: st.size,
			skipping: false,
			longLines: 0,
			thread: {meta: {threadId: C1, sessionId: ROOT, isChild: true}, phase: 'active', toolCounts: null, lines: 1, badLines: 0},
		};
		const dir = path.join(h.state, 'agentlog');
		mkdirSync(dir, {recursive: true});
		for (const name of ['codex-cache.json', 'codex-live-cache.json']) {
			writeFileSync(path.join(dir, name), JSON.stringify({v: 1, files: {[file]: entry}}));
		}
		for (const args of [
			['sessions', '--json'],
			['status', '--format', 'json'],
		]) {
			const r = agentlog(h, args);
			// Actual: exit 1, "agentlog: unexpected error: TypeError: Cannot convert undefined or null to object" and a stack.
			expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
			expect(r.status).toBe(0);
			expect(r.stdout).toContain(ROOT);
		}
	});
});
