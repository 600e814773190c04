// The session picker of `watch --host`: every host's sessions (its `sessions --json` over ssh,
// checked), newest first across hosts, each with its host. Read when asked and at most every
// REFRESH_MS; a host that fails keeps what it listed last (its stream's line says what is wrong).
import type {RemoteSession} from '../../core/remote/answers.js';
import {remoteSessions, type AskLimits} from './one-shot.js';

/** The least time between two reads of the hosts' sessions (ms). */
export const REFRESH_MS = 2000;

export interface HostSessionsHost {
	readonly label: string;
	/** The argv that runs `agentlog sessions --json` there. */
	readonly argv: readonly string[];
}

export interface HostSession extends RemoteSession {
	/** Which host (its place in the list given). */
	readonly host: number;
	readonly label: string;
}

export interface HostSessions {
	/** Every host's sessions, newest first; reading them again when the last read is old. */
	list(): readonly HostSession[];
	/** Called when a read has ended. */
	subscribe(listener: () => void): () => void;
	/** Ends the reads under way. */
	close(): void;
}

export function openHostSessions(
	hosts: readonly HostSessionsHost[],
	options: {
		readonly timeoutMs?: number;
		readonly now?: () => number;
		readonly read?: (label: string, argv: readonly string[], limits: AskLimits) => Promise<readonly RemoteSession[]>;
	} = {},
): HostSessions {
	const now = options.now ?? Date.now;
	const read = options.read ?? (async (label, argv, limits) => (await remoteSessions(label, argv, limits)).items);
	const abort = new AbortController();
	const lists: (readonly HostSession[])[] = hosts.map(() => []);
	const listeners = new Set<() => void>();
	let readAt = Number.NEGATIVE_INFINITY;
	let reading = 0;
	let merged: readonly HostSession[] = [];

	const merge = (): void => {
		merged = lists.flat().sort((a, b) => b.lastActivity - a.lastActivity);
		for (const listener of listeners) {
			listener();
		}
	};
	const refresh = (): void => {
		if (reading > 0 || now() - readAt < REFRESH_MS) {
			return;
		}
		readAt = now();
		reading = hosts.length;
		hosts.forEach((host, i) => {
			read(host.label, host.argv, {signal: abort.signal, ...(options.timeoutMs === undefined ? {} : {timeoutMs: options.timeoutMs})})
				.then(
					sessions => {
						lists[i] = sessions.map(session => ({...session, host: i, label: host.label}));
					},
					() => undefined,
				)
				.finally(() => {
					reading -= 1;
					if (reading === 0) {
						readAt = now();
						merge();
					}
				});
		});
	};
	return {
		list: () => {
			refresh();
			return merged;
		},
		subscribe: listener => {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		close: () => {
			listeners.clear();
			abort.abort();
		},
	};
}
