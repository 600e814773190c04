// The demo's subagent transcripts: what Claude Code would write to
// `<projects>/<session>/subagents/agent-<id>.jsonl` (and the `.meta.json` beside it) while the
// agents of the demo scenario run, so the monitor shows live activity, tool calls and tokens.
// Line shapes follow docs/claude-code-hooks.md#subagent-transcripts.

export interface TranscriptWrite {
	/** Seconds from the start of the scenario. */
	readonly at: number;
	/** Path relative to the session's transcript folder (`subagents/agent-<id>.jsonl`). */
	readonly file: string;
	/** One JSON line to append (the player adds its `timestamp`), or the whole `.meta.json`. */
	readonly json: unknown;
}

type Act =
	| readonly [at: number, kind: 'text', text: string]
	| readonly [at: number, kind: 'think']
	| readonly [at: number, kind: 'tool', name: string, input: Readonly<Record<string, unknown>>, result: string];

interface Script {
	readonly agentId: string;
	readonly type: string;
	readonly description: string;
	readonly parentAgentId?: string;
	readonly acts: readonly Act[];
}

const CWD = '/home/dev/acme';

const SCRIPTS: readonly Script[] = [
	{
		agentId: 'a1f0c2e9b7d3a1501',
		type: 'Explore',
		description: 'Find the API routes',
		acts: [
			[1.5, 'text', "I'll look for the route definitions first."],
			[2.5, 'tool', 'Grep', {pattern: 'router\\.(get|post|delete)', path: `${CWD}/src`, output_mode: 'files_with_matches'}, 'src/routes/users.ts\nsrc/app.ts'],
			[5, 'tool', 'Read', {file_path: `${CWD}/src/routes/users.ts`}, "import {Router} from 'express';\nexport const usersRouter = Router();"],
			[8, 'think'],
			[9, 'tool', 'Read', {file_path: `${CWD}/src/app.ts`}, "app.use('/users', requireAuth, usersRouter);"],
			[11.5, 'text', 'Found 4 routes; auth middleware is applied in src/app.ts.'],
		],
	},
	{
		agentId: 'a2b81d07c4e5f6a02',
		type: 'Explore',
		description: 'Check where config is read',
		acts: [
			[2, 'tool', 'Grep', {pattern: 'process\\.env', path: `${CWD}/src`}, 'src/config.ts:3: const port = process.env.PORT;'],
			[6, 'tool', 'Read', {file_path: `${CWD}/src/config.ts`}, 'export const config = {port: Number(process.env.PORT ?? 3000)};'],
			[11, 'think'],
			[14, 'tool', 'Glob', {pattern: '**/*.env*'}, 'No files found'],
		],
	},
	{
		agentId: 'a3c9e4f1a2b3c4d03',
		type: 'Explore',
		description: 'Review test coverage',
		acts: [
			[
				3,
				'tool',
				'Bash',
				{command: 'npx vitest run --coverage', description: 'Run the tests with coverage'},
				' ✓ 38 tests passed\n src/auth.ts 92 %\n src/routes/users.ts 61 %',
			],
			[10, 'think'],
			[12, 'tool', 'Read', {file_path: `${CWD}/test/users.test.ts`}, "describe('users', () => { … })"],
			[18, 'tool', 'Grep', {pattern: 'DELETE', path: `${CWD}/test`}, 'No matches found'],
			[24, 'text', '## Test coverage\n\nDELETE has no tests.'],
		],
	},
	{
		agentId: 'a4d7b2c8e1f0a9b04',
		type: 'general-purpose',
		description: 'Extract a user service',
		acts: [
			[5, 'text', "I'll move the queries out of the routes into a service."],
			[7, 'tool', 'Read', {file_path: `${CWD}/src/routes/users.ts`}, 'const rows = await db.query(…)'],
			[12, 'tool', 'Write', {file_path: `${CWD}/src/services/users.ts`, content: 'export class UserService {}'}, 'File created successfully'],
			[
				19,
				'tool',
				'Agent',
				{description: 'Find callers of getUsers', prompt: 'List every caller of getUsers', subagent_type: 'Explore'},
				'Two callers: src/routes/users.ts and src/jobs/report.ts',
			],
			[32, 'tool', 'Edit', {file_path: `${CWD}/src/routes/users.ts`, old_string: 'db.query', new_string: 'users.list'}, 'The file has been updated.'],
			[40, 'tool', 'Edit', {file_path: `${CWD}/src/jobs/report.ts`, old_string: 'getUsers', new_string: 'users.list'}, 'The file has been updated.'],
			[48, 'think'],
			[54, 'tool', 'Bash', {command: 'npm test', description: 'Run the test suite'}, '38 passed'],
			[62, 'tool', 'Edit', {file_path: `${CWD}/src/services/users.ts`, old_string: '{}', new_string: '{ list() {} }'}, 'The file has been updated.'],
			[70, 'text', 'Done: extracted the user service; all 38 tests pass.'],
		],
	},
	{
		agentId: 'a4c1child0nested11',
		type: 'Explore',
		description: 'Find callers of getUsers',
		parentAgentId: 'a4d7b2c8e1f0a9b04',
		acts: [
			[20.5, 'tool', 'Grep', {pattern: 'getUsers\\(', path: `${CWD}/src`}, 'src/routes/users.ts\nsrc/jobs/report.ts'],
			[25, 'text', 'Two callers: src/routes/users.ts and src/jobs/report.ts'],
		],
	},
	{
		agentId: 'a5e6f7a8b9c0d1e05',
		type: 'Plan',
		description: 'Plan the pagination change',
		acts: [
			[14.5, 'think'],
			[16, 'tool', 'Read', {file_path: `${CWD}/src/routes/users.ts`}, 'router.get("/users", …)'],
		],
	},
];

