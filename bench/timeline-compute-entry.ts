// Bundled by bench/timeline.mjs and run in a process of its own: the pure compute of one `watch`
// frame's model (buildScreen: header, rows, body, footer) for a session, as the app makes it on a
// key, without Ink. Prints JSON: per-frame ms of the list (the baseline), the timeline at its
// zoom levels and panned, and of nothing (the loop alone). Reads the session named by
// AGENTLOG_DIR / BENCH_SESSION the way `watch <session>` does.
import path from 'node:path';
import {activityRoots, readSessionModel, transcriptReader} from '../src/app/session/load.js';
import {DEFAULT_STALE_MS} from '../src/core/monitor/stale.js';
import {SessionEventFollower} from '../src/store/history/session-event-follower.js';
import {paneSize} from '../src/tui/model/layout.js';
import {buildScreen, type ScreenInput} from '../src/tui/model/screen-model.js';
import {initialUiModel, type UiModel} from '../src/tui/model/ui-state.js';

const activity = process.env.AGENTLOG_DIR!;
const sessionId = process.env.BENCH_SESSION!;
const columns = Number(process.env.BENCH_COLUMNS ?? 250);
const rows = Number(process.env.BENCH_ROWS ?? 60);
const frames = Number(process.env.BENCH_FRAMES ?? 200);

const {model: view, now} = await readSessionModel(
	activity,
	sessionId,
	{staleMs: DEFAULT_STALE_MS, dedup: true, showGhosts: false, showAll: true},
	transcriptReader(activityRoots(activity)),
);
const follower = new SessionEventFollower(path.join(activity, sessionId));
follower.read();
const lifecycle = follower.getSnapshot();
const base = initialUiModel();
const selectedId = view.items[Math.floor(view.items.length / 2)]?.agent.agentId;
const input = (ui: Partial<UiModel>): ScreenInput => ({
	size: paneSize(columns, rows),
	activity,
	activityExists: true,
	sessionId,
	following: false,
	view,
	warnings: 0,
	ui: {...base, showAll: true, selectedId, ...ui},
	now,
	keyboard: true,
	time: iso => iso.slice(11, 19),
	markdown: () => undefined,
	lifecycle,
});

/** ms per frame over `frames` frames, each from its own input (as a key makes a new UI state). */
function perFrame(make: (i: number) => ScreenInput | undefined): number[] {
	const out: number[] = [];
	let sink = 0;
	for (let i = 0; i < frames; i++) {
		const t0 = performance.now();
		const given = make(i);
		if (given !== undefined) {
			sink += buildScreen(given).footer.length;
		}
		out.push(performance.now() - t0);
	}
	if (sink < 0) {
		process.stdout.write('');
	}
	return out;
}

const list = perFrame(() => input({}));
const zoom = perFrame(i => input({timeline: true, zoom: i % 4}));
const pan = perFrame(i => input({timeline: true, zoom: 2, pan: i % 3}));
const nothing = perFrame(() => undefined);
process.stdout.write(`${JSON.stringify({agents: view.items.length, list, zoom, pan, nothing})}\n`);
