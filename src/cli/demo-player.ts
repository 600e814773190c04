// Plays the demo scenario through the real hook, in its installed form (agent-spy.sh with
// agent-spy.cjs beside it), exactly as Claude Code would run it: one process per event, the
// payload on stdin.
import {spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DEMO_LENGTH_SECONDS, demoSteps, type DemoStep} from '../core/demo-scenario.js';
import {hookAssets} from './assets.js';
import {CliError} from './errors.js';
import {renderLauncher} from './hook-files.js';

/**
 * Lays the hook out in `dir` as install-hook does in <claude>/hooks (the launcher with `nodePath`
 * as its fallback Node, and the bundled hook beside it); returns the launcher's path.
 */
export function installHookCopy(dir: string, nodePath: string = process.execPath): string {
	const assets = hookAssets();
	if (!existsSync(assets.script)) {
		throw new CliError(`the hook is not built (${assets.script} is missing). Run \`npm run build\` in the agentlog folder.`);
	}
	mkdirSync(dir, {recursive: true});
	const launcher = path.join(dir, 'agent-spy.sh');
	writeFileSync(launcher, renderLauncher(readFileSync(assets.launcher, 'utf8'), nodePath));
	chmodSync(launcher, 0o755);
	copyFileSync(assets.script, path.join(dir, 'agent-spy.cjs'));
	return launcher;
}

/** Runs the hook once with `payload` on stdin; resolves when it exits. */
export function runHookOnce(launcher: string, activity: string, payload: unknown): Promise<void> {
	return new Promise(resolve => {
		const child = spawn(launcher, [], {env: {...process.env, AGENTLOG_DIR: activity}, stdio: ['pipe', 'ignore', 'ignore']});
		child.on('error', () => resolve());
		child.on('close', () => resolve());
		child.stdin.on('error', () => undefined);
		child.stdin.end(JSON.stringify(payload));
	});
}

export interface PlayOptions {
	readonly launcher: string;
	readonly activity: string;
	/** Scenario time is divided by this. */
	readonly speed: number;
	readonly loop: boolean;
	readonly signal: AbortSignal;
	/** Told before each step runs (run number from 1, the step, scenario seconds). */
	readonly onStep?: (run: number, step: DemoStep) => void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise(resolve => {
		if (signal.aborted || ms <= 0) {
			resolve();
			return;
		}
		const timer = setTimeout(done, ms);
		function done() {
			clearTimeout(timer);
			signal.removeEventListener('abort', done);
			resolve();
		}
		signal.addEventListener('abort', done, {once: true});
	});
}

/** Plays the scenario (again and again with `loop`, each run as a new session) until aborted. */
export async function playDemo(options: PlayOptions): Promise<void> {
	const {signal, speed} = options;
	for (let run = 1; !signal.aborted; run++) {
		const started = Date.now();
		for (const step of demoSteps(randomUUID())) {
			await sleep(started + (step.at * 1000) / speed - Date.now(), signal);
			if (signal.aborted) {
				return;
			}
			options.onStep?.(run, step);
			await runHookOnce(options.launcher, options.activity, step.payload);
		}
		if (!options.loop) {
			return;
		}
		await sleep(started + (DEMO_LENGTH_SECONDS * 1000) / speed - Date.now(), signal);
	}
}