const MODEL = 'claude-sonnet-4-5-20250929';

/** Every transcript write of the scenario, in time order. */
export function demoTranscriptWrites(sessionId: string): TranscriptWrite[] {
	const writes: TranscriptWrite[] = [];
	let n = 0;
	for (const script of SCRIPTS) {
		const file = `subagents/agent-${script.agentId}.jsonl`;
		const first = script.acts[0]?.[0] ?? 0;
		writes.push({
			at: first,
			file: `subagents/agent-${script.agentId}.meta.json`,
			json: {agentType: script.type, description: script.description, ...(script.parentAgentId ? {parentAgentId: script.parentAgentId} : {})},
		});
		const base = (at: number) => ({
			parentUuid: null,
			isSidechain: true,
			userType: 'external',
			cwd: CWD,
			sessionId,
			version: '2.1.240',
			agentId: script.agentId,
			uuid: `demo-${sessionId.slice(0, 8)}-${++n}-${at}`,
		});
		const assistant = (at: number, content: unknown[]) => ({
			...base(at),
			type: 'assistant',
			message: {
				model: MODEL,
				id: `msg_demo_${n}`,
				type: 'message',
				role: 'assistant',
				content,
				usage: {
					input_tokens: 40 + (n % 7) * 13,
					output_tokens: 120 + (n % 5) * 37,
					cache_creation_input_tokens: 900,
					cache_read_input_tokens: 12_000 + n * 150,
				},
			},
		});
		for (const act of script.acts) {
			const [at, kind] = act;
			if (kind === 'text') {
				writes.push({at, file, json: assistant(at, [{type: 'text', text: act[2]}])});
			} else if (kind === 'think') {
				writes.push({at, file, json: assistant(at, [{type: 'thinking', thinking: '…', signature: 'demo'}])});
			} else {
				const id = `toolu_demo_${script.agentId.slice(0, 6)}_${n}`;
				writes.push({at, file, json: assistant(at, [{type: 'tool_use', id, name: act[2], input: act[3]}])});
				const done = at + 1.2;
				writes.push({
					at: done,
					file,
					json: {...base(done), type: 'user', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content: act[4]}]}},
				});
			}
		}
	}
	return writes.sort((a, b) => a.at - b.at);
}
