// The built-in demo: a scripted session of Claude Code hook events on a timeline. `agentlog demo`
// feeds each payload to the real hook at its time. Field sets follow docs/claude-code-hooks.md#example-payloads.
// It shows every behaviour a user should know: parallel Explore agents finishing at different
// times with Markdown reports, a long-running agent, a team whose teammates go idle and back to
// work, a shutdown handshake that leaves ghosts, an agent whose stop never comes (it turns
// stale), a stop with an empty agent_type, and more than 8 agents (the display cap).

export interface DemoStep {
	/** Seconds from the start of the scenario (before --speed). */
	readonly at: number;
	/** What a viewer should notice; shown by `demo --no-ui`. */
	readonly note: string;
	readonly payload: Readonly<Record<string, unknown>>;
}

/** The stale threshold the demo runs watch with, in scenario seconds (the real default is 5 min). */
export const DEMO_STALE_SECONDS = 40;
/** How long the scenario runs before it stays on screen (or loops). */
export const DEMO_LENGTH_SECONDS = 80;

/** With `demo --dir`, the transcripts are kept in this folder of the activity folder (readers skip dot folders). */
export const DEMO_TRANSCRIPTS_DIR = '.demo-transcripts';

const ROUTES_REPORT = `## API routes

Found **4 routes** under \`src/routes\`:

- \`GET /users\` — list users (paginated)
- \`POST /users\` — create a user
- \`GET /users/:id\` — one user
- \`DELETE /users/:id\` — admin only

Auth middleware is applied in \`src/app.ts\`:

\`\`\`ts
app.use('/users', requireAuth, usersRouter);
\`\`\`
`;

const TESTS_REPORT = `## Test coverage

1. \`src/routes/users.ts\` has **no tests** for \`DELETE\`.
2. \`src/auth.ts\` is covered at 92 %.

> The e2e suite needs a running database; unit tests do not.
`;

const CONFIG_REPORT = `No environment variables are read outside \`src/config.ts\`. Nothing to change.`;

const REFACTOR_REPORT = `## Done: extracted the user service

- Moved queries from \`src/routes/users.ts\` into \`src/services/users.ts\`
- Added \`UserService\` with 4 methods; routes now call it
- All 38 tests pass

\`\`\`diff
- const rows = await db.query('select * from users');
+ const rows = await users.list({page, size});
\`\`\`
`;

interface Ids {
	readonly session: string;
	readonly team: string;
}

/**
 * The scenario's steps for one session id (a new id per loop, so watch follows each run), with
 * transcripts under `projects` (Claude Code's `<claude>/projects/<project>` folder).
 */
