// `--codex-home` naming a folder that is not there says so once on stderr (a typo looked like "no
// Codex session"); with no option and no Codex folder nothing is said, as the issue asks.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {agentlog, freshHome} from './harness.js';

describe('--codex-home that is not a folder', () => {
	it('is said once, and the command still answers', () => {
		const h = freshHome();
		const missing = path.join(h.home, 'codx');
		for (const args of [['sessions'], ['ls'], ['status'], ['sessions', '--json']]) {
			const r = agentlog(h, [...args, '--codex-home', missing]);
			expect(r.status).toBe(0);
			const said = r.stderr.split('\n').filter(l => l.includes('--codex-home'));
			expect(said).toEqual([`agentlog: --codex-home ${missing} is not a folder: no Codex CLI sessions are read`]);
		}
		const quiet = agentlog({...h, codex: path.join(h.home, 'no-codex')}, ['sessions', '--json']);
		expect(quiet.stderr).toBe('');
	});
});
