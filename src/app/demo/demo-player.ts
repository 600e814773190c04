// Plays the demo scenario through the real hook, in its installed form (agent-spy.sh with
// agent-spy.cjs beside it), exactly as Claude Code would run it: one process per event, the
// payload on stdin.
import {spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {appendFileSync, chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DEMO_LENGTH_SECONDS, demoSteps, type DemoStep} from '../../core/demo/scenario.js';
import {demoTranscriptWrites, type TranscriptWrite} from '../../core/demo/transcripts.js';
import {hookAssets, hookBundles} from '../../store/settings/assets.js';
import {CliError} from '../../core/user-error.js';
import {renderLauncher} from '../../store/settings/hook-files.js';

/**
 * Lays the hook out in `dir` as install-hook does in <claude>/hooks (the launcher with `nodePath`
 * as its fallback Node, and the bundled hook and its prune pass beside it); returns the launcher's path.
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
	for (const bundle of hookBundles(assets)) {
		copyFileSync(bundle.source, path.join(dir, bundle.name));
	}
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
	/** Where the demo's transcripts go, as Claude Code's `<claude>/projects/<project>` folder. */
	readonly projects: string;
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

/** Appends a transcript line (stamped with the time it is written) or writes a sidecar. */
function writeTranscript(sessionFolder: string, write: TranscriptWrite): void {
	const file = path.join(sessionFolder, write.file);
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		if (file.endsWith('.jsonl')) {
			appendFileSync(file, `${JSON.stringify({...(write.json as object), timestamp: new Date().toISOString()})}\n`);
		} else {
			writeFileSync(file, JSON.stringify(write.json));
		}
	} catch {
		// The demo goes on without that line.
	}
}

type Event = {readonly at: number; readonly step: DemoStep} | {readonly at: number; readonly write: TranscriptWrite};

/** Plays the scenario (again and again with `loop`, each run as a new session) until aborted. */
export async function playDemo(options: PlayOptions): Promise<void> {
	const {signal, speed} = options;
	for (let run = 1; !signal.aborted; run++) {
		const started = Date.now();
		const session = randomUUID();
		const events: Event[] = [
			...demoSteps(session, options.projects).map(step => ({at: step.at, step})),
			...demoTranscriptWrites(session).map(write => ({at: write.at, write})),
		].sort((a, b) => a.at - b.at);
		for (const event of events) {
			await sleep(started + (event.at * 1000) / speed - Date.now(), signal);
			if (signal.aborted) {
				return;
			}
			if ('write' in event) {
				writeTranscript(path.join(options.projects, session), event.write);
				continue;
			}
			options.onStep?.(run, event.step);
			await runHookOnce(options.launcher, options.activity, event.step.payload);
		}
		if (!options.loop) {
			return;
		}
		await sleep(started + (DEMO_LENGTH_SECONDS * 1000) / speed - Date.now(), signal);
	}
}
