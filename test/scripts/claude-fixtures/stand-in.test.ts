// The loopback stand-in the Claude fixtures are captured with (scripts/claude-fixtures/stand-in.mjs):
// a request the generator holds (`beforeAnswer`, for a snapshot taken during the run) is answered
// only when the hold ends, and the others are not held.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {byTurn, startStandIn, text, type ServedEntry} from '../../../scripts/claude-fixtures/stand-in.mjs';
import {tempDir} from '../../helpers/tmp.js';

const ask = async (port: number, task: string): Promise<{ms: number; body: string}> => {
	const started = Date.now();
	const res = await fetch(`http://127.0.0.1:${port}/v1/messages?beta=true`, {
		method: 'POST',
		body: JSON.stringify({model: 'claude-fixture', stream: true, messages: [{role: 'user', content: task}]}),
	});
	return {ms: Date.now() - started, body: await res.text()};
};

describe('stand-in', () => {
	it('answers a held request only after beforeAnswer returns, and logs how long it held it', async () => {
		const log = path.join(tempDir('stand-in-'), 'stand-in.jsonl');
		const holds: string[] = [];
		const standIn = await startStandIn({
			scripts: {main: byTurn({blocks: [text('main answers')]}), slow: byTurn({blocks: [text('slow answers')]})},
			logFile: log,
			idPrefix: 'Test',
			async beforeAnswer(entry) {
				if (entry.agent !== 'slow') return 0;
				holds.push(entry.agent);
				await new Promise(r => setTimeout(r, 400));
				return 400;
			},
		});
		try {
			const [slow, main] = await Promise.all([ask(standIn.port, '[fixture:slow] a task'), ask(standIn.port, 'the user asks')]);
			expect(slow.body).toContain('slow answers');
			expect(slow.ms).toBeGreaterThanOrEqual(390);
			expect(main.body).toContain('main answers');
			expect(holds).toEqual(['slow']);
			// The main request was not held behind the slow one: it was served first.
			expect(standIn.served.map(s => [s.agent, s.heldMs ?? 0])).toEqual([
				['main', 0],
				['slow', 400],
			]);
		} finally {
			await standIn.close();
		}
		const logged = readFileSync(log, 'utf8')
			.trim()
			.split('\n')
			.map(l => JSON.parse(l) as ServedEntry);
		expect(logged.find(l => l.agent === 'slow')?.heldMs).toBe(400);
	});
});
