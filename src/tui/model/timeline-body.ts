// The timeline body of watch (key t): the rows the list would show (the same order, nesting and
// workflow runs) as bars on a time axis, windowed around the selection, zoomed and panned. Pure.
import {clip, fit} from '../../core/text/cut.js';
import type {MonitorModel} from '../../core/monitor/model.js';
import type {ViewItem} from '../../core/monitor/view.js';
import type {LifecycleStep} from '../../core/record/fold-state.js';
import type {SessionLifecycle} from '../../core/record/lifecycle.js';
import type {WorkflowGroup} from '../../core/workflow/group.js';
import {columnSpan, drawTimeline, liveWindow, zoomedWindow, type Lane, type Run as TimelineRun} from '../../present/timeline.js';
import {laneOf} from '../../present/timeline-lanes.js';
import {runName} from '../../present/workflow-text.js';
import {windowStart} from './layout.js';
import type {UiModel} from './ui-state.js';
import {runRowId, type Row} from './workflow-rows.js';

/** One row of the timeline: the label (with the selection mark) and the bar's stretches, each drawn in its colour. */
export interface TimelineLine {
	readonly id: string;
	readonly label: string;
	readonly bar: readonly TimelineRun[];
	readonly selected: boolean;
}

/** Whether two rows draw the same (a key that moves the selection or a clock tick leaves most rows so). */
export function sameTimelineLine(a: TimelineLine, b: TimelineLine): boolean {
	return (
		a.id === b.id &&
		a.label === b.label &&
		a.selected === b.selected &&
		a.bar.length === b.bar.length &&
		a.bar.every((run, i) => run.kind === b.bar[i]!.kind && run.text === b.bar[i]!.text)
	);
}

export interface TimelineBody {
	readonly kind: 'timeline';
	readonly axis: string;
	readonly rows: readonly TimelineLine[];
	readonly concurrency: string;
}

/** What the timeline reads of the screen's input. */
export interface TimelineInput {
	readonly view: MonitorModel;
	readonly ui: Pick<UiModel, 'selectedId' | 'zoom' | 'pan'>;
	readonly now: number;
	readonly lifecycle?: SessionLifecycle;
}

/** A run's lane: from its first agent's start to its last one's stop (or now, while one runs). */
function runLane(group: WorkflowGroup, folded: boolean, members: readonly Lane[]): Lane | undefined {
	if (members.length === 0) {
		return undefined;
	}
	const running = group.state === 'running' || members.some(lane => lane.stopMs === undefined);
	const stop = Math.max(...members.map(lane => lane.stopMs ?? 0));
	return {
		id: runRowId(group.runId),
		label: runName(group, folded),
		startMs: Math.min(...members.map(lane => lane.startMs)),
		...(running ? {} : {stopMs: stop}),
		status: running
			? 'active'
			: group.state === 'failed'
				? 'failed'
				: group.state === 'interrupted'
					? 'interrupted'
					: group.state === 'stopped'
						? 'user-stopped'
						: 'completed',
	};
}

const NO_STEPS: readonly LifecycleStep[] = [];

interface MadeLane {
	readonly steps: readonly LifecycleStep[];
	/** The time it was made at, when it depends on it (a lane that runs to now); undefined otherwise. */
	readonly now: number | undefined;
	readonly lane: Lane | undefined;
}

/**
 * The lanes made so far, by item (its own, and one level in under a run's row): an item's lane is
 * made again only when the item, its steps or (for a lane that runs to now) the time changed. Keys
 * that move the selection, zoom or pan change none of them, and each made all the lanes again
 * (parsing every agent's times); a clock tick remade the lanes of the agents that had stopped too.
 */
const madeLanes = {own: new WeakMap<ViewItem, MadeLane>(), inRun: new WeakMap<ViewItem, MadeLane>()};

/** `laneOf` the item (one level deeper in a run), or the lane made before from the same item, steps and time. */
function laneFor(item: ViewItem & {readonly name?: string | undefined}, inRun: boolean, steps: readonly LifecycleStep[], now: number): Lane | undefined {
	const made = inRun ? madeLanes.inRun : madeLanes.own;
	const before = made.get(item);
	if (before !== undefined && before.steps === steps && (before.now === undefined || before.now === now)) {
		return before.lane;
	}
	const lane = laneOf(inRun ? {...item, depth: item.depth + 1} : item, steps, now);
	// A lane with a stop (or none at all) reads no time: its idles end at the stop.
	made.set(item, {steps, now: lane === undefined || lane.stopMs !== undefined ? undefined : now, lane});
	return lane;
}

/** The timeline of the rows the list would show (the same order, nesting and runs), the selected one marked. */
export function timelineBody(
	input: TimelineInput,
	rows: readonly Row[],
	ids: readonly string[],
	width: number,
	height: number,
): {body: TimelineBody; page: number; window: string} {
	const {view, ui, now} = input;
	const steps = (id: string) => input.lifecycle?.agents.get(id)?.steps ?? NO_STEPS;
	// Every agent the view keeps (the capped-out ones too): runs span them, the "at once" line counts them.
	const agentLanes = new Map<string, Lane>();
	for (const item of view.uncapped ?? view.items) {
		const lane = laneFor(item, false, steps(item.agent.agentId), now);
		if (lane !== undefined) {
			agentLanes.set(item.agent.agentId, lane);
		}
	}
	const lanes: Lane[] = [];
	// Runs' rows are not counted at once: their agents are.
	const counted: Lane[] = [...agentLanes.values()];
	for (const row of rows) {
		if (row.kind === 'run') {
			const members = row.group.agentIds.flatMap(id => agentLanes.get(id) ?? []);
			const lane = runLane(row.group, row.folded, members);
			if (lane !== undefined) {
				lanes.push(lane);
			}
			continue;
		}
		const lane = laneFor(row.item, row.inRun, steps(row.item.agent.agentId), now);
		if (lane !== undefined) {
			lanes.push(lane);
		}
	}
	// The axis and the line of how many ran at once take two lines.
	const visible = Math.max(1, height - 2);
	const index = ids.indexOf(ui.selectedId ?? '');
	const first = windowStart(index, lanes.length, visible);
	const shown = lanes.slice(first, first + visible).map(lane => ({...lane, label: `${lane.id === ui.selectedId ? '▸' : ' '} ${lane.label}`}));
	const time = zoomedWindow(liveWindow(lanes, now, ui.zoom), ui.zoom, ui.pan);
	const picture = drawTimeline(shown, {width, nowMs: now, window: time, utcOffsetMin: -new Date(now).getTimezoneOffset(), counted});
	const rowsShown = shown.length < lanes.length ? `${first + 1}–${first + shown.length} of ${lanes.length}` : '';
	return {
		body: {
			kind: 'timeline',
			axis: clip(picture.axis, width),
			rows: picture.rows.map(row => ({id: row.id, label: row.label, bar: row.bar, selected: row.id === ui.selectedId})),
			concurrency: clip(`${fit('at once', picture.labelWidth).padEnd(picture.labelWidth)} ${picture.concurrency}`, width),
		},
		page: visible,
		window: [rowsShown, `${columnSpan(picture.msPerColumn)}/col · peak ${picture.peak}`].filter(Boolean).join(' · '),
	};
}
