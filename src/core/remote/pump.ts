// The writer's side of `agentlog stream` with a slow reader: lines go out while the sink holds
// less than `bound` characters unsent; past that, changes are dropped (never queued) and, once
// the sink has drained, the state goes out as one whole snapshot. What is held is bounded by
// `bound` plus one state's lines, however slow the reader. Pure: the sink is given.
import {StreamEncoder, type StreamState} from './protocol.js';

export interface StreamSink {
	/** Writes text; the caller's stream keeps what it cannot send yet. */
	write(text: string): void;
	/** What is written but not sent yet (Node's `writableLength`). */
	pending(): number;
}

export class StreamPump {
	private readonly encoder: StreamEncoder;
	private blocked = false;
	private latest: StreamState | undefined;
	/** States dropped because the reader was slow (for tests and the bench). */
	dropped = 0;

	constructor(
		private readonly sink: StreamSink,
		encode: (value: unknown) => string,
		private readonly bound: number,
	) {
		this.encoder = new StreamEncoder(encode);
	}

	/** Sends what changed since the last state sent; only remembers the state while the sink is over its bound. */
	publish(state: StreamState): void {
		this.latest = state;
		if (this.blocked) {
			this.dropped += 1;
			return;
		}
		const lines = this.encoder.next(state);
		if (lines.length > 0) {
			this.sink.write(`${lines.join('\n')}\n`);
		}
		if (this.sink.pending() > this.bound) {
			// The reader lost the changes from here on: it gets a whole snapshot when it catches up.
			this.blocked = true;
			this.encoder.reset();
		}
	}

	/** True while changes are being dropped: the caller calls `drained` on the sink's drain. */
	get waiting(): boolean {
		return this.blocked;
	}

	/** The sink sent what it held: the newest state goes out whole. */
	drained(): void {
		if (!this.blocked) {
			return;
		}
		this.blocked = false;
		if (this.latest !== undefined) {
			this.publish(this.latest);
		}
	}
}
