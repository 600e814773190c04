import {describe, expect, it} from 'vitest';
import {openHostSessions, REFRESH_MS} from '../../../src/app/remote/host-sessions.js';
import type {RemoteSession} from '../../../src/core/remote/answers.js';

const counts = {waiting: 0, active: 1, idle: 0, stopped: 0, stale: 0};
const session = (id: string, lastActivity: number): RemoteSession => ({id, counts, lastActivity, mainWaiting: false, provider: 'claude'});
const settled = () => new Promise(resolve => setTimeout(resolve, 0));

describe('openHostSessions', () => {
	it("merges every host's sessions newest first, each with its host; reads again only after REFRESH_MS; a failed host keeps its last list", async () => {
		let clock = 0;
		let reads = 0;
		let fail = false;
		const answers: Record<string, RemoteSession[]> = {devbox: [session('d-old', 100), session('d-new', 300)], gpu: [session('g', 200)]};
		const listed = openHostSessions(
			[
				{label: 'devbox', argv: []},
				{label: 'gpu', argv: []},
			],
			{
				now: () => clock,
				read: label => {
					reads += 1;
					return fail && label === 'gpu' ? Promise.reject(new Error('gone')) : Promise.resolve(answers[label]!);
				},
			},
		);
		let heard = 0;
		listed.subscribe(() => (heard += 1));
		expect(listed.list()).toEqual([]);
		await settled();
		expect(heard).toBe(1);
		expect(listed.list().map(s => [s.label, s.id, s.host])).toEqual([
			['devbox', 'd-new', 0],
			['gpu', 'g', 1],
			['devbox', 'd-old', 0],
		]);
		expect(reads).toBe(2);
		clock += REFRESH_MS;
		fail = true;
		answers.devbox = [session('d-new', 300)];
		listed.list();
		await settled();
		expect(reads).toBe(4);
		expect(listed.list().map(s => s.id)).toEqual(['d-new', 'g']);
	});
});
