// `agentlog demo`, the part that runs: a temporary activity folder (removed on exit, Ctrl+C
// included), the scenario played through the real hook, and the real watcher and screen.
import {snapshotColumns} from '../shared/snapshot-columns.js';
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {render} from 'ink';
import {INK_RENDER_OPTIONS} from '../../tui/render-options.js';
import {DEMO_LENGTH_SECONDS, DEMO_STALE_SECONDS, DEMO_TRANSCRIPTS_DIR} from '../../core/demo/scenario.js';
import {openLiveSession} from '../../app/session/live.js';
import {listSessionDirs} from '../../store/activity/read-agents.js';
import {App} from '../../tui/App.js';
import type {DemoOptions} from '../shared/command-options.js';
import {transcriptReader} from '../../app/session/load.js';
import {installHookCopy, playDemo} from '../../app/demo/demo-player.js';
import {snapshotText} from './watch-run.js';

/** Scenario seconds as m:ss. */
function clock(seconds: number): string {
	const s = Math.floor(seconds);
	return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Said when the live screen was wanted but there is no terminal: what happens and how to change it. */
export function demoWithoutTerminalHint(speed: number): string {
	const seconds = Math.round(DEMO_LENGTH_SECONDS / speed);
	return (
		`agentlog demo: stdout is not a terminal, so the events are printed as they play instead of the live screen.\n` +
		`  This takes about ${seconds} s${speed === 1 ? '' : ` at --speed ${speed}`}. \`--speed 20\` plays it faster; Ctrl+C stops it; run it in a terminal to see the screen.\n`
	);
}

export async function runDemo(options: DemoOptions): Promise<void> {
	const temp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-demo-'));
	const activity = options.dir ? path.resolve(options.dir) : path.join(temp, 'agent-activity');
	const controller = new AbortController();
	const stop = () => controller.abort();
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	for (const signal of signals) {
		process.on(signal, stop);
	}
	// A closed stdout (`agentlog demo | head`) ends the process at once; the folder goes too.
	const removeTemp = () => rmSync(temp, {recursive: true, force: true});
	process.once('exit', removeTemp);
	try {
		const launcher = installHookCopy(path.join(temp, 'hooks'));
		mkdirSync(activity, {recursive: true});
		const staleMs = (DEMO_STALE_SECONDS * 1000) / options.speed;
		// The transcripts Claude Code would write; with --dir they are kept too, in a dot folder
		// that readers of the activity folder skip.
		const projects = options.dir ? path.join(activity, DEMO_TRANSCRIPTS_DIR, '-home-dev-acme') : path.join(temp, 'projects', '-home-dev-acme');
		const play = (onStep: Parameters<typeof playDemo>[0]['onStep']) =>
			playDemo({launcher, activity, projects, speed: options.speed, loop: Boolean(options.loop), signal: controller.signal, onStep});

		if (!options.ui || !process.stdout.isTTY) {
			process.stdout.write(`agentlog demo: playing the scenario into ${activity}\n`);
			if (options.ui) {
				process.stderr.write(demoWithoutTerminalHint(options.speed));
			}
			await play((run, step) => {
				if (step.note) {
					process.stdout.write(`${options.loop ? `run ${run} ` : ''}${clock(step.at)}  ${step.note}\n`);
				}
			});
			const session = listSessionDirs(activity)[0]?.id;
			// The demo's transcripts are outside <claude>/projects: the snapshot may read that folder too.
			process.stdout.write(
				`\n${await snapshotText(activity, session, true, {stale: staleMs, dedup: true, max: 8}, snapshotColumns(), transcriptReader([projects], {keepStates: false}))}`,
			);
			if (options.dir) {
				process.stdout.write(`\nThe files stay in ${activity}.\n`);
			}
			return;
		}

		// The demo writes its transcripts outside <claude>/projects: allow that folder.
		const live = openLiveSession(activity, {roots: [projects]});
		live.start();
		const keyboard = Boolean(process.stdin.isTTY);
		const screen = (note: string) => (
			<App source={live.agents} transcripts={live.transcripts} workflows={live.workflows} staleMs={staleMs} max={8} dedup keyboard={keyboard} note={note} />
		);
		const app = render(screen('demo · starting…'), INK_RENDER_OPTIONS);
		controller.signal.addEventListener('abort', () => app.unmount(), {once: true});
		const played = play((run, step) => {
			if (step.note) {
				app.rerender(screen(`demo${run > 1 ? ` run ${run}` : ''} · ${clock(step.at)} · ${step.note}`));
			}
		}).then(() => {
			if (!controller.signal.aborted) {
				app.rerender(screen('demo finished · Enter opens an agent · g shows the ghosts · q quits'));
			}
		});
		try {
			await app.waitUntilExit();
		} finally {
			controller.abort();
			await played;
			await live.close();
		}
	} finally {
		for (const signal of signals) {
			process.off(signal, stop);
		}
		process.off('exit', removeTemp);
		removeTemp();
	}
}
