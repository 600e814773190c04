// `agentlog report` (the built CLI) over every real Claude Code fixture: its gantt read by
// Mermaid's own grammar has a bar per agent, each bar and table row names its agent (name or type
// and task, as the list), and no two read the same.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {claudeFixtures, copyClaudeRun, runOnCopy} from '../../helpers/claude-fixture-run.js';
import {mermaidBlocks, parseGantt} from '../../helpers/mermaid-gantt.js';

interface Scenario {
	readonly root: string;
	readonly sessionId: string;
	readonly exitedAt: string;
	readonly agents: readonly {readonly agentId: string; readonly type: string; readonly name: string | null; readonly description: string}[];
}

const manifest = JSON.parse(readFileSync(path.join(claudeFixtures, 'manifest.json'), 'utf8')) as {scenarios: Record<string, Scenario>};

interface JsonAgent {
	readonly agentId: string;
	readonly name: string;
	readonly task: string | null;
	readonly startedAt: string;
}

describe('report over the real Claude Code fixtures', () => {
	it.each(Object.keys(manifest.scenarios).sort())('%s', async name => {
		const sc = manifest.scenarios[name]!;
		const run = copyClaudeRun(name, sc);
		const agents = (JSON.parse(runOnCopy(run, ['report', '--json', sc.sessionId])) as {agents: JsonAgent[]}).agents;
		const markdown = runOnCopy(run, ['report', sc.sessionId]);
		const [block, ...more] = mermaidBlocks(markdown);
		expect(more).toEqual([]);
		const gantt = await parseGantt(block!);
		expect(gantt.title).toBe(`Agents of session ${sc.sessionId.slice(0, 8)}`);
		expect(gantt.tasks.map(t => t.startMs)).toEqual(agents.map(a => Date.parse(a.startedAt)));
		// Every agent Claude Code ran is there, with its name when it has one and its task.
		for (const agent of sc.agents) {
			const i = agents.findIndex(a => a.agentId === agent.agentId);
			expect(i, `${name}/${agent.agentId}`).toBeGreaterThanOrEqual(0);
			const bar = gantt.tasks[i]!.task;
			expect(bar, `${name}/${agent.agentId}`).toContain(agent.name ?? agent.type);
			expect(agents[i]!.task, `${name}/${agent.agentId}`).not.toBeNull();
			expect(bar, `${name}/${agent.agentId}`).toContain(agents[i]!.task!.slice(0, 20).split(/[:;#`"'<>{}[\]\\]/u)[0]);
		}
		// No two bars or table rows read the same.
		expect(new Set(gantt.tasks.map(t => t.task)).size).toBe(gantt.tasks.length);
		const rows = markdown.split('\n').filter(line => /^\| \S+ \w/u.test(line) && !line.startsWith('| status'));
		expect(rows).toHaveLength(agents.length);
		expect(new Set(rows.map(row => row.split(' | ')[1])).size).toBe(rows.length);
	});
});
