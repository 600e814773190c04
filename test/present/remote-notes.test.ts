import {describe, expect, it} from 'vitest';
import {notReadText} from '../../src/present/remote-notes.js';

describe('notReadText', () => {
	it('says records past the cap are over the limit, not that they were not valid', () => {
		expect(notReadText('devbox', 'agent', 0, 100, 500)).toBe('agentlog: 100 agents from devbox over the 500 limit not shown\n');
		expect(notReadText('devbox', 'session', 1, 0, 2000)).toBe('agentlog: 1 session from devbox skipped (not valid)\n');
		expect(notReadText('devbox', 'agent', 2, 1, 500)).toBe(
			'agentlog: 2 agents from devbox skipped (not valid)\nagentlog: 1 agent from devbox over the 500 limit not shown\n',
		);
		expect(notReadText('devbox', 'agent', 0, 0, 500)).toBe('');
	});
});
