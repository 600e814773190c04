// The hook with notifications on (`install-hook --notify` writes `agent-spy.sh --notify`), run as
// Claude Code runs it: the real Claude Code 2.1.328 payloads of the workflow fixture, and a
// permission prompt in a background subagent shaped like the real payloads. Stdout holds exactly
// one `{"terminalSequence": …}` line per edge and nothing on repeats; exit 0 always; nothing at all
// without --notify, for a Claude Code older than 2.1.141, or one whose version is unknown.
import {spawn, spawnSync} from 'node:child_process';
import {cpSync, existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {installHookCopy} from '../../../src/app/demo/demo-player.js';
import {hookEnv, installedHook, type HookRun} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude');
const manifest = JSON.parse(readFileSync(path.join(fixtures, 'manifest.json'), 'utf8')) as {scenarios: Record<string, {root: string}>};
const events = new Set<string>(HOOK_EVENTS);
const ESC = '\u001b';
const BEL = '\u0007';
const json = (text: string) => `${JSON.stringify({terminalSequence: `${ESC}]9;agentlog: ${text}${BEL}${BEL}`})}\n`;

let launcher = '';
beforeAll(() => {
	launcher = installedHook();
});

function runWith(args: readonly string[], input: string, env: NodeJS.ProcessEnv, script = launcher): HookRun {
	const r = spawnSync(script, args, {input, env, encoding: 'utf8'});
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

function runAsync(args: readonly string[], input: string, env: NodeJS.ProcessEnv): Promise<HookRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(launcher, args, {env});
		let stdout = '';
		child.stdout.on('data', d => (stdout += d));
		child.on('error', reject);
		child.on('close', status => resolve({status, stdout, stderr: ''}));
		child.stdin.end(input);
	});
}

