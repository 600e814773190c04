// `ls --host` and `watch --host` through a real sshd on 127.0.0.1 with a throwaway key, where
// the machine has sshd. Its authorized_keys entry puts a shim `agentlog` (this checkout's build)
// first on the PATH and points it at a sandbox. Without sshd the test is skipped, saying why.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, writeFileSync, readFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {userInfo} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.join(path.resolve(import.meta.dirname, '..', '..', '..'), 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

function findSshd(): string | undefined {
	for (const candidate of [...(process.env.PATH ?? '').split(':').map(dir => path.join(dir, 'sshd')), '/usr/sbin/sshd', '/usr/local/sbin/sshd']) {
		if (existsSync(candidate)) {
			return candidate;
		}
	}
	return undefined;
}

const sshd = findSshd();
const hasTools = sshd !== undefined && spawnSync('ssh-keygen', ['-?']).error === undefined && spawnSync('ssh', ['-V']).error === undefined;
const SKIP_REASON = 'no sshd (or ssh, ssh-keygen) on this machine: the real-ssh test of --host is skipped (install openssh-server to run it)';

if (!hasTools) {
	// Said where it is seen: in the run's output, and in CI plainly.
	process.stderr.write(`${process.env.AGENTLOG_TEST_CI ? '[CI] ' : ''}${SKIP_REASON}\n`);
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
		});
	});
}

describe.skipIf(!hasTools)(hasTools ? 'agentlog --host through a real sshd on 127.0.0.1' : SKIP_REASON, () => {
	let server: ChildProcess | undefined;
	let sshCommand = '';
	let activity = '';
	/** Why sshd could not be used here (it would not start: e.g. no privilege separation user); undefined when it runs. */
	let unusable: string | undefined = 'sshd did not start';

	beforeAll(async () => {
		const root = tempDir('sshd-');
		const keys = path.join(root, 'keys');
		mkdirSync(keys, {mode: 0o700});
		spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(keys, 'host')]);
		spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(keys, 'user')]);
		const bin = path.join(root, 'bin');
		mkdirSync(bin);
		writeFileSync(path.join(bin, 'agentlog'), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
		chmodSync(path.join(bin, 'agentlog'), 0o755);
		const home = path.join(root, 'remote-home');
		activity = path.join(home, 'activity');
		const envs = `PATH=${bin}:$PATH HOME=${home} AGENTLOG_DIR=${activity} CLAUDE_CONFIG_DIR=${home}/.claude XDG_STATE_HOME=${home}/state`;
		const authorized = path.join(keys, 'authorized_keys');
		writeFileSync(authorized, `command="${envs} sh -c \\"$SSH_ORIGINAL_COMMAND\\"" ${readFileSync(path.join(keys, 'user.pub'), 'utf8')}`);
		chmodSync(authorized, 0o600);
		const port = await freePort();
		const config = path.join(root, 'sshd_config');
		writeFileSync(
			config,
			[
				`Port ${port}`,
				'ListenAddress 127.0.0.1',
				`HostKey ${path.join(keys, 'host')}`,
				`AuthorizedKeysFile ${authorized}`,
				`PidFile ${path.join(root, 'sshd.pid')}`,
				'StrictModes no',
				'PasswordAuthentication no',
				'KbdInteractiveAuthentication no',
				'UsePAM no',
				`AllowUsers ${userInfo().username}`,
			].join('\n'),
		);
		server = spawn(sshd!, ['-D', '-e', '-f', config], {stdio: ['ignore', 'ignore', 'pipe']});
		let said = '';
		server.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-500)));
		sshCommand = `ssh -p ${port} -i ${path.join(keys, 'user')} -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR`;
		runHook(installedHook(), JSON.stringify({session_id: SESSION, hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'Explore'}), hookEnv(activity));
		// sshd listens a moment after it starts.
		for (let i = 0; i < 50; i++) {
			if (spawnSync('ssh', [...sshCommand.split(' ').slice(1), '127.0.0.1', 'true']).status === 0) {
				unusable = undefined;
				break;
			}
			if (server.exitCode !== null) {
				break;
			}
			await new Promise(resolve => setTimeout(resolve, 100));
		}
		if (unusable !== undefined) {
			unusable = `sshd on this machine would not start or let us in (${said.trim() || 'no message'}): the real-ssh test of --host is skipped`;
			process.stderr.write(`${process.env.AGENTLOG_TEST_CI ? '[CI] ' : ''}${unusable}\n`);
		}
	}, 30_000);

	afterAll(() => {
		server?.kill();
	});

	it('ls --host reads the remote agents through ssh', ctx => {
		if (unusable !== undefined) {
			ctx.skip();
		}
		const r = spawnSync(process.execPath, [cli, 'ls', '--host', '127.0.0.1', '--ssh-command', sshCommand], {encoding: 'utf8'});
		expect(r.stderr).toBe('');
		expect(r.stdout).toContain(`session ${SESSION} on 127.0.0.1`);
		expect(r.stdout).toContain('Explore');
	});

	it('watch --host prints the remote session through ssh when stdout is not a terminal', ctx => {
		if (unusable !== undefined) {
			ctx.skip();
		}
		const r = spawnSync(process.execPath, [cli, 'watch', '--host', '127.0.0.1', '--ssh-command', sshCommand], {encoding: 'utf8', timeout: 20_000});
		expect(r.stdout).toContain('on 127.0.0.1');
		expect(r.stdout).toContain('Explore');
	});
});
