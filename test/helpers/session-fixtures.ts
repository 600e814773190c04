// Activity folders of many sessions for the session cache tests: `sessions` × `agents` files in
// the shapes the rules care about (active, idle, stopped, stale, ghost copies, unknown starts,
// stops without stoppedAt), deterministic for a seed.
import {mkdirSync, renameSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {at} from './agent-fixtures.js';

/** A session folder name: a UUID-shaped id, `n` in its first part. */
export function sessionId(n: number): string {
	return `${n.toString(16).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`;
}

/** The record of agent `a` of session `s`: every shape the session rules tell apart. */
export function fixtureRecord(s: number, a: number): AgentRecord {
	const start = (s * 37 + a * 11) % 600;
	const kind = (s + a) % 7;
	const base = {agentId: `a${s.toString(16)}${a.toString(16).padStart(2, '0')}`, type: `T${a % 4}`, startedAt: at(start), updatedAt: at(start + 5)};
	switch (kind) {
		case 0:
			return {...base, status: 'active'};
		case 1:
			return {...base, status: 'idle', teammateName: 'w'};
		case 2:
			return {...base, status: 'stopped', stoppedAt: at(start + 20), lastMessage: 'Done.'};
		case 3:
			// Starts right after another of its type stopped: a ghost candidate.
			return {...base, status: 'stopped', startedAt: at(start + 21), updatedAt: at(start + 22), stoppedAt: at(start + 22)};
		case 4:
			return {...base, status: 'active', startUnknown: true};
		case 5:
			// Stopped without stoppedAt (files other tools write).
			return {...base, status: 'stopped'};
		default:
			return {...base, status: 'active', updatedAt: at(start + 3000)};
	}
}

/** Writes one agent file as the hook does (temp file, then rename), optionally back-dated. */
export function writeRecord(dir: string, record: AgentRecord, mtimeMs?: number): string {
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, `${record.agentId}.json`);
	const tmp = path.join(dir, `.${record.agentId}.tmp`);
	writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
	renameSync(tmp, file);
	if (mtimeMs !== undefined) {
		utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
	}
	return file;
}

/**
 * `sessions` session folders of `agents` agent files each under `activity`; files and folders
 * get mtimes `age` ms before now (old enough for a cache to trust them).
 */
export function writeSessions(activity: string, sessions: number, agents: number, age = 60_000): string[] {
	const when = (Date.now() - age) / 1000;
	const ids: string[] = [];
	for (let s = 0; s < sessions; s++) {
		const dir = path.join(activity, sessionId(s));
		for (let a = 0; a < agents; a++) {
			writeRecord(dir, fixtureRecord(s, a), when * 1000);
		}
		utimesSync(dir, when, when);
		ids.push(sessionId(s));
	}
	return ids;
}
