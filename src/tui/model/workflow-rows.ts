// Where workflow runs sit among the rows of watch: a run is a row of its own, at the place of its
// newest agent shown, with its agents right under it (one level in), or alone when folded. Rows of
// runs have ids of their own (`workflow:<run id>`: no agent id has a colon). Pure.
import type {MonitorItem, MonitorModel} from '../../core/monitor/model.js';
import type {WorkflowGroup} from '../../core/workflow/group.js';

export type Row =
	| {readonly kind: 'agent'; readonly item: MonitorItem; readonly inRun: boolean}
	| {readonly kind: 'run'; readonly group: WorkflowGroup; readonly folded: boolean};

const PREFIX = 'workflow:';

export function runRowId(runId: string): string {
	return `${PREFIX}${runId}`;
}

export function isRunRow(id: string | undefined): boolean {
	return id?.startsWith(PREFIX) === true;
}

/** The run id of a run's row id. */
export function runIdOfRow(id: string): string {
	return id.slice(PREFIX.length);
}

export function rowId(row: Row): string {
	return row.kind === 'run' ? runRowId(row.group.runId) : row.item.agent.agentId;
}

/**
 * The rows last arranged for a view (the same object while the model and the filter hold) and
 * the folded runs they were arranged for: a key that only moves the selection makes the same
 * rows, and with 1,000 agents arranging them (twice a frame: the app's ids and the screen)
 * was a sixth of a key's time.
 */
const arranged = new WeakMap<object, {readonly folded: ReadonlySet<string>; readonly rows: readonly Row[]}>();
const idsOf = new WeakMap<readonly Row[], readonly string[]>();
const runsOf = new WeakMap<readonly Row[], ReadonlyMap<string, string>>();

/** The rows of a view: agents in the view's order, each run's shown agents gathered under the run's row. */
export function arrangeRows(view: Pick<MonitorModel, 'items' | 'workflows'>, folded: ReadonlySet<string>): readonly Row[] {
	const kept = arranged.get(view);
	if (kept !== undefined && kept.folded === folded) {
		return kept.rows;
	}
	const rows = arrangeRowsNow(view, folded);
	arranged.set(view, {folded, rows});
	return rows;
}

/** `rows.map(rowId)`, the same array for the same rows. */
export function rowIds(rows: readonly Row[]): readonly string[] {
	let ids = idsOf.get(rows);
	if (ids === undefined) {
		ids = rows.map(rowId);
		idsOf.set(rows, ids);
	}
	return ids;
}

function arrangeRowsNow(view: Pick<MonitorModel, 'items' | 'workflows'>, folded: ReadonlySet<string>): Row[] {
	if (view.workflows.length === 0) {
		return view.items.map(item => ({kind: 'agent', item, inRun: false}));
	}
	const groups = new Map(view.workflows.map(group => [group.runId, group]));
	const members = new Map<string, MonitorItem[]>();
	const inRuns = new Set<MonitorItem>();
	for (const item of view.items) {
		const runId = item.workflow?.runId;
		// A workflow agent nested under another agent stays under it.
		if (runId !== undefined && item.depth === 0 && groups.has(runId)) {
			const mine = members.get(runId);
			if (mine === undefined) {
				members.set(runId, [item]);
			} else {
				mine.push(item);
			}
			inRuns.add(item);
		}
	}
	const rows: Row[] = [];
	const placed = new Set<string>();
	for (const item of view.items) {
		const runId = item.workflow?.runId;
		const mine = runId === undefined ? undefined : members.get(runId);
		if (runId === undefined || mine === undefined || !inRuns.has(item)) {
			rows.push({kind: 'agent', item, inRun: false});
			continue;
		}
		if (placed.has(runId)) {
			continue;
		}
		placed.add(runId);
		const isFolded = folded.has(runId);
		rows.push({kind: 'run', group: groups.get(runId)!, folded: isFolded});
		if (!isFolded) {
			rows.push(...mine.map(member => ({kind: 'agent', item: member, inRun: true}) as const));
		}
	}
	return rows;
}

/** Each row id that is in a run (a run's row and its agents' rows) → the run. */
export function runsOfRows(rows: readonly Row[]): ReadonlyMap<string, string> {
	const kept = runsOf.get(rows);
	if (kept !== undefined) {
		return kept;
	}
	const out = new Map<string, string>();
	runsOf.set(rows, out);
	for (const row of rows) {
		if (row.kind === 'run') {
			out.set(rowId(row), row.group.runId);
		} else if (row.inRun && row.item.workflow !== undefined) {
			out.set(row.item.agent.agentId, row.item.workflow.runId);
		}
	}
	return out;
}
