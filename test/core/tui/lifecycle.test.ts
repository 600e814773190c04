// A stop reason in words, for Claude Code's and Codex CLI's agents alike.
import {describe, expect, it} from 'vitest';
import {stopReasonText} from '../../../src/core/tui/lifecycle.js';

describe('stopReasonText', () => {
	it('says nothing for a plain stop of either tool', () => {
		expect(['subagent-stop', 'task-complete', '', undefined].map(stopReasonText)).toEqual(['', '', '', '']);
	});

	it('says why in words: a session end, a parent call, a Codex turn aborted', () => {
		expect(stopReasonText('session-end:clear')).toBe('session ended (clear)');
		expect(stopReasonText('tool:interrupted')).toBe("its parent's call came back interrupted");
		expect(stopReasonText('turn-aborted:interrupted')).toBe('its turn was aborted (interrupted)');
	});
});
