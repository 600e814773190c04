// `watch --host`: the agents of one or more other machines as the TUI's two live sources (the
// same AgentSource and TranscriptSource as a local session), plus a line saying how each host
// is. Updates from the hosts reach the screen at most every RENDER_MS, however fast they come.
import type {AgentRecord} from '../../core/record/agent-record.js';
import {buildMonitorModel, type MonitorModel, type MonitorOptions} from '../../core/monitor/model.js';
import {localAgent, type HostState, type LocalAgent} from '../../core/remote/host-state.js';
import {MAX_AGENTS, MAX_HIDDEN} from '../../core/remote/decode.js';
import type {StreamAgent} from '../../core/remote/protocol.js';
import {shortId} from '../../core/text/format.js';
import type {AgentSource, WatchSnapshot} from '../../store/live/activity-watcher.js';
import type {TranscriptSource} from '../../store/transcripts/follower.js';
import {type RemoteHost, type HostStatus} from '../../store/remote/remote-host.js';

/** The most often the screen hears of remote changes (ms). */
export const RENDER_MS = 50;

export interface RemoteView {
	readonly agents: AgentSource;
	readonly transcripts: TranscriptSource;
	/** One line on how the hosts are (under the header); undefined when one host is connected and well. */
	statusLine(now: number): string | undefined;
	/** Takes in what the hosts told so far now, not at the next render tick (a one-off snapshot). */
	flush(): void;
	/** The host at `index` now: the old one closed, the new one started (another session of that machine). */
	replace(index: number, host: RemoteHost): void;
	start(): void;
	close(): void;
}

const NO_PARENTS: ReadonlyMap<string, string> = new Map();

/** `(3 bad lines skipped)`, `(100 agents over the 500 limit not shown)`: what a host sent that is not on screen. */
function notShownText(status: HostStatus, hidden: number): string {
	const notes = [
		status.badLines > 0 ? `${status.badLines} bad line${status.badLines === 1 ? '' : 's'} skipped` : '',
		hidden > 0 ? `${hidden}${hidden >= MAX_HIDDEN ? '+' : ''} agent${hidden === 1 ? '' : 's'} over the ${MAX_AGENTS} limit not shown` : '',
	].filter(Boolean);
	return notes.length === 0 ? '' : ` (${notes.join(', ')})`;
}

function statusText(label: string, status: HostStatus, state: HostState, now: number): string {
	const retry = status.retryAt === undefined ? '' : `, retry in ${Math.max(0, Math.ceil((status.retryAt - now) / 1000))}s`;
	const {session} = state;
	switch (status.phase) {
		case 'connecting':
			return `${label} … connecting`;
		case 'connected':
			return `${label} ● ${session === null ? 'no session yet' : shortId(session)}${notShownText(status, state.hidden.size)}`;
		case 'disconnected':
			return `${label} ○ disconnected, last known state shown${retry}`;
		default:
			return `${label} ⚠ ${status.message ?? status.phase}${retry}`;
	}
}

/** The monitor model of what the view holds now: the hosts' agents and facts, with this machine's rules and clock (`watch --host`'s snapshot). */
export function remoteViewModel(view: Pick<RemoteView, 'agents' | 'transcripts'>, options: MonitorOptions, now: number): MonitorModel {
	return buildMonitorModel({
		agents: [...view.agents.getSnapshot().set.agents.values()],
		transcripts: view.transcripts.getSnapshot(),
		now,
		knownWork: view.transcripts.getWork?.() ?? new Set(),
		options,
	});
}

export function openRemoteView(given: readonly RemoteHost[], now: () => number = Date.now): RemoteView {
	const hosts = [...given];
	const several = hosts.length > 1;
	const caches = hosts.map(() => new WeakMap<StreamAgent, LocalAgent>());
	const listeners = new Set<() => void>();
	let timer: NodeJS.Timeout | undefined;
	let snapshot: WatchSnapshot;
	let facts: ReadonlyMap<string, LocalAgent['facts']> = new Map();
	let work: ReadonlySet<string> = new Set();

	const rebuild = (): void => {
		const agents = new Map<string, AgentRecord>();
		const nextFacts = new Map<string, LocalAgent['facts']>();
		const nextWork = new Set<string>();
		hosts.forEach((host, i) => {
			const cache = caches[i]!;
			for (const agent of host.state.agents.values()) {
				let local = cache.get(agent);
				if (local === undefined) {
					local = localAgent(agent, several ? host.label : undefined);
					cache.set(agent, local);
				}
				agents.set(local.record.agentId, local.record);
				nextFacts.set(local.record.agentId, local.facts);
				if (local.facts.hasWork === true) {
					nextWork.add(local.record.agentId);
				}
			}
		});
		const first = hosts.find(host => host.state.session !== null);
		const label = several ? `${hosts[0]!.label} +${hosts.length - 1}` : hosts[0]!.label;
		snapshot = {
			activity: hosts.map(host => host.label).join(', '),
			activityExists: true,
			sessionId: first?.state.session ?? undefined,
			following: hosts.every(host => host.state.following),
			set: {agents, invalid: new Map()},
			lastChangeAt: undefined,
			host: label,
		};
		facts = nextFacts;
		work = nextWork;
	};
	rebuild();

	let last = Number.NEGATIVE_INFINITY;
	const publish = (): void => {
		timer = undefined;
		last = performance.now();
		rebuild();
		for (const listener of listeners) {
			listener();
		}
	};
	// The first change after a quiet spell goes out at once; more within RENDER_MS wait for its end.
	const schedule = (): void => {
		timer ??= setTimeout(publish, Math.max(0, last + RENDER_MS - performance.now()));
	};
	const unsubscribe = hosts.map(host => host.subscribe(schedule));
	const subscribe = (listener: () => void): (() => void) => {
		listeners.add(listener);
		return () => listeners.delete(listener);
	};

	return {
		agents: {getSnapshot: () => snapshot, subscribe},
		transcripts: {
			getSnapshot: () => facts,
			getParents: () => NO_PARENTS,
			getWork: () => work,
			subscribe,
			// The remote follows its own transcripts.
			follow: () => undefined,
		},
		statusLine: (at = now()) => {
			if (!several && hosts[0]!.status.phase === 'connected' && hosts[0]!.status.badLines === 0 && hosts[0]!.state.hidden.size === 0) {
				return undefined;
			}
			// Hosts with a problem first: a narrow pane cuts the end of the line.
			const ordered = [...hosts].sort((a, b) => Number(a.status.phase === 'connected') - Number(b.status.phase === 'connected'));
			return ordered.map(host => statusText(host.label, host.status, host.state, at)).join(' · ');
		},
		flush: () => {
			clearTimeout(timer);
			publish();
		},
		replace: (index, host) => {
			const old = hosts[index];
			if (old === undefined) {
				return;
			}
			unsubscribe[index]!();
			old.close();
			hosts[index] = host;
			caches[index] = new WeakMap();
			unsubscribe[index] = host.subscribe(schedule);
			host.start();
			schedule();
		},
		start: () => {
			for (const host of hosts) {
				host.start();
			}
		},
		close: () => {
			clearTimeout(timer);
			for (const off of unsubscribe) {
				off();
			}
			for (const host of hosts) {
				host.close();
			}
		},
	};
}
