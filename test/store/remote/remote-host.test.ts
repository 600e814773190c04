// One host's stream as the store reads it: through a child process standing in for ssh, whose
// misbehaviour (no agentlog, another protocol, garbage, silence, a drop) becomes a status that
// says what to do, with the last known agents kept and a retry planned.
import path from 'node:path';
import {writeFileSync} from 'node:fs';
import {afterEach, describe, expect, it} from 'vitest';
import {RemoteHost, type HostPhase} from '../../../src/store/remote/remote-host.js';
import {tempDir} from '../../helpers/tmp.js';
import {streamAgentFixture} from '../../helpers/stream-agents.js';

const fakeSsh = path.resolve(import.meta.dirname, '..', '..', 'helpers', 'fake-ssh.mjs');
let host: RemoteHost | undefined;
afterEach(() => host?.close());

function configFor(modes: Record<string, object>): string {
	const file = path.join(tempDir('fake-ssh-'), 'hosts.json');
	writeFileSync(file, JSON.stringify(modes));
	return file;
}

function open(target: string, config: string, argv?: readonly string[]): RemoteHost {
	host = new RemoteHost({
		label: target,
		argv: argv ?? [process.execPath, fakeSsh, target, 'agentlog stream'],
		version: '1.0.0',
		helloMs: 500,
		backoffMs: 100,
		backoffCapMs: 400,
		env: {...process.env, FAKE_SSH_CONFIG: config},
	});
	host.start();
	return host;
}

function until(h: RemoteHost, test: (h: RemoteHost) => boolean): Promise<void> {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const check = () => {
			if (test(h)) {
				resolve();
			} else if (Date.now() - started > 8000) {
				reject(new Error(`still ${h.status.phase}: ${h.status.message ?? ''}`));
			} else {
				setTimeout(check, 10);
			}
		};
		check();
	});
}

const phase = (p: HostPhase) => (h: RemoteHost) => h.status.phase === p;

describe('RemoteHost', () => {
	it('says what to install when the host has no agentlog, and tries again later', async () => {
		const h = open('gpu1', configFor({gpu1: {mode: 'missing'}}));
		await until(h, phase('missing'));
		expect(h.status.message).toContain('npm i -g agentlog');
		expect(h.status.retryAt).toBeGreaterThan(Date.now() + 200);
	});

	it('names the version to install when the host speaks another protocol', async () => {
		const h = open('old', configFor({old: {mode: 'old'}}));
		await until(h, phase('incompatible'));
		expect(h.status.message).toBe('runs agentlog 9.0.0 (stream protocol 9), this one reads 1: run `npm i -g agentlog@1.0.0` there');
	});

	it('marks a host that never says hello as not responding', async () => {
		const h = open('hang', configFor({hang: {mode: 'hang'}}));
		await until(h, phase('not-responding'));
		expect(h.status.message).toContain('no answer in 1s');
	});

	it('skips garbage, keeps what is valid (made safe) and holds no huge line', async () => {
		const h = open('junk', configFor({junk: {mode: 'garbage'}}));
		await until(h, x => x.status.badLines >= 3 && x.state.agents.size === 1);
		const agent = h.state.agents.get('evil1')!;
		expect(JSON.stringify(agent)).not.toMatch(/\\u001b|\\u0007|\u202E/u);
		expect(agent.type).toContain('␛[31m');
		expect(h.status.phase).toBe('connected');
	});

	it('keeps the last known agents when the connection drops, and connects again', async () => {
		const script = `process.stdout.write(${JSON.stringify(
			`${JSON.stringify({v: 1, type: 'hello', agentlog: '1.0.0', protocol: 1})}\n${JSON.stringify({v: 1, type: 'snapshot', session: 's1', following: true, agents: [streamAgentFixture('a1')]})}\n`,
		)}); setTimeout(() => process.exit(0), 150);`;
		const h = open('devbox', configFor({}), [process.execPath, '-e', script]);
		await until(h, x => x.state.agents.size === 1 && x.status.phase === 'connected');
		await until(h, phase('disconnected'));
		expect(h.state.agents.has('a1')).toBe(true);
		expect(h.status.message).toBe('connection lost');
		await until(h, phase('connected'));
		expect(h.state.agents.has('a1')).toBe(true);
	});
});
