// Runs a command in a real pseudo-terminal under tmux (on its own server socket) and reads the
// screen as a person would see it.
import {execFileSync, spawnSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/** CI must run the end-to-end tests: there a missing tmux fails them instead of skipping them. */
export const tmuxRequired = Boolean(process.env.AGENTLOG_TEST_CI);

/**
 * `describe` for tests that need a real terminal: runs them when tmux is there; without tmux it
 * skips them on a developer's machine, and fails in CI with a test that says what to install.
 */
export function describeInTerminal(name: string, body: () => void): void {
	if (hasTmux) {
		describe(name, body);
	} else if (tmuxRequired) {
		describe(name, () => {
			it('needs tmux, which CI must have (apt-get install tmux)', () => {
				expect.fail('tmux is not installed: the end-to-end tests cannot run. Install it with `apt-get install tmux`.');
			});
		});
	} else {
		describe.skip(name, body);
	}
}

export class TmuxPane {
	private readonly socket = `agentlog-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

	constructor(command: string, columns: number, rows: number, env: Record<string, string>) {
		const exports = Object.entries(env)
			.map(([k, v]) => `${k}='${v.replaceAll("'", "'\\''")}'`)
			.join(' ');
		this.tmux('new-session', '-d', '-s', 'e2e', '-x', String(columns), '-y', String(rows), `env ${exports} ${command}; echo "[exit $?]"; sleep 30`);
	}

	private tmux(...args: string[]): string {
		return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], {encoding: 'utf8'});
	}

	screen(withColours = false): string {
		return this.tmux('capture-pane', '-p', ...(withColours ? ['-e'] : []), '-t', 'e2e');
	}

	/** The pane's title: what an OSC 0/2 sequence that reached the terminal would have set. */
	title(): string {
		return this.tmux('display-message', '-p', '-t', 'e2e', '#{pane_title}').trim();
	}

	keys(...keys: string[]): void {
		for (const key of keys) {
			this.tmux('send-keys', '-t', 'e2e', key);
		}
	}

	/** Sends the keys in one write, as a fast typist or a loaded machine delivers them: one chunk. */
	keysTogether(...keys: string[]): void {
		this.tmux('send-keys', '-t', 'e2e', ...keys);
	}

	resize(columns: number, rows: number): void {
		this.tmux('resize-window', '-t', 'e2e', '-x', String(columns), '-y', String(rows));
	}

	/** Polls the screen until `test` passes; returns the screen then. */
	async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
		const end = Date.now() + timeoutMs;
		let screen = '';
		while (Date.now() < end) {
			screen = this.screen();
			if (test(screen)) {
				return screen;
			}
			await new Promise(resolve => setTimeout(resolve, 50));
		}
		throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
	}

	kill(): void {
		spawnSync('tmux', ['-L', this.socket, 'kill-server']);
	}
}
