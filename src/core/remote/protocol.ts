// The `agentlog stream` protocol, version 1 (docs/remote.md): JSON lines, each with `v` and
// `type`. `hello` first (agentlog's and the protocol's version), then `snapshot` (every agent
// of the session shown), then `agent` (one agent, whole, that is new or changed) and `gone` (one
// that left), and a new `snapshot` whenever the session shown changes or the writer had to drop
// changes for a slow reader. Pure: the writer's side (what to send) and the shapes.
import type {AgentRecord} from '../record/agent-record.js';
import type {DisplayStatus} from '../monitor/stale.js';
import type {Provider} from '../record/provider.js';

export const PROTOCOL_VERSION = 1;

/** One agent on the wire: its record's fields and the monitor's (a subset of `ls --json`'s element). */
export interface StreamAgent extends Pick<
	AgentRecord,
	| 'agentId'
	| 'type'
	| 'status'
	| 'startedAt'
	| 'updatedAt'
	| 'stoppedAt'
	| 'lastMessage'
	| 'sessionId'
	| 'cwd'
	| 'teammateName'
	| 'interrupted'
	| 'stopReason'
	| 'resumeCount'
	| 'spawnDepth'
	| 'waitingFor'
	| 'waitingSince'
> {
	readonly provider: Provider;
	readonly displayStatus: DisplayStatus;
	readonly stale: boolean;
	readonly ghost: boolean;
	readonly inferredStop: boolean;
	readonly name: string | null;
	readonly description: string | null;
	readonly prompt: string | null;
	readonly report: string | null;
	readonly reportSource: 'hook' | 'transcript' | null;
	readonly activity: string | null;
	readonly model: string | null;
	readonly tokens: {readonly input: number; readonly output: number; readonly cacheRead: number; readonly cacheCreation: number} | null;
	readonly toolCounts: Readonly<Record<string, number>> | null;
	readonly toolCalls:
		readonly {readonly tool: string; readonly summary: string; readonly result: string | null; readonly at: string | null; readonly isError: boolean}[] | null;
	readonly files: readonly string[] | null;
	readonly lastSignOfLifeAt: string | null;
	readonly parentAgentId: string | null;
}

export interface HelloLine {
	readonly v: 1;
	readonly type: 'hello';
	/** agentlog's version on the writing side. */
	readonly agentlog: string;
	/** The protocol version it writes. */
	readonly protocol: number;
}

export interface SnapshotLine {
	readonly v: 1;
	readonly type: 'snapshot';
	/** The session shown (its label), null before any exists. */
	readonly session: string | null;
	/** True when no session was asked for: the newest is followed. */
	readonly following: boolean;
	readonly agents: readonly StreamAgent[];
}

export interface AgentLine {
	readonly v: 1;
	readonly type: 'agent';
	readonly agent: StreamAgent;
}

export interface GoneLine {
	readonly v: 1;
	readonly type: 'gone';
	readonly agentId: string;
}

export type StreamLine = HelloLine | SnapshotLine | AgentLine | GoneLine;

/** What the writer shows at one moment. */
export interface StreamState {
	readonly session: string | null;
	readonly following: boolean;
	readonly agents: readonly StreamAgent[];
}

export function helloLine(version: string): HelloLine {
	return {v: 1, type: 'hello', agentlog: version, protocol: PROTOCOL_VERSION};
}

/**
 * The writer's memory of what the reader has: each agent's line as last sent. `next` gives the
 * lines that bring the reader from there to a new state: a whole snapshot the first time, after
 * `reset` (changes were dropped) or when the session changes; otherwise one `agent` line per
 * agent whose JSON changed and one `gone` per agent that left. Lines are JSON text without the
 * newline (`encode` is the JSON writer: the command passes one that escapes C1 and bidi).
 */
export class StreamEncoder {
	private sent = new Map<string, string>();
	private session: string | null | undefined;
	private following = false;

	constructor(private readonly encode: (value: unknown) => string) {}

	/** The reader lost track (lines were dropped): the next state goes out whole. */
	reset(): void {
		this.session = undefined;
		this.sent = new Map();
	}

	next(state: StreamState): string[] {
		const texts = new Map<string, string>();
		for (const agent of state.agents) {
			texts.set(agent.agentId, this.encode(agent));
		}
		if (this.session === undefined || state.session !== this.session || state.following !== this.following) {
			this.session = state.session;
			this.following = state.following;
			this.sent = texts;
			const agents = [...texts.values()].join(',');
			return [`{"v":1,"type":"snapshot","session":${this.encode(state.session)},"following":${String(state.following)},"agents":[${agents}]}`];
		}
		const lines: string[] = [];
		for (const [id, text] of texts) {
			if (this.sent.get(id) !== text) {
				lines.push(`{"v":1,"type":"agent","agent":${text}}`);
			}
		}
		for (const id of this.sent.keys()) {
			if (!texts.has(id)) {
				lines.push(`{"v":1,"type":"gone","agentId":${this.encode(id)}}`);
			}
		}
		this.sent = texts;
		return lines;
	}
}
