// Codex CLI rollout lines and files for tests, shaped as docs/codex-rollouts.md#rollout-files describes (the real files
// Codex wrote are in test/fixtures/codex).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export const CODEX_T0 = Date.parse('2026-11-20T10:00:00.000Z');

/** ISO time `s` seconds after `t0`. */
export const codexTime = (s: number, t0 = CODEX_T0): string => new Date(t0 + s * 1000).toISOString();

export function codexLine(at: string, type: string, payload: Record<string, unknown>): string {
	return JSON.stringify({timestamp: at, type, payload});
}

export interface ChildSpec {
	readonly id: string;
	readonly root: string;
	readonly parent?: string;
	readonly depth?: number;
	readonly role?: string;
	readonly path?: string;
	readonly nickname?: string;
	readonly extra?: Record<string, unknown>;
}

export function childMetaLine(at: string, c: ChildSpec): string {
	const parent = c.parent ?? c.root;
	return codexLine(at, 'session_meta', {
		id: c.id,
		session_id: c.root,
		timestamp: at,
		cwd: '/home/dev/shop',
		originator: 'codex_exec',
		cli_version: '0.169.0',
		source: {
			subagent: {
				thread_spawn: {
					parent_thread_id: parent,
					depth: c.depth ?? 1,
					agent_nickname: c.nickname ?? 'Erdos',
					...(c.role === undefined ? {} : {agent_role: c.role}),
					...(c.path === undefined ? {} : {agent_path: c.path}),
				},
			},
		},
		thread_source: 'subagent',
		parent_thread_id: parent,
		agent_nickname: c.nickname ?? 'Erdos',
		...(c.role === undefined ? {} : {agent_role: c.role}),
		...(c.path === undefined ? {} : {agent_path: c.path}),
		base_instructions: {text: 'You are Codex. '.repeat(2000)},
		...c.extra,
	});
}

export function rootMetaLine(at: string, root: string): string {
	return codexLine(at, 'session_meta', {
		id: root,
		session_id: root,
		timestamp: at,
		cwd: '/home/dev/shop',
		source: 'exec',
		thread_source: 'user',
		cli_version: '0.169.0',
	});
}

/** A child's whole run: its task, one shell call, tokens, its report (stopped unless `running`). */
export function childRunLines(t0: number, c: ChildSpec, task: string, report: string, running = false): string[] {
	const at = (s: number) => codexTime(s, t0);
	const lines = [
		childMetaLine(at(0), c),
		codexLine(at(0.1), 'turn_context', {turn_id: 't1', model: 'gpt-5.5-codex'}),
		codexLine(at(0.2), 'event_msg', {type: 'task_started', turn_id: 't1', started_at: (t0 + 200) / 1000}),
		codexLine(at(0.3), 'response_item', {
			type: 'message',
			role: 'user',
			content: [{type: 'input_text', text: '<environment_context>\n</environment_context>'}],
		}),
		codexLine(at(0.4), 'response_item', {type: 'message', role: 'user', content: [{type: 'input_text', text: task}]}),
		codexLine(at(1), 'response_item', {
			type: 'function_call',
			name: 'shell',
			namespace: 'functions',
			arguments: JSON.stringify({command: ['ls']}),
			call_id: 'c1',
		}),
		codexLine(at(1.5), 'event_msg', {type: 'token_count', info: {total_token_usage: {input_tokens: 500, output_tokens: 50, total_tokens: 550}}}),
	];
	if (!running) {
		lines.push(codexLine(at(2), 'event_msg', {type: 'task_complete', turn_id: 't1', last_agent_message: report, completed_at: (t0 + 2000) / 1000}));
	}
	return lines;
}

/** Writes a rollout file under `<codexHome>/sessions/YYYY/MM/DD/`, dated by `t0`; returns its path. */
export function writeRollout(codexHome: string, threadId: string, t0: number, lines: readonly string[]): string {
	const d = new Date(t0);
	const dir = path.join(
		codexHome,
		'sessions',
		String(d.getUTCFullYear()),
		String(d.getUTCMonth() + 1).padStart(2, '0'),
		String(d.getUTCDate()).padStart(2, '0'),
	);
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, `rollout-${d.toISOString().slice(0, 19).replaceAll(':', '-')}-${threadId}.jsonl`);
	writeFileSync(file, `${lines.join('\n')}\n`);
	return file;
}