export function demoSteps(sessionId: string, projects = '/home/dev/.claude/projects/-home-dev-acme'): DemoStep[] {
	const ids: Ids = {session: sessionId, team: `session-${sessionId.slice(0, 8)}`};
	const main = `${projects}/${sessionId}.jsonl`;
	const common = {session_id: ids.session, transcript_path: main, cwd: '/home/dev/acme'};
	const start = (agentId: string, agentType: string) => ({...common, hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: agentType});
	const stop = (agentId: string, agentType: string, message: string) => ({
		...common,
		permission_mode: 'default',
		hook_event_name: 'SubagentStop',
		stop_hook_active: false,
		agent_id: agentId,
		agent_type: agentType,
		agent_transcript_path: `${projects}/${sessionId}/subagents/agent-${agentId}.jsonl`,
		last_assistant_message: message,
		background_tasks: [],
		session_crons: [],
	});
	const idle = (name: string) => ({...common, permission_mode: 'default', hook_event_name: 'TeammateIdle', teammate_name: name, team_name: ids.team});
	// The parent's Agent call as PostToolUse reports it (docs/claude-code-hooks.md#the-agent-tools-result): at launch for a
	// background run, at the end with totals for a foreground one; from inside a subagent, with its id.
	const call = (agentId: string, type: string, description: string, response: Readonly<Record<string, unknown>>, caller?: string) => ({
		...common,
		permission_mode: 'default',
		hook_event_name: 'PostToolUse',
		...(caller === undefined ? {} : {agent_id: caller, agent_type: 'general-purpose'}),
		tool_name: 'Agent',
		tool_input: {description, prompt: `${description}. Report what you find.`, subagent_type: type, run_in_background: response.status === 'async_launched'},
		tool_response: {agentId, resolvedModel: 'claude-sonnet-4-5-20250929', ...response},
		tool_use_id: `toolu_demo_${agentId}`,
	});
	const launched = (agentId: string, type: string, description: string) => call(agentId, type, description, {status: 'async_launched', description});
	const finished = (agentId: string, type: string, description: string, tokens: number, tools: number, seconds: number, caller?: string) =>
		call(agentId, type, description, {status: 'completed', totalTokens: tokens, totalToolUseCount: tools, totalDurationMs: seconds * 1000}, caller);
	const teammate = (name: string) => `${name}@${ids.team}`;

	const steps: DemoStep[] = [
		{at: 1, note: 'three Explore agents start in parallel', payload: start('a1f0c2e9b7d3a1501', 'Explore')},
		{at: 1.05, note: '', payload: launched('a1f0c2e9b7d3a1501', 'Explore', 'Find the API routes')},
		{at: 1.5, note: '', payload: start('a2b81d07c4e5f6a02', 'Explore')},
		{at: 1.55, note: '', payload: launched('a2b81d07c4e5f6a02', 'Explore', 'Check where config is read')},
		{at: 2, note: '', payload: start('a3c9e4f1a2b3c4d03', 'Explore')},
		{at: 4, note: 'a long-running general-purpose agent starts', payload: start('a4d7b2c8e1f0a9b04', 'general-purpose')},
		{at: 7, note: 'a team: three teammates start', payload: start(teammate('researcher'), 'general-purpose')},
		{at: 8, note: '', payload: start(teammate('reviewer'), 'code-reviewer')},
		{at: 9, note: '', payload: start(teammate('tester'), 'tester')},
		{at: 12, note: 'the first Explore agent finishes with a Markdown report', payload: stop('a1f0c2e9b7d3a1501', 'Explore', ROUTES_REPORT)},
		{at: 14, note: 'an agent starts whose stop will never arrive (it turns stale)', payload: start('a5e6f7a8b9c0d1e05', 'Plan')},
		{at: 14.05, note: '', payload: launched('a5e6f7a8b9c0d1e05', 'Plan', 'Plan the pagination change')},
		{at: 18, note: 'a stop with an empty agent_type keeps the type already recorded', payload: stop('a2b81d07c4e5f6a02', '', CONFIG_REPORT)},
		{at: 19, note: 'an internal agent stops (empty type, never started): ignored', payload: stop('acompact7f3e2d1c0', '', '')},
		{at: 20, note: 'the long-running agent starts a nested Explore agent (shown under it)', payload: start('a4c1child0nested11', 'Explore')},
		{at: 22, note: 'teammate researcher goes idle', payload: idle('researcher')},
		{at: 26, note: 'the third Explore agent finishes', payload: stop('a3c9e4f1a2b3c4d03', 'Explore', TESTS_REPORT)},
		{
			at: 26.1,
			note: 'its parent call comes back with its totals (PostToolUse)',
			payload: finished('a3c9e4f1a2b3c4d03', 'Explore', 'Review test coverage', 18_240, 6, 24),
		},
		{at: 26.5, note: '', payload: stop('a4c1child0nested11', 'Explore', 'Two callers: `src/routes/users.ts` and `src/jobs/report.ts`.')},
		{
			at: 26.6,
			note: '',
			payload: finished('a4c1child0nested11', 'Explore', 'Find callers of getUsers', 4_310, 1, 6.5, 'a4d7b2c8e1f0a9b04'),
		},
		{at: 28, note: 'teammate reviewer goes idle', payload: idle('reviewer')},
		{at: 33, note: 'researcher gets a message and works again (its start time is kept)', payload: start(teammate('researcher'), 'general-purpose')},
		{at: 36, note: 'the long-running agent is messaged: SubagentStart repeats, its start time is kept', payload: start('a4d7b2c8e1f0a9b04', 'general-purpose')},
		{at: 40, note: 'tester finishes; the team shutdown handshake follows', payload: stop(teammate('tester'), 'tester', 'All 38 tests pass.')},
		{at: 42, note: 'a short-lived copy of tester (a ghost: hidden, counted in the header)', payload: start('a6ghost1b2c3d4e06', 'tester')},
		{at: 43, note: '', payload: stop('a6ghost1b2c3d4e06', 'tester', 'Shutdown acknowledged.')},
		{at: 45, note: 'a second ghost', payload: start('a7ghost2c3d4e5f07', 'tester')},
		{at: 46, note: '', payload: stop('a7ghost2c3d4e5f07', 'tester', 'Shutdown acknowledged.')},
		{at: 48, note: 'researcher goes idle again', payload: idle('researcher')},
		{at: 52, note: 'more agents: now over the display cap of 8', payload: start('a9a8b7c6d5e4f3a09', 'statusline-setup')},
		// A type of its own: at --speed 2 and up, a second Explore would fall in the 30 s ghost window.
		{at: 57, note: '', payload: start('a8f1e2d3c4b5a6f08', 'claude-code-guide')},
		{at: 64, note: '', payload: stop('a8f1e2d3c4b5a6f08', 'claude-code-guide', 'No uses of the deprecated `request` package remain.')},
		{at: 62, note: '', payload: stop('a9a8b7c6d5e4f3a09', 'statusline-setup', 'Status line configured: model · branch · context %.')},
		{at: 66, note: 'a new teammate joins (its idle arrives before any start)', payload: idle('docs-writer')},
		{at: 72, note: 'the long-running agent finishes', payload: stop('a4d7b2c8e1f0a9b04', 'general-purpose', REFACTOR_REPORT)},
		{at: 72.1, note: '', payload: finished('a4d7b2c8e1f0a9b04', 'general-purpose', 'Extract a user service', 96_500, 14, 68)},
		{at: 76, note: 'reviewer is woken and works again', payload: start(teammate('reviewer'), 'code-reviewer')},
	];
	return steps.sort((a, b) => a.at - b.at);
}
