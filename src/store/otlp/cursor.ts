// The follow cursor (core/paths.ts otlpCursorFile): per session, the spans sent to one collector
// and what each said when sent (spanFingerprint), saved whole after every batch the collector
// took. A span is sent again only when what it says changed; a session gone from the activity
// folder (its history pruned) is forgotten. A cursor that cannot be read starts empty (everything
// is sent again: the ids are the same, so a backend sees the same spans).
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {isObject} from '../../core/record/json.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';

const VERSION = 1;
/** A cursor larger than this is not read (a month of 10,000 agents is ~1 MB). */
const MAX_CURSOR_BYTES = 64 * 1024 * 1024;

export class OtlpCursor {
	/** session id → span id → fingerprint. */
	private readonly sent = new Map<string, Map<string, string>>();
	/** Why the file was not read, when it existed and could not be. */
	readonly problem: string | undefined;

	constructor(
		private readonly file: string,
		private readonly endpoint: string,
	) {
		const read = readRegularText(file, {maxBytes: MAX_CURSOR_BYTES, followSymlinks: true});
		if (!read.ok) {
			this.problem = read.reason === 'missing' ? undefined : read.message;
			return;
		}
		try {
			const json: unknown = JSON.parse(read.text);
			if (!isObject(json) || json.v !== VERSION || !isObject(json.sent)) {
				this.problem = 'not a cursor agentlog wrote';
				return;
			}
			for (const [session, spans] of Object.entries(json.sent)) {
				if (!isObject(spans)) {
					continue;
				}
				const map = new Map<string, string>();
				for (const [span, fingerprint] of Object.entries(spans)) {
					if (typeof fingerprint === 'string') {
						map.set(span, fingerprint);
					}
				}
				this.sent.set(session, map);
			}
		} catch (error) {
			this.problem = error instanceof Error ? error.message : String(error);
		}
	}

	get path(): string {
		return this.file;
	}

	fingerprint(sessionId: string, spanId: string): string | undefined {
		return this.sent.get(sessionId)?.get(spanId);
	}

	record(sessionId: string, spanId: string, fingerprint: string): void {
		let spans = this.sent.get(sessionId);
		if (spans === undefined) {
			spans = new Map();
			this.sent.set(sessionId, spans);
		}
		spans.set(spanId, fingerprint);
	}

	/** Forgets the sessions not in `present` (their logs were pruned). */
	keepOnly(present: ReadonlySet<string>): void {
		for (const session of [...this.sent.keys()]) {
			if (!present.has(session)) {
				this.sent.delete(session);
			}
		}
	}

	/** Writes the cursor whole (atomically). Throws when it cannot. */
	save(): void {
		const sent: Record<string, Record<string, string>> = {};
		for (const [session, spans] of this.sent) {
			sent[session] = Object.fromEntries(spans);
		}
		mkdirSync(path.dirname(this.file), {recursive: true});
		writeAtomic(this.file, `${JSON.stringify({v: VERSION, endpoint: this.endpoint, sent})}\n`);
	}
}