/** A fixture scenario's payloads, its files copied to a temp folder and the paths rewritten to it (the hook reads the transcripts). */
function scenario(name: string): string[] {
	const root = tempDir(`notify-${name}-`);
	cpSync(path.join(fixtures, name, 'claude'), path.join(root, 'claude'), {recursive: true});
	const recorded = manifest.scenarios[name]!.root;
	return readFileSync(path.join(fixtures, name, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(line => line !== '' && events.has((JSON.parse(line) as {hook_event_name: string}).hook_event_name))
		.map(line => line.replaceAll(recorded, root));
}

describe('agent-spy --notify', () => {
	it('the real workflow run: one notification when its agent fails, one when the run is finished, nothing else', () => {
		const activity = tempDir('notify-');
		const outs = scenario('workflow').map(text => {
			const r = runWith(['--notify'], text, hookEnv(activity, {AGENTLOG_NOTIFY_INTERVAL_MS: '0'}));
			expect(r.status).toBe(0);
			return {event: (JSON.parse(text) as {hook_event_name: string}).hook_event_name, stdout: r.stdout};
		});
		expect(outs.filter(o => o.stdout !== '')).toEqual([
			{event: 'StopFailure', stdout: json('workflow-subagent failed: API Error: 400 fixture: this request is refused on purpose')},
			{event: 'SubagentStop', stdout: json('workflow wf_fac5b0fb-872 finished: 2 agents, 1 failed')},
		]);
		const state = JSON.parse(readFileSync(path.join(activity, '3346aa6b-35c7-492e-80aa-4422bff0f369', '.notify.json'), 'utf8')) as Record<string, unknown>;
		expect(state.clientVersion).toBe('2.1.328');
	});

	it('prints nothing without --notify, on the same payloads', () => {
		const activity = tempDir('notify-off-');
		for (const text of scenario('workflow')) {
			expect(runWith([], text, hookEnv(activity, {AGENTLOG_NOTIFY_INTERVAL_MS: '0'}))).toMatchObject({status: 0, stdout: ''});
		}
	});

	describe('a permission prompt in a background subagent', () => {
		function prompt(version: string | undefined): {activity: string; send: (event: string, extra?: Record<string, unknown>) => HookRun} {
			const texts = scenario('background');
			const first = JSON.parse(texts[0]!) as {session_id: string; transcript_path: string; cwd: string};
			const start = texts.find(t => t.includes('"SubagentStart"'))!;
			const activity = tempDir('notify-ask-');
			const agentId = (JSON.parse(start) as {agent_id: string}).agent_id;
			if (version !== '2.1.328') {
				// The session's transcripts as an older Claude Code writes them, or with no version in them.
				const line = `${JSON.stringify(version === undefined ? {type: 'user'} : {type: 'user', version})}\n`;
				writeFileSync(first.transcript_path, line);
				writeFileSync(`${first.transcript_path.slice(0, -'.jsonl'.length)}/subagents/agent-${agentId}.jsonl`, line);
			}
			const send = (event: string, extra: Record<string, unknown> = {}) =>
				runWith(
					['--notify'],
					JSON.stringify({
						session_id: first.session_id,
						transcript_path: first.transcript_path,
						cwd: first.cwd,
						permission_mode: 'default',
						agent_id: agentId,
						agent_type: 'general-purpose',
						hook_event_name: event,
						...extra,
					}),
					hookEnv(activity, {AGENTLOG_NOTIFY_INTERVAL_MS: '0'}),
				);
			expect(runWith(['--notify'], start, hookEnv(activity))).toMatchObject({status: 0, stdout: ''});
			return {activity, send};
		}
		const ask = {tool_name: 'Bash', tool_input: {command: 'npm publish --tag next', description: 'Publish'}, permission_suggestions: []};
		const notification = {notification_type: 'permission_prompt', message: 'Claude needs your permission to use Bash'};

		it('notifies once, with the agent and what it waits for; not on the repeats; again after it was answered', () => {
			const {send} = prompt('2.1.328');
			expect(send('PermissionRequest', ask)).toEqual({status: 0, stdout: json('general-purpose waits for you: Bash: npm publish --tag next'), stderr: ''});
			expect(send('Notification', notification)).toEqual({status: 0, stdout: '', stderr: ''});
			expect(send('PermissionRequest', ask)).toEqual({status: 0, stdout: '', stderr: ''});
			// Answered: the agent's next event (here its stop), then a new request is a new edge.
			expect(send('SubagentStop', {last_assistant_message: 'Published.'})).toEqual({status: 0, stdout: '', stderr: ''});
			expect(send('SubagentStart', {})).toMatchObject({status: 0, stdout: ''});
			expect(send('Notification', notification)).toEqual({
				status: 0,
				stdout: json('general-purpose waits for you: Claude needs your permission to use Bash'),
				stderr: '',
			});
		});

		it('notifies nothing for a Claude Code older than 2.1.141, or of no known version', () => {
			for (const version of ['2.1.140', undefined]) {
				const {send, activity} = prompt(version);
				expect(send('PermissionRequest', ask)).toEqual({status: 0, stdout: '', stderr: ''});
				expect(send('Notification', notification)).toEqual({status: 0, stdout: '', stderr: ''});
				// An old version is remembered (the transcript is not read again); an unknown one is looked for again next time.
				const state = path.join(activity, 'eb7c7965-eea8-4ad9-b18b-0599f7a9933e', '.notify.json');
				expect(existsSync(state) ? JSON.parse(readFileSync(state, 'utf8')) : undefined).toEqual(
					version === undefined ? undefined : {clientVersion: version, sent: {}},
				);
			}
		});
	});

	it('sends at most one notification per session in the interval', () => {
		const activity = tempDir('notify-rate-');
		const texts = scenario('parallel');
		const starts = texts.filter(t => t.includes('"SubagentStart"'));
		const first = JSON.parse(starts[0]!) as Record<string, unknown>;
		for (const start of starts) {
			runWith(['--notify'], start, hookEnv(activity));
		}
		const asks = starts.map(start => {
			const {agent_id: agentId} = JSON.parse(start) as {agent_id: string};
			return JSON.stringify({...first, agent_id: agentId, hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: {command: 'make'}});
		});
		const env = hookEnv(activity, {AGENTLOG_NOTIFY_INTERVAL_MS: '600000'});
		const outs = asks.map(text => runWith(['--notify'], text, env).stdout);
		expect(outs.filter(o => o !== '')).toHaveLength(1);
	});

	it('two last stops at the same moment make one notification', async () => {
		const texts = scenario('parallel');
		for (let round = 0; round < 3; round++) {
			const activity = tempDir('notify-race-');
			const env = hookEnv(activity, {AGENTLOG_NOTIFY_INTERVAL_MS: '0'});
			const stops = texts.filter(t => t.includes('"SubagentStop"'));
			for (const text of texts.filter(t => !t.includes('"SubagentStop"') && !t.includes('"SessionEnd"'))) {
				runWith(['--notify'], text, env);
			}
			runWith(['--notify'], stops[0]!, env);
			const outs = await Promise.all(stops.slice(1).map(text => runAsync(['--notify'], text, env)));
			expect(outs.map(o => o.status)).toEqual([0, 0]);
			expect(outs.map(o => o.stdout).filter(o => o !== '')).toEqual([json('all 3 agents finished')]);
		}
	});

	it("the plugin's notify option turns it on for the plugin's own copy only", () => {
		const activity = tempDir('notify-plugin-');
		const texts = scenario('workflow');
		const failure = texts.findIndex(t => t.includes('"StopFailure"'));
		// The plugin's copy: <plugin root>/hooks/agent-spy.sh, run with no arguments.
		const pluginRoot = tempDir('plugin-');
		const plugin = installHookCopy(path.join(pluginRoot, 'hooks'));
		const env = (root: string) => hookEnv(activity, {AGENTLOG_NOTIFY_INTERVAL_MS: '0', CLAUDE_PLUGIN_OPTION_NOTIFY: 'true', CLAUDE_PLUGIN_ROOT: root});
		for (const text of texts.slice(0, failure)) {
			expect(runWith([], text, env(pluginRoot), plugin)).toMatchObject({status: 0, stdout: ''});
		}
		// Another plugin's option (the variable is the same name in every plugin's hooks): not this copy's.
		expect(runWith([], texts[failure]!, env('/another/plugin'), plugin)).toMatchObject({status: 0, stdout: ''});
		expect(runWith([], texts[failure]!, {...env(pluginRoot), CLAUDE_PLUGIN_OPTION_NOTIFY: 'false'}, plugin)).toMatchObject({status: 0, stdout: ''});
		// With the option on, the same failure (a repeat to the record, never notified yet) is notified.
		expect(runWith([], texts[failure]!, env(pluginRoot), plugin).stdout).toContain('failed');
	});
});
