// `timeline --json`: each lane as JSON, times as ISO strings, null for what has not happened.
import type {Lane, LaneStatus, MarkKind} from './timeline.js';

export interface TimelineJsonLane {
	readonly agentId: string;
	readonly label: string;
	readonly status: LaneStatus;
	readonly startedAt: string;
	readonly stoppedAt: string | null;
	readonly idle: readonly {readonly from: string; readonly to: string | null}[];
	readonly marks: readonly {readonly kind: MarkKind; readonly at: string}[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function timelineJson(lanes: readonly Lane[]): TimelineJsonLane[] {
	return lanes.map(lane => ({
		agentId: lane.id,
		label: lane.label,
		status: lane.status,
		startedAt: iso(lane.startMs),
		stoppedAt: lane.stopMs === undefined ? null : iso(lane.stopMs),
		idle: (lane.idle ?? []).map(span => ({from: iso(span.fromMs), to: span.toMs === undefined ? null : iso(span.toMs)})),
		marks: (lane.marks ?? []).map(mark => ({kind: mark.kind, at: iso(mark.ms)})),
	}));
}
