// An agent's lines counted while its session is folded, for `stats`: what `tallyLine` of each would
// add, held small (one per agent) until the agent is known to be selected.
import type {EventLine} from '../../core/record/event-line.js';
import type {EventSink} from '../../core/history/fold.js';
import type {LineTally} from '../../core/history/stats.js';

/** One copy of each event name (each line parses its own), up to `MAX` names: the log may hold any. */
export class EventNames {
	private static readonly MAX = 256;
	private readonly names = new Map<string, string>();

	of(name: string): string {
		const known = this.names.get(name);
		if (known !== undefined) {
			return known;
		}
		if (this.names.size < EventNames.MAX) {
			this.names.set(name, name);
		}
		return name;
	}
}

/**
 * An agent's lines, counted (its own) or kept (the SessionEnd lines that interrupted it: few, and
 * shared). Small: one is held per agent until its session is folded — no set or map of its own.
 */
export class AgentTally implements EventSink {
	private sessionId: string | undefined;
	private events = 0;
	/** Its events and how many lines of each, in turn (`[event, n, event, n…]`): grown to exactly its length, a handful per agent. */
	private byEvent: (string | number)[] = [];
	private firstMs = Number.POSITIVE_INFINITY;
	private firstAt = '';
	private lastMs = Number.NEGATIVE_INFINITY;
	private lastAt = '';
	private ends: EventLine[] | undefined;

	/** `name`: one copy of each event name for every agent (`EventNames`). */
	constructor(private readonly name: EventNames) {}

	push(line: EventLine): void {
		if (line.agentId === undefined) {
			(this.ends ??= []).push(line);
			return;
		}
		this.sessionId = line.sessionId;
		this.events += 1;
		const i = this.byEvent.indexOf(line.event);
		if (i < 0) {
			this.byEvent = this.byEvent.concat(this.name.of(line.event), 1);
		} else {
			this.byEvent[i + 1] = (this.byEvent[i + 1] as number) + 1;
		}
		const ms = Date.parse(line.at);
		if (!Number.isNaN(ms)) {
			if (ms < this.firstMs) {
				this.firstMs = ms;
				this.firstAt = line.at;
			}
			if (ms > this.lastMs) {
				this.lastMs = ms;
				this.lastAt = line.at;
			}
		}
	}

	/** Adds its own lines to `into` (as `tallyLine` each would); returns the SessionEnd lines it holds. */
	mergeInto(into: LineTally): readonly EventLine[] {
		into.events += this.events;
		if (this.sessionId !== undefined) {
			into.sessions.add(this.sessionId);
		}
		for (let i = 0; i < this.byEvent.length; i += 2) {
			const event = this.byEvent[i] as string;
			into.byEvent.set(event, (into.byEvent.get(event) ?? 0) + (this.byEvent[i + 1] as number));
		}
		if (this.firstAt !== '' && (into.first === undefined || this.firstMs < into.first.ms)) {
			into.first = {ms: this.firstMs, at: this.firstAt};
		}
		if (this.lastAt !== '' && (into.last === undefined || this.lastMs > into.last.ms)) {
			into.last = {ms: this.lastMs, at: this.lastAt};
		}
		return this.ends ?? [];
	}
}
