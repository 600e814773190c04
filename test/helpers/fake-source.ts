// An AgentSource for component tests: the test sets the agents; subscribers are told.
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {EMPTY_AGENT_SET} from '../../src/core/record/agent-set.js';
import type {AgentSource, WatchSnapshot} from '../../src/store/live/activity-watcher.js';

export class FakeSource implements AgentSource {
	private snapshot: WatchSnapshot;
	private readonly listeners = new Set<() => void>();

	constructor(agents: readonly AgentRecord[] = [], options: {readonly sessionId?: string | undefined} = {sessionId: '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47'}) {
		this.snapshot = {
			activity: '/tmp/activity',
			activityExists: true,
			sessionId: options.sessionId,
			following: true,
			set: EMPTY_AGENT_SET,
			lastChangeAt: undefined,
		};
		this.setAgents(agents);
	}

	getSnapshot = (): WatchSnapshot => this.snapshot;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	/** Sets a field of the snapshot (the main session's waiting, …) and tells the subscribers. */
	patch(patch: Partial<WatchSnapshot>): void {
		this.snapshot = {...this.snapshot, ...patch};
		for (const listener of this.listeners) {
			listener();
		}
	}

	setAgents(agents: readonly AgentRecord[], invalid: ReadonlyMap<string, string> = new Map()): void {
		this.snapshot = {...this.snapshot, set: {agents: new Map(agents.map(a => [`${a.agentId}.json`, a])), invalid}};
		for (const listener of this.listeners) {
			listener();
		}
	}
}

export const KEY = {
	up: '\u001B[A',
	down: '\u001B[B',
	left: '\u001B[D',
	right: '\u001B[C',
	enter: '\r',
	esc: '\u001B',
	pageDown: '\u001B[6~',
	pageUp: '\u001B[5~',
} as const;

/** Lets React flush effects (and Ink re-subscribe its input handler) before the next key. */
export function tick(ms = 20): Promise<void> {
	return new Promise(resolve => setImmediate(() => setTimeout(resolve, ms)));
}
