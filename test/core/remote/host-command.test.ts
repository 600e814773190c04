// What runs to reach a host: nothing from the command line can become an ssh option or reach the
// remote shell unquoted.
import {describe, expect, it} from 'vitest';
import {hostArgv, hostLabel} from '../../../src/core/remote/host-command.js';

const self = ['/usr/bin/node', '/opt/agentlog.js'];

describe('hostArgv', () => {
	it('runs ssh with the target and the agentlog command', () => {
		expect(hostArgv('me@devbox', ['stream'], {self})).toEqual({ok: true, value: ['ssh', 'me@devbox', 'agentlog stream']});
		expect(hostArgv('devbox', ['stream', 'abc123'], {self, sshCommand: ' ssh -p 2222 '})).toEqual({
			ok: true,
			value: ['ssh', '-p', '2222', 'devbox', 'agentlog stream abc123'],
		});
	});

	it('runs this machine’s own agentlog for `local`', () => {
		expect(hostArgv('local', ['stream'], {self})).toEqual({ok: true, value: [...self, 'stream']});
	});

	it('refuses a target that ssh would read as an option, and words the remote shell would read', () => {
		for (const target of ['-oProxyCommand=touch /tmp/x', '', 'a b', 'a\nb']) {
			expect(hostArgv(target, ['stream'], {self}).ok, target).toBe(false);
		}
		for (const word of ['$(reboot)', 'a;b', "it's", 'a b']) {
			expect(hostArgv('devbox', ['stream', word], {self}).ok, word).toBe(false);
		}
		expect(hostArgv('devbox', ['stream'], {self, sshCommand: '  '}).ok).toBe(false);
	});
});

describe('hostLabel', () => {
	it('names the host part, safe and short', () => {
		expect(hostLabel('me@devbox')).toBe('devbox');
		expect(hostLabel('x'.repeat(40))).toBe(`${'x'.repeat(23)}…`);
	});
});
