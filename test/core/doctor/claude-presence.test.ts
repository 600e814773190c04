// Claude Code's checks are left out only when Codex CLI is here and Claude Code is not.
import {describe, expect, it} from 'vitest';
import {claudeAbsentCheck, codexOnly} from '../../../src/core/doctor/claude-presence.js';

describe('codexOnly', () => {
	it('is true only for a Codex folder without a Claude Code folder', () => {
		const at = (claudeFound: boolean, codexFound: boolean) => codexOnly({claudePath: '/h/.claude', claudeFound, codexFound});
		expect([at(false, true), at(true, true), at(true, false), at(false, false)]).toEqual([true, false, false, false]);
	});

	it('says so as a note that fails nothing, with what to do once Claude Code is used', () => {
		expect(claudeAbsentCheck({claudePath: '/h/.claude', claudeFound: false, codexFound: true})).toEqual({
			id: 'claude',
			ok: true,
			level: 'note',
			summary: "Claude Code's folder /h/.claude is not there: its checks are left out (only Codex CLI is here)",
			fix: 'when you use Claude Code, run agentlog install-hook, then agentlog doctor again',
		});
	});
});
