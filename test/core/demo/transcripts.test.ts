// The demo's subagent transcripts: for agents the scenario starts, a meta file before the first
// line, each tool call answered by its result, in time order, lines with unique ids.
import {describe, expect, it} from 'vitest';
import {demoSteps} from '../../../src/core/demo/scenario.js';
import {demoTranscriptWrites} from '../../../src/core/demo/transcripts.js';

const SESSION = '5e55a0b1-0000-4000-8000-00000000c0de';
const writes = demoTranscriptWrites(SESSION);
type Line = {
	type: string;
	sessionId: string;
	uuid: string;
	agentId: string;
	message: {content: Array<Record<string, unknown>>; usage?: Record<string, number>};
};
const lines = writes.filter(w => w.file.endsWith('.jsonl'));
const line = (json: unknown) => json as Line;

describe('demoTranscriptWrites', () => {
	it('is in time order', () => {
		const times = writes.map(w => w.at);
		expect(times).toEqual([...times].sort((a, b) => a - b));
	});

	it('writes transcripts only for agents the scenario starts, each beside its meta file, written first', () => {
		const started = new Set(demoSteps(SESSION).flatMap(s => (s.payload.hook_event_name === 'SubagentStart' ? [s.payload.agent_id] : [])));
		const files = new Set(lines.map(w => w.file));
		expect(files.size).toBe(6);
		for (const file of files) {
			const id = /^subagents\/agent-(.+)\.jsonl$/.exec(file)?.[1];
			expect(started.has(id), file).toBe(true);
			const meta = writes.findIndex(w => w.file === file.replace('.jsonl', '.meta.json'));
			expect(meta, file).toBeGreaterThanOrEqual(0);
			expect(meta).toBeLessThan(writes.findIndex(w => w.file === file));
		}
	});

	it('the nested agent’s meta names its parent', () => {
		const meta = writes.find(w => w.file === 'subagents/agent-a4c1child0nested11.meta.json');
		expect(meta?.json).toEqual({agentType: 'Explore', description: 'Find callers of getUsers', parentAgentId: 'a4d7b2c8e1f0a9b04'});
	});

	it('every tool call is answered 1.2 s later in the same file', () => {
		for (const w of lines) {
			for (const part of line(w.json).message.content) {
				if (part.type !== 'tool_use') continue;
				const result = lines.find(r => r.file === w.file && line(r.json).message.content.some(c => c.type === 'tool_result' && c.tool_use_id === part.id));
				expect(result, String(part.id)).toBeDefined();
				expect(result!.at - w.at).toBeCloseTo(1.2);
			}
		}
	});

	it('lines carry the session, their agent and unique ids; assistant lines have usage', () => {
		const uuids = lines.map(w => line(w.json).uuid);
		expect(new Set(uuids).size).toBe(uuids.length);
		for (const w of lines) {
			const l = line(w.json);
			expect(l.sessionId).toBe(SESSION);
			expect(w.file).toBe(`subagents/agent-${l.agentId}.jsonl`);
			if (l.type === 'assistant') {
				expect(l.message.usage?.input_tokens).toBeGreaterThan(0);
			}
		}
	});
});
