// `agentlog import` of nesting to depth 3 as the real Claude Code 2.1.328 wrote it
// (test/fixtures/claude/depth3): a nested agent's parent is found when only the parent's own
// transcript names it — its Agent call and the result naming the agent it launched — with no
// `.meta.json` to say so, and from the call `.meta.json` names when the result is gone.
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseEventLog} from '../../../src/core/record/event-line.js';
import {importTranscripts} from '../../../src/store/history/import.js';
import {placeClaudeFixture, type PlacedFixture} from '../../helpers/claude-fixture-copy.js';
import {tempDir} from '../../helpers/tmp.js';

function subagentsOf(fx: PlacedFixture): string {
	const projects = path.join(fx.claude, 'projects');
	const [project] = readdirSync(projects);
	return path.join(projects, project!, fx.sessionId, 'subagents');
}

function imported(fx: PlacedFixture) {
	const activity = tempDir('activity-');
	const summary = importTranscripts({claudeDir: fx.claude, activity});
	expect(summary).toMatchObject({imported: 3, errors: []});
	const lines = parseEventLog(readFileSync(path.join(activity, fx.sessionId, 'events.jsonl'), 'utf8')).lines;
	return new Map(lines.map(line => [line.agentId, line]));
}

describe('import: a nested agent’s parent', () => {
	it('with each .meta.json: as it says', () => {
		const fx = placeClaudeFixture('depth3');
		const by = imported(fx);
		for (const a of fx.agents) {
			expect(by.get(a.agentId)?.data?.parentAgentId, a.script).toBe(a.parent ?? undefined);
		}
	});

	it('with no .meta.json at all: from the parent’s own transcript, with the call’s description and type', () => {
		const fx = placeClaudeFixture('depth3');
		const subagents = subagentsOf(fx);
		for (const name of readdirSync(subagents).filter(n => n.endsWith('.meta.json'))) {
			rmSync(path.join(subagents, name));
		}
		const by = imported(fx);
		for (const a of fx.agents) {
			const line = by.get(a.agentId);
			expect(line?.data?.parentAgentId, a.script).toBe(a.parent ?? undefined);
			expect(line?.data?.description, a.script).toBe(a.description);
			expect(line?.type, a.script).toBe(a.type);
		}
	});

	it('cut off before its parent’s result came (a .meta.json with the call’s id, no parent): from the call', () => {
		const fx = placeClaudeFixture('depth3');
		const subagents = subagentsOf(fx);
		const inner = fx.agents.find(a => a.script === 'inner')!;
		const middle = fx.agents.find(a => a.script === 'middle')!;
		const metaFile = path.join(subagents, `agent-${inner.agentId}.meta.json`);
		const {parentAgentId: _dropped, ...meta} = JSON.parse(readFileSync(metaFile, 'utf8')) as Record<string, unknown>;
		expect(_dropped).toBe(middle.agentId);
		writeFileSync(metaFile, JSON.stringify(meta));
		// The middle agent's transcript loses the result that names the inner one.
		const middleFile = path.join(subagents, `agent-${middle.agentId}.jsonl`);
		const kept = readFileSync(middleFile, 'utf8')
			.split('\n')
			.filter(line => !(line.includes('"tool_result"') && line.includes(`agentId: ${inner.agentId}`)));
		writeFileSync(middleFile, kept.join('\n'));
		expect(imported(fx).get(inner.agentId)?.data?.parentAgentId).toBe(middle.agentId);
	});
});
