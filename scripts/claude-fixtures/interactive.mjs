// Runs the real interactive Claude Code (its TUI, not `-p`) unattended in a tmux session of its own
// (a socket in the scenario's root), for the scenarios that need what only the TUI does: permission
// dialogs, in-process teammates. The scenario's `interactive(ctl)` drives it: types the prompt,
// waits on the pane and on what the stand-in served, presses keys, takes the `mid` snapshot, and ends
// with `/exit`. docs/claude-code-hooks.md#seen-on-the-real-client-interactive says how the client runs with no dialog of its own.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sleep = ms => new Promise(r => setTimeout(r, ms));

/**
 * `<CLAUDE_CONFIG_DIR>/.claude.json` as an onboarded user leaves it: no onboarding, theme, API-key
 * or folder-trust dialog shows (the key is approved by its last 20 characters).
 */
export function seedInteractiveConfig(dirs, apiKey, version) {
	const config = {
		hasCompletedOnboarding: true,
		lastOnboardingVersion: version,
		theme: 'dark',
		customApiKeyResponses: {approved: [apiKey.slice(-20)], rejected: []},
		projects: {[fs.realpathSync(dirs.workspace)]: {hasTrustDialogAccepted: true, allowedTools: []}},
	};
	fs.writeFileSync(path.join(dirs.claude, '.claude.json'), JSON.stringify(config, null, 2) + '\n');
}

const readJsonl = file =>
	fs.existsSync(file)
		? fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.filter(Boolean)
				.flatMap(line => {
					try {
						return [JSON.parse(line)];
					} catch {
						return [];
					}
				})
		: [];

/**
 * Starts `env -i <env> <bin> <args>` in a detached tmux session (160×50), runs `drive(ctl)`, then
 * waits for the client to exit. Resolves with its exit code, when it exited and when the snapshot
 * (if any) was taken. The tmux server is ended in every case.
 */
export async function runInTmux({bin, args, env, dirs, drive, served, snapshot, timeoutMs}) {
	const socket = path.join(dirs.root, 'tmux.sock');
	const exitFile = path.join(dirs.root, 'exit-code');
	const tmux = (...a) => spawnSync('tmux', ['-S', socket, ...a], {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: dirs.home, TERM: 'xterm-256color'}});
	const vars = Object.entries(env)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => `${k}=${v}`);
	const started = tmux(
		...['new-session', '-d', '-s', 'fx', '-x', '160', '-y', '50', '-c', dirs.workspace],
		...['/bin/sh', '-c', `"$0" "$@"; echo $? > '${exitFile}'`, '/usr/bin/env', '-i', ...vars, bin, ...args],
	);
	if (started.status !== 0) throw new Error(`tmux new-session failed: ${started.stderr}`);
	const deadline = Date.now() + timeoutMs;
	let snapshotAt = null;
	const pane = () => tmux('capture-pane', '-p', '-t', 'fx').stdout ?? '';
	const waitFor = async (what, test, ms = 60_000) => {
		const until = Math.min(Date.now() + ms, deadline);
		for (;;) {
			const value = test();
			if (value) return value;
			if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the pane:\n${pane()}`);
			await sleep(250);
		}
	};
	const ctl = {
		pane,
		sleep,
		served,
		payloads: () => readJsonl(path.join(dirs.root, 'hook-payloads.jsonl')),
		waitFor,
		waitForPane: (re, ms) => waitFor(String(re), () => re.test(pane()), ms),
		/** Types `text` as keystrokes (literally), then Enter. */
		async type(text) {
			tmux('send-keys', '-t', 'fx', '-l', text);
			await sleep(500);
			tmux('send-keys', '-t', 'fx', 'Enter');
		},
		keys: (...keys) => tmux('send-keys', '-t', 'fx', ...keys),
		save: (file, value) => fs.writeFileSync(path.join(dirs.root, file), value),
		snapshot() {
			snapshotAt = snapshot();
			return snapshotAt;
		},
	};
	try {
		await drive(ctl);
		await waitFor('the client to exit', () => fs.existsSync(exitFile) && fs.readFileSync(exitFile, 'utf8').trim() !== '', 60_000);
		const code = Number(fs.readFileSync(exitFile, 'utf8').trim());
		return {code, exitedAt: new Date(fs.statSync(exitFile).mtimeMs).toISOString(), snapshotAt};
	} finally {
		const last = pane();
		if (last.trim() && !fs.existsSync(path.join(dirs.root, 'pane.txt'))) ctl.save('pane.txt', last);
		tmux('kill-server');
		fs.rmSync(socket, {force: true});
	}
}
