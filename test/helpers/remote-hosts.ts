// Remote hosts without a network, for tests and benches: a folder with a fake `ssh` (fake-ssh.mjs)
// to put first on the PATH, and the file that tells it what each target is: another sandbox
// (its own HOME and activity folder) running this checkout's agentlog, or a misbehaving host.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from './tmp.js';

const fakeSsh = path.resolve(import.meta.dirname, 'fake-ssh.mjs');

export type FakeMode = 'ok' | 'missing' | 'old' | 'garbage' | 'hang' | 'answer';

export interface FakeHosts {
	/** The environment to run the local agentlog with (PATH and the fake's config). */
	readonly env: Record<string, string>;
	/** The activity folder of a target that runs agentlog. */
	activity(target: string): string;
	/** Ends the target's current connection (the fake ssh process), as a network drop would. */
	drop(target: string): void;
}

/** `answers`: what a host in mode `answer` prints to any command. */
export function fakeHosts(hosts: Record<string, FakeMode>, answers: Record<string, string> = {}): FakeHosts {
	const root = tempDir('remote-');
	const bin = path.join(root, 'bin');
	mkdirSync(bin);
	symlinkSync(fakeSsh, path.join(bin, 'ssh'));
	const config: Record<string, {mode: FakeMode; env?: Record<string, string>; answer?: string}> = {};
	for (const [target, mode] of Object.entries(hosts)) {
		const home = path.join(root, target);
		config[target] = {
			mode,
			env: {HOME: home, AGENTLOG_DIR: path.join(home, 'activity'), CLAUDE_CONFIG_DIR: path.join(home, '.claude'), XDG_STATE_HOME: path.join(home, 'state')},
			...(answers[target] === undefined ? {} : {answer: answers[target]}),
		};
	}
	const configFile = path.join(root, 'hosts.json');
	writeFileSync(configFile, JSON.stringify(config));
	return {
		env: {PATH: `${bin}:${process.env.PATH ?? ''}`, FAKE_SSH_CONFIG: configFile},
		activity: target => config[target]!.env!.AGENTLOG_DIR!,
		drop: target => process.kill(Number(readFileSync(`${configFile}.${target}.pid`, 'utf8')), 'SIGTERM'),
	};
}

const cli = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');

/** This machine's environment for a test: its own HOME, activity and state folders, no colour; then `extra` (the fake hosts' env). */
export function localEnv(extra: Record<string, string>): Record<string, string> {
	const home = tempDir('home-');
	return {
		HOME: home,
		AGENTLOG_DIR: path.join(home, 'activity'),
		XDG_STATE_HOME: path.join(home, 'state'),
		CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
		TERM: 'xterm-256color',
		NO_COLOR: '1',
		...extra,
	};
}

/** The built agentlog run once on this machine (100 columns), with the fake hosts' env. */
export function runLocal(args: readonly string[], env: Record<string, string>) {
	return spawnSync(process.execPath, [cli, ...args], {encoding: 'utf8', maxBuffer: 64 << 20, env: {...process.env, COLUMNS: '100', ...localEnv(env)}});
}
