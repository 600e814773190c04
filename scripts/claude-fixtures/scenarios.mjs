// The scenarios make-fixtures.mjs runs: the user's prompt, and per agent the script the stand-in
// plays (stand-in.mjs explains how a request is matched to a script). `agents` lists the subagents the
// run must produce, with the end each must reach: `completed`, `failed` (API error → StopFailure),
// `interrupted` (SIGINT), `killed` (SIGKILL). `signal` stops Claude Code once the named agent's reply
// with a tool call has been served (at its `turn`, when given: a resumed agent's later run).
// `mid: {agent, turn, afterMs}` holds that agent's request at that turn while the state is copied
// into mid/; `interactive(ctl)` runs the TUI in tmux and drives it (interactive.mjs); `timeoutMs`
// replaces the 180 s limit of a run.
import {byTurn, text, tool} from './stand-in.mjs';

const reply = (...blocks) => ({blocks});
const say = value => reply(text(value));
const bash = (command, description) => tool('Bash', {command, description});

/** An agent that runs one shell command, then reports. */
const oneCommand = (command, report) => byTurn(reply(bash(command, 'Run the check')), say(report));

/** The agent id in a tool result (`agentId: a…` in a foreground or background Agent result). */
const agentIdIn = result => /agentId:?\s*"?(a[0-9a-f]{16})/u.exec(result?.text ?? '')?.[1] ?? /\b(a[0-9a-f]{16})\b/u.exec(result?.text ?? '')?.[1];

const agentCall = (name, description, task, extra = {}) =>
	tool('Agent', {description, prompt: `[fixture:${name}] ${task}`, subagent_type: 'general-purpose', ...extra});

const WORKFLOW_SCRIPT = `export const meta = {
  name: 'fixture-checks',
  description: 'Two checks of the workspace, one of which fails',
  phases: [{ title: 'Check' }],
}
const results = await parallel([
  () => agent('[fixture:wf_count] Count the files in the workspace and report the number.', { label: 'count-files', phase: 'Check' }),
  () => agent('[fixture:wf_broken] Read the README and summarise it.', { label: 'read-readme', phase: 'Check' }),
])
return { results }
`;

const singleScenarios = {
	foreground: {
		about:
			'One foreground agent (`run_in_background: false`): the main agent calls Agent, the `lister` runs `ls -a` and reports; PostToolUse(Agent) carries the completed result.',
		prompt: 'Use a subagent to list the files in this folder, and wait for it.',
		scripts: {
			main: byTurn(
				reply(agentCall('lister', 'List the workspace', 'List the files in the working folder and report.', {run_in_background: false})),
				say('The lister reported: the folder holds a README. Done.'),
			),
			lister: oneCommand('ls -a', 'Lister report: the folder holds README and nothing else.'),
		},
		agents: {lister: 'completed'},
	},
	parallel: {
		about: 'Three foreground agents launched in one assistant message (one tool batch), running at the same time; each runs one command and reports.',
		prompt: 'Use three subagents at once to check the files, the lines and the disk usage of this folder.',
		scripts: {
			main: byTurn(
				reply(
					agentCall('files', 'Count files', 'Count the files in the working folder.', {run_in_background: false}),
					agentCall('lines', 'Count lines', 'Count the lines of the README.', {run_in_background: false}),
					agentCall('disk', 'Measure disk use', 'Measure the disk use of the working folder.', {run_in_background: false}),
				),
				say('All three checks reported back. Done.'),
			),
			files: oneCommand('ls -1 | wc -l', 'Files report: 1 file.'),
			lines: oneCommand('wc -l README', 'Lines report: the README has 1 line.'),
			disk: oneCommand('du -sh .', 'Disk report: a few KB.'),
		},
		agents: {files: 'completed', lines: 'completed', disk: 'completed'},
	},
	background: {
		about:
			'One agent launched the default way (no `run_in_background`): it runs in the background; PostToolUse(Agent) says `async_launched` at once, the main turn ends, and the completion arrives later as a `<task-notification>` turn (UserPromptSubmit) that the main agent answers.',
		prompt: 'Have a subagent check the README in this folder.',
		scripts: {
			main: byTurn(
				reply(agentCall('reader', 'Check the README', 'Read the README and say what it is for.')),
				say('The reader is working in the background; I will report when it is done.'),
				say('The reader finished: the README describes the fixture folder. Done.'),
			),
			reader: oneCommand('sleep 1; cat README', 'Reader report: the README says it is a folder for the fixture run.'),
		},
		agents: {reader: 'completed'},
	},
	sigint: {
		about:
			'A foreground agent runs `timeout 30 tail -f README`; two seconds after the stand-in served that tool call, Claude Code gets SIGINT (as Ctrl-C would). No SubagentStop and no PostToolUse(Agent) for the agent; SessionEnd fires.',
		prompt: 'Use a subagent to run the long job in this folder, and wait for it.',
		scripts: {
			main: byTurn(
				reply(agentCall('sleeper', 'Run the long job', 'Run the long job (watch the README for 30 seconds) and report.', {run_in_background: false})),
				say('The long job finished.'),
			),
			sleeper: oneCommand('timeout 30 tail -f README', 'Sleeper report: the long job finished.'),
		},
		agents: {sleeper: 'interrupted'},
		signal: {agent: 'sleeper', name: 'SIGINT', afterMs: 2000},
	},
	sigkill: {
		about:
			'A background agent runs `timeout 30 tail -f README`; two seconds after the stand-in served that tool call, Claude Code gets SIGKILL. Nothing fires afterwards: the agent file stays active, the transcript ends at the tool_use.',
		prompt: 'Have a subagent run the long job in this folder.',
		scripts: {
			main: byTurn(
				reply(agentCall('stuck', 'Run the long job', 'Run the long job (watch the README for 30 seconds) and report.')),
				say('The long job runs in the background.'),
				say('The long job finished.'),
			),
			stuck: oneCommand('timeout 30 tail -f README', 'Stuck report: the long job finished.'),
		},
		agents: {stuck: 'killed'},
		signal: {agent: 'stuck', name: 'SIGKILL', afterMs: 2000},
	},
	workflow: {
		about:
			"The Workflow tool with a script that runs two agents in parallel: `wf_count` runs a command and reports; `wf_broken`'s first request gets HTTP 400 from the stand-in, so it dies with StopFailure (no SubagentStop). The run ends with a `<task-notification>` to the main agent.",
		prompt: 'Use a workflow to run two checks of this folder in parallel: count the files, and summarise the README.',
		scripts: {
			main: byTurn(
				reply(tool('Workflow', {script: WORKFLOW_SCRIPT})),
				say('The workflow runs in the background; I will report when it is done.'),
				say('The workflow finished: one check reported, the other failed. Done.'),
			),
			wf_count: oneCommand('ls -1 | wc -l', 'Count report: 1 file.'),
			wf_broken: () => ({error: 400, message: 'fixture: this request is refused on purpose'}),
		},
		agents: {wf_count: 'completed', wf_broken: 'failed'},
	},
	depth3: {
		about:
			'Nesting to depth 3, all foreground: `outer` (depth 1) calls Agent for `middle` (depth 2), which calls Agent for `inner` (depth 3); `inner` runs `pwd` and reports, then each parent reports.',
		prompt: 'Use a subagent that delegates to a subagent that delegates again, to find the working directory.',
		scripts: {
			main: byTurn(
				reply(agentCall('outer', 'Delegate twice', 'Delegate to a subagent the question of the working directory.', {run_in_background: false})),
				say('The chain of agents answered. Done.'),
			),
			outer: byTurn(
				reply(agentCall('middle', 'Delegate once more', 'Delegate to a subagent: find the working directory.', {run_in_background: false})),
				say('Outer report: the middle agent answered.'),
			),
			middle: byTurn(
				reply(agentCall('inner', 'Find the directory', 'Print the working directory and report it.', {run_in_background: false})),
				say('Middle report: the inner agent answered.'),
			),
			inner: oneCommand('pwd', 'Inner report: the working directory is the fixture workspace.'),
		},
		agents: {outer: 'completed', middle: 'completed', inner: 'completed'},
	},
	resume: {
		about:
			'A foreground agent `helper` runs and finishes; the main agent loads SendMessage with ToolSearch and sends the finished agent a second task by its id: the same agent runs again in the background (a second SubagentStart with the same agent_id, the same transcript), and a `<task-notification>` reports the second run.',
		prompt: 'Use a subagent to check the README, then ask the same subagent a follow-up question.',
		scripts: {
			main: byTurn(
				reply(agentCall('helper', 'Check the README', 'Read the README and report.', {run_in_background: false})),
				reply(tool('ToolSearch', {query: 'select:SendMessage', max_results: 1})),
				ctx => {
					const id = agentIdIn(ctx.calls.find(c => c.name === 'Agent')?.result);
					return reply(
						tool('SendMessage', {to: id ?? 'unknown', message: '[fixture:helper] Second task: count the words of the README.', summary: 'Count the words'}),
					);
				},
				say('I sent the helper a follow-up; it runs in the background.'),
				say('The helper answered the follow-up too. Done.'),
			),
			helper: ctx => {
				const second = ctx.userTexts.includes('Second task');
				if (ctx.calls.length < (second ? 2 : 1)) return reply(bash(second ? 'wc -w README' : 'cat README', 'Run the check'));
				return say(second ? 'Helper, second report: the README has 8 words.' : 'Helper report: the README describes the fixture folder.');
			},
		},
		agents: {helper: 'completed'},
	},
	named: {
		about:
			'Two named background agents (`name: "scout"` and `name: "mapper"` in the Agent call; the parameter exists with CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1). Each runs a command and reports; two `<task-notification>` turns follow.',
		prompt: 'Start two named subagents, scout and mapper, to look at this folder.',
		env: {CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1'},
		scripts: {
			main: byTurn(
				reply(
					agentCall('scout', 'Scout the folder', 'Look at the folder and report what is there.', {name: 'scout'}),
					agentCall('mapper', 'Map the folder', 'Map the folder tree and report.', {name: 'mapper'}),
				),
				say('Scout and mapper are working in the background.'),
				say('One of them reported.'),
				say('Both reported. Done.'),
			),
			scout: oneCommand('ls -a', 'Scout report: a README.'),
			mapper: oneCommand('sleep 1; find . -maxdepth 1', 'Mapper report: one file at the top.'),
		},
		agents: {scout: 'completed', mapper: 'completed'},
	},
};

// ---------------------------------------------------------------------------------------------------
// Mixed scenarios: what the ones above test alone, together in one session.

/** A Workflow script: `meta`, then its agents in parallel (each `[task, label, phase]`, and more options as text). */
const workflowScript = (name, description, phases, agents) => `export const meta = {
  name: '${name}',
  description: '${description}',
  phases: [${phases.map(title => `{ title: '${title}' }`).join(', ')}],
}
const results = await parallel([
${agents.map(([task, label, phase, more = '']) => `  () => agent('${task}', { label: '${label}', phase: '${phase}'${more} }),`).join('\n')}
])
return { results }
`;

const MIXED_WORKFLOW = workflowScript(
	'mixed-checks',
	'A slow check and one that fails, while a named agent works beside them',
	['Check'],
	[
		['[fixture:wf_slow] Wait a little, then count the files in the workspace.', 'slow-count', 'Check'],
		['[fixture:wf_refused] Summarise the README.', 'refused-summary', 'Check'],
	],
);

const DEEP_WORKFLOW = workflowScript(
	'deep-checks',
	'One workflow agent delegates twice; another works beside it',
	['Deep', 'Side'],
	[
		['[fixture:wf_outer] Delegate the question of the working directory to a subagent.', 'outer-delegate', 'Deep', ", agentType: 'general-purpose'"],
		['[fixture:wf_side] Count the lines of the README.', 'side-lines', 'Side'],
	],
);

const CUT_WORKFLOW = workflowScript(
	'cut-checks',
	'One check beside a resumed agent',
	['Check'],
	[['[fixture:wf_lines] Count the lines of the README.', 'count-lines', 'Check']],
);

const KILL_WORKFLOW = workflowScript(
	'killed-checks',
	'Two long checks, killed',
	['Long'],
	[
		['[fixture:wf_long1] Watch the README for 30 seconds.', 'long-one', 'Long'],
		['[fixture:wf_long2] Watch the README for 30 seconds too.', 'long-two', 'Long'],
	],
);

/** Descriptions and reports a terminal must not obey: escapes, OSC, C1, bidi marks, Markdown tables, newlines, length. */
const HOSTILE = {
	esc: 'Clear \u001b[2J\u001b[H the screen \u0007 and \u009b31m paint it',
	osc: 'Copy \u001b]52;c;ZXZpbA==\u0007 and link \u001b]8;;https://example.invalid\u001b\\here\u001b]8;;\u001b\\',
	pipes: '| col | a |\n|---|---|\nb | **bold** `code` <b>x</b>',
	rtl: '\u202eevil\u202c text \u200f with \u2066isolates\u2069 and zero\u200bwidth',
	long: 'Long ' + 'description words '.repeat(120).trim(),
};

/**
 * The main agent of a session where a named agent and a workflow start together (SendMessage loaded
 * in the same message): when the named agent's first report has come, it sends it `followUp` by name.
 */
const namedBesideWorkflow =
	({launch, workflow, reported, followUp, sent, waiting}) =>
	ctx => {
		if (ctx.turn === 0) return reply(launch, tool('Workflow', {script: workflow}), tool('ToolSearch', {query: 'select:SendMessage', max_results: 1}));
		const done = ctx.calls.some(c => c.name === 'SendMessage');
		if (!done && ctx.userTexts.includes(reported)) return reply(tool('SendMessage', followUp));
		return say(done ? sent : waiting);
	};

/** An agent handed two tasks (the second by SendMessage, its text says `Second task`): one command and a report for each. */
const twoTasks =
	([firstCommand, firstReport], [secondCommand, secondReport]) =>
	ctx => {
		const second = ctx.userTexts.includes('Second task');
		if (ctx.calls.length < (second ? 2 : 1)) return reply(bash(second ? secondCommand : firstCommand, 'Run the check'));
		return say(second ? secondReport : firstReport);
	};

const mixedScenarios = {
	mixed: {
		about:
			'A named background agent (`courier`) and a Workflow (one slow agent, one refused with HTTP 400 → StopFailure) start in one message with ToolSearch(select:SendMessage); when the courier\'s `<task-notification>` comes, the main agent sends it a second task by **name** (`to: "courier"`) while the workflow still runs: the courier runs again under the same id.',
		prompt: 'Start a named subagent courier to count the words of the README, and a workflow of two checks; when the courier is done, ask it a follow-up.',
		env: {CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1'},
		scripts: {
			main: namedBesideWorkflow({
				launch: agentCall('courier', 'Carry the count', 'Count the words of the README and report.', {name: 'courier'}),
				workflow: MIXED_WORKFLOW,
				reported: 'Courier report',
				followUp: {to: 'courier', message: '[fixture:courier] Second task: count the lines of the README.', summary: 'Count the lines'},
				sent: 'Noted; the courier has its follow-up.',
				waiting: 'Waiting for the courier and the workflow.',
			}),
			courier: twoTasks(['wc -w README', 'Courier report: the README has 8 words.'], ['wc -l README', 'Courier, second report: the README has 1 line.']),
			wf_slow: oneCommand('sleep 4; ls -1 | wc -l', 'Slow count report: 1 file.'),
			wf_refused: () => ({error: 400, message: 'fixture: this request is refused on purpose'}),
		},
		agents: {courier: 'completed', wf_slow: 'completed', wf_refused: 'failed'},
	},
	deepflow: {
		about:
			'Nesting to depth 3 beside a workflow: `outer` (launched the default way, in the background) calls Agent for `middle` (foreground), which calls Agent for `inner` the default way (no `run_in_background`), and inside a subagent that ran in the foreground, at depth 3; at the same time a Workflow runs `wf_outer`, whose Agent call is refused (workflow agents have no Agent tool, whatever their agentType), and `wf_side`.',
		prompt: 'Use a subagent that delegates twice to find the working directory, and a workflow of two checks beside it.',
		scripts: {
			main: byTurn(
				reply(agentCall('outer', 'Delegate twice', 'Delegate to a subagent the question of the working directory.'), tool('Workflow', {script: DEEP_WORKFLOW})),
				say('The agent and the workflow run in the background; I will report when they are done.'),
				say('One of them reported.'),
			),
			outer: byTurn(
				reply(agentCall('middle', 'Delegate once more', 'Delegate to a subagent: find the working directory.', {run_in_background: false})),
				say('Outer report: the middle agent answered.'),
			),
			middle: byTurn(
				reply(agentCall('inner', 'Find the directory', 'Print the working directory and report it.')),
				say('Middle report: the inner agent was started.'),
			),
			inner: oneCommand('sleep 2; pwd', 'Inner report: the working directory is the fixture workspace.'),
			wf_outer: byTurn(
				reply(agentCall('wf_ghost', 'Delegate from a workflow', 'Find the working directory.', {run_in_background: false})),
				say('Workflow outer report: there is no Agent tool here.'),
			),
			wf_side: oneCommand('wc -l README', 'Side report: 1 line.'),
		},
		agents: {outer: 'completed', middle: 'completed', inner: 'completed', wf_outer: 'completed', wf_side: 'completed'},
	},
	hostile: {
		about:
			'Five foreground agents in one message, with descriptions, prompts and reports a terminal must not obey (CSI, OSC 52/8, C1, bidi controls, a Markdown table with newlines, 2,000 characters); four finish, the fifth (`h_slow`) runs `timeout 30 tail -f README` and is cut off by SIGINT four seconds after its tool call was served.',
		prompt: 'Use five subagents at once to check this folder, and wait for them.',
		scripts: {
			main: byTurn(
				reply(
					agentCall('h_esc', HOSTILE.esc, `Check the files. ${HOSTILE.esc}`, {run_in_background: false}),
					agentCall('h_pipes', HOSTILE.pipes, `Check the lines.\n${HOSTILE.pipes}`, {run_in_background: false}),
					agentCall('h_rtl', HOSTILE.rtl, `Check the words. ${HOSTILE.rtl}`, {run_in_background: false}),
					agentCall('h_long', HOSTILE.long, `Check the size. ${HOSTILE.long}`, {run_in_background: false}),
					agentCall('h_slow', HOSTILE.osc, `Run the long job (watch the README for 30 seconds). ${HOSTILE.osc}`, {run_in_background: false}),
				),
				say('All five checks are done.'),
			),
			h_esc: oneCommand('ls -a', `Esc report \u001b[31mred\u001b[0m \u001b]0;owned title\u0007 done.`),
			h_pipes: oneCommand('wc -l README', `Pipes report:\n| a | b |\n|---|---|\n| 1 | 2 |`),
			h_rtl: oneCommand('wc -w README', `RTL report \u202eevil\u202c \u200f done.`),
			h_long: oneCommand('du -sh .', `Long report ${'many words '.repeat(400).trim()}.`),
			h_slow: oneCommand('timeout 30 tail -f README', 'Slow report: the long job finished.'),
		},
		agents: {h_esc: 'completed', h_pipes: 'completed', h_rtl: 'completed', h_long: 'completed', h_slow: 'interrupted'},
		signal: {agent: 'h_slow', name: 'SIGINT', afterMs: 4000},
	},
	'resume-cut': {
		about:
			'A named background agent (`relay`) finishes; SendMessage (by name) runs it again, and Ctrl-C (SIGINT) comes two seconds into its second run, while it runs `timeout 30 tail -f README`; a Workflow with one agent runs beside it.',
		prompt: 'Start a named subagent relay to read the README and a workflow of one check; when relay is done, give it a long follow-up.',
		env: {CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1'},
		scripts: {
			main: namedBesideWorkflow({
				launch: agentCall('relay', 'Relay the README', 'Read the README and report.', {name: 'relay'}),
				workflow: CUT_WORKFLOW,
				reported: 'Relay report',
				followUp: {to: 'relay', message: '[fixture:relay] Second task: watch the README for 30 seconds.', summary: 'Watch the README'},
				sent: 'Relay has its follow-up.',
				waiting: 'Waiting for relay and the workflow.',
			}),
			relay: twoTasks(['cat README', 'Relay report: the README names the fixture folder.'], ['timeout 30 tail -f README', 'Relay, second report: watched.']),
			wf_lines: oneCommand('wc -l README', 'Lines report: 1 line.'),
		},
		agents: {relay: 'interrupted', wf_lines: 'completed'},
		signal: {agent: 'relay', turn: 2, name: 'SIGINT', afterMs: 2000},
	},
	'workflow-kill': {
		about:
			"SIGKILL while a Workflow runs two slow agents (`timeout 30 tail -f README`) and a background agent works beside them: nothing fires after the kill, the run file `wf_<run>.json` is never written (only the journal and the agents' files are there).",
		prompt: 'Run a workflow of two long checks and a background subagent beside it.',
		scripts: {
			main: byTurn(
				reply(agentCall('side', 'Look at the folder', 'List the folder and report.'), tool('Workflow', {script: KILL_WORKFLOW})),
				say('They run in the background.'),
			),
			side: oneCommand('ls -a', 'Side report: a README.'),
			wf_long1: oneCommand('timeout 30 tail -f README', 'Long one report.'),
			wf_long2: oneCommand('timeout 30 tail -f README', 'Long two report.'),
		},
		agents: {side: 'completed', wf_long1: 'killed', wf_long2: 'killed'},
		signal: {agent: 'wf_long2', name: 'SIGKILL', afterMs: 2500},
	},
};

// ---------------------------------------------------------------------------------------------------
// Second-look scenarios: a large workflow, a resumed agent seen mid-run, the interactive client.

/** The 30 agents of workflow30: three phases of ten; `failing` get HTTP 400 (→ StopFailure). */
const WF30 = Array.from({length: 30}, (_, i) => ({
	script: `wf30_${String(i + 1).padStart(2, '0')}`,
	label: `check-${String(i + 1).padStart(2, '0')}`,
	phase: ['Survey', 'Measure', 'Confirm'][Math.floor(i / 10)],
}));
const WF30_FAILING = new Set(['wf30_07', 'wf30_24']);

const WORKFLOW30_SCRIPT = `export const meta = {
  name: 'thirty-checks',
  description: 'Thirty short checks in three phases, two of which fail',
  phases: [{ title: 'Survey' }, { title: 'Measure' }, { title: 'Confirm' }],
}
const results = []
for (const title of ['Survey', 'Measure', 'Confirm']) {
  const first = ${'{'}Survey: 1, Measure: 11, Confirm: 21${'}'}[title]
  const names = Array.from({ length: 10 }, (_, i) => String(first + i).padStart(2, '0'))
  results.push(await parallel(names.map(n => () => agent('[fixture:wf30_' + n + '] Check ' + n + ': count the bytes of the README.', { label: 'check-' + n, phase: title }))))
}
return { results }
`;

/** The main agent of resume-live: a named agent and SendMessage loaded together; a follow-up by name once it reported. */
const resumeLiveMain = ctx => {
	if (ctx.turn === 0)
		return reply(
			agentCall('keeper', 'Keep the count', 'Count the words of the README and report.', {name: 'keeper'}),
			tool('ToolSearch', {query: 'select:SendMessage', max_results: 1}),
		);
	const sent = ctx.calls.some(c => c.name === 'SendMessage');
	if (!sent && ctx.userTexts.includes('Keeper report'))
		return reply(
			tool('SendMessage', {
				to: 'keeper',
				message: '[fixture:keeper] Second task: count the lines of the README, then its bytes.',
				summary: 'Count lines and bytes',
			}),
		);
	return say(sent ? 'Keeper has its follow-up.' : 'Waiting for keeper.');
};

const INTERACTIVE_PROMPT = 'Start a named teammate watcher to count the lines of the README.';

const secondLookScenarios = {
	workflow30: {
		about: `A Workflow of 30 agents in three phases of ten (\`for\` over the phases, \`parallel\` inside each); ${[...WF30_FAILING].map(s => `\`${s}\``).join(' and ')} get HTTP 400 from the stand-in and die with StopFailure, the other 28 run one command and report. Inner agents run at most min(16, CPUs − 2) at once.`,
		prompt: 'Use a workflow to run thirty short checks of this folder in three phases.',
		timeoutMs: 1_200_000,
		scripts: {
			main: byTurn(
				reply(tool('Workflow', {script: WORKFLOW30_SCRIPT})),
				say('The workflow runs in the background; I will report when it is done.'),
				say('The workflow finished: 28 checks reported, 2 failed. Done.'),
			),
			...Object.fromEntries(
				WF30.map(({script}) => [
					script,
					WF30_FAILING.has(script)
						? () => ({error: 400, message: 'fixture: this request is refused on purpose'})
						: oneCommand('wc -c README', `${script} report: the README has 42 bytes.`),
				]),
			),
		},
		agents: Object.fromEntries(WF30.map(({script}) => [script, WF30_FAILING.has(script) ? 'failed' : 'completed'])),
	},
	'resume-live': {
		about:
			'A named background agent (`keeper`) finishes; SendMessage (by name) runs it again; in its second run, after its first command, the stand-in holds its next request for 3 s and the whole state (projects, activity folder, payloads) is copied into `mid/` while the agent is between a tool result and its next response. Then it runs a second command and reports.',
		prompt: 'Start a named subagent keeper to count the words of the README; when it is done, ask it a follow-up.',
		env: {CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1'},
		scripts: {
			main: resumeLiveMain,
			keeper: ctx => {
				const second = ctx.userTexts.includes('Second task');
				if (!second) return ctx.calls.length < 1 ? reply(bash('wc -w README', 'Count the words')) : say('Keeper report: the README has 8 words.');
				if (ctx.calls.length < 2) return reply(bash('wc -l README', 'Count the lines'));
				if (ctx.calls.length < 3) return reply(bash('wc -c README', 'Count the bytes'));
				return say('Keeper, second report: 1 line, 42 bytes.');
			},
		},
		agents: {keeper: 'completed'},
		mid: {agent: 'keeper', turn: 3, afterMs: 3000},
	},
	interactive: {
		about:
			'The interactive client (the TUI in tmux, not `-p`) in manual mode (`--permission-mode default`) with CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1: the prompt is typed; the main agent starts a named agent (`watcher`, an in-process teammate here), whose Bash call raises the permission dialog (`dialog.txt` is the pane then); once Notification `permission_prompt` (no agent_id) has fired, the state is copied into `mid/` and the dialog is approved with Enter; the teammate reports, the main agent answers, `/exit` ends the session.',
		prompt: INTERACTIVE_PROMPT,
		env: {CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1'},
		scripts: {
			main: ctx => {
				if (ctx.turn === 0) return reply(agentCall('watcher', 'Count the lines', 'Count the lines of the README into a file and report.', {name: 'watcher'}));
				if (ctx.userTexts.includes('Watcher report')) return say('Watcher reported: the README has 1 line. Done.');
				return say('Watcher is working; I will report when it is done.');
			},
			// A command that writes a file: read-only commands run without asking.
			watcher: oneCommand('wc -l README > lines.txt && cat lines.txt', 'Watcher report: the README has 1 line.'),
		},
		agents: {watcher: 'completed'},
		async interactive(ctl) {
			await ctl.waitForPane(/manual mode on|for shortcuts/u, 90_000);
			await ctl.sleep(1500);
			await ctl.type(INTERACTIVE_PROMPT);
			await ctl.waitForPane(/Do you want to proceed\?/u, 120_000);
			ctl.save('dialog.txt', ctl.pane());
			const prompted = () =>
				ctl.payloads().some(p => p.hook_event_name === 'Notification' && p.notification_type === 'permission_prompt' && p.agent_id === undefined);
			await ctl.waitFor('Notification permission_prompt', prompted, 30_000);
			// agentlog's own hook for the same Notification runs beside the payload hook: let it land.
			await ctl.sleep(1500);
			ctl.snapshot();
			ctl.keys('Enter');
			const answered = () => ctl.served.some(s => s.agent === 'main' && s.blocks?.some(b => b.text?.includes('Done.')));
			await ctl.waitFor("the main agent's last answer", answered, 120_000);
			await ctl.sleep(3000);
			ctl.save('pane.txt', ctl.pane());
			await ctl.type('/exit');
		},
	},
};

/**
 * The user's stop (install-hook --control): the agent named runs `agentlog stop` on itself as its
 * first command, at the moment the stand-in serves that call, so the request is written exactly as
 * the command writes it; its next tool call is then denied by agentlog's hook.
 */
const stopSelf = (description, report) =>
	byTurn(
		reply(bash(`node "$AGENTLOG_BIN" stop '${description}' --json > stop-request.json`, 'Ask agentlog to stop me')),
		reply(bash('ls -1 | wc -l', 'Count')),
		say(report),
	);

/** stop-workflow's run: two phases of three agents; wfs_1 names the run to agentlog stop. */
const STOP_WF = ['wfs_1', 'wfs_2', 'wfs_3', 'wfs_4', 'wfs_5', 'wfs_6'];
const STOP_WF_SCRIPT = `export const meta = {
  name: 'six-checks',
  description: 'Six short checks in two phases',
  phases: [{ title: 'First' }, { title: 'Second' }],
}
const results = []
for (const [title, names] of [['First', ['1', '2', '3']], ['Second', ['4', '5', '6']]]) {
  results.push(await parallel(names.map(n => () => agent('[fixture:wfs_' + n + '] Check ' + n + ': count the README.', { label: 'check-' + n, phase: title }))))
}
return { results }
`;
/** The run's own id, from the folder its transcripts are in (an agent is not told it). */
const RUN_OF_SELF = 'basename "$(ls -d "$CLAUDE_CONFIG_DIR"/projects/*/*/subagents/workflows/wf_* | head -1)"';

/** stop-resume's main agent: a named agent loaded with SendMessage; once the agent came back (stopped), a follow-up by name. */
const stopResumeMain = ctx => {
	if (ctx.turn === 0)
		return reply(
			agentCall('keeper', 'Keep the count', 'Count the files of this folder and report.', {name: 'keeper'}),
			tool('ToolSearch', {query: 'select:SendMessage', max_results: 1}),
		);
	const sent = ctx.calls.some(c => c.name === 'SendMessage');
	if (!sent && ctx.userTexts.includes('task-notification'))
		return reply(tool('SendMessage', {to: 'keeper', message: '[fixture:keeper] Second task: count the lines of the README.', summary: 'Count lines'}));
	return say(sent ? 'Keeper has its follow-up.' : 'Waiting for keeper.');
};

const stopScenarios = {
	'stop-resume': {
		about:
			"A named background agent (`keeper`) asks `agentlog stop 'Keep the count'` on itself and is stopped at its next call (install-hook --control); the main agent then resumes it by SendMessage: its second run is a resume, and runs to its end.",
		prompt: 'Start a named subagent keeper to count the files; when it comes back, ask it a follow-up.',
		control: true,
		env: {CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1'},
		scripts: {
			main: stopResumeMain,
			keeper: ctx => {
				if (!ctx.userTexts.includes('Second task'))
					return ctx.calls.length < 1
						? reply(bash(`node "$AGENTLOG_BIN" stop 'Keep the count' --json > stop-request.json`, 'Ask agentlog to stop me'))
						: reply(bash('ls -1 | wc -l', 'Count'));
				return ctx.calls.filter(c => c.name === 'Bash').length < 3 ? reply(bash('wc -l README', 'Count the lines')) : say('Keeper, second report: 1 line.');
			},
		},
		agents: {keeper: 'completed'},
	},
	'stop-workflow': {
		about:
			'A Workflow of two phases of three agents (install-hook --control); `wfs_1` runs `agentlog stop <its run>` as its first command: every agent of the run still going is denied at its next tool call, those started after it at their first; the run and the session end normally.',
		prompt: 'Use a workflow to run six short checks of this folder in two phases.',
		control: true,
		timeoutMs: 900_000,
		scripts: {
			main: byTurn(
				reply(tool('Workflow', {script: STOP_WF_SCRIPT})),
				say('The workflow runs in the background; I will report when it is done.'),
				say('The workflow came back. Done.'),
			),
			wfs_1: byTurn(
				reply(bash(`node "$AGENTLOG_BIN" stop "$(${RUN_OF_SELF})" --json > stop-request.json`, 'Ask agentlog to stop the run')),
				reply(bash('ls -1 | wc -l', 'Count')),
				say('wfs_1 report: never sent.'),
			),
			...Object.fromEntries(
				STOP_WF.slice(1).map(script => [
					script,
					byTurn(reply(bash('sleep 2; wc -c README', 'Count the bytes')), reply(bash('wc -l README', 'Count the lines')), say(`${script} report: never sent.`)),
				]),
			),
		},
		agents: Object.fromEntries(STOP_WF.map(script => [script, 'stopped'])),
	},
	'stop-parallel': {
		about:
			"Three foreground agents at once; `files` asks `agentlog stop 'Count files'` (install-hook --control): its next Bash call is denied by agentlog's hook with continue:false, it ends with no SubagentStop; `lines` and `disk` and the main session go on.",
		prompt: 'Use three subagents at once to check the files, the lines and the disk usage of this folder.',
		control: true,
		scripts: {
			main: byTurn(
				reply(
					agentCall('files', 'Count files', 'Count the files in the working folder.', {run_in_background: false}),
					agentCall('lines', 'Count lines', 'Count the lines of the README.', {run_in_background: false}),
					agentCall('disk', 'Measure disk use', 'Measure the disk use of the working folder.', {run_in_background: false}),
				),
				say('The checks came back. Done.'),
			),
			files: stopSelf('Count files', 'Files report: never sent.'),
			lines: oneCommand('sleep 1; wc -l README', 'Lines report: the README has 1 line.'),
			disk: oneCommand('sleep 1; du -sh .', 'Disk report: a few KB.'),
		},
		agents: {files: 'stopped', lines: 'completed', disk: 'completed'},
	},
	'stop-nested': {
		about:
			"A parent (`outer`, depth 1) waits on its child (`inner`, depth 2); `inner` asks `agentlog stop 'Delegate the count'` (its parent): inner's next Bash call is denied, the parent's Agent call returns and its PostToolUse answers continue:false, so the parent ends too; no SubagentStop for either.",
		prompt: 'Use a subagent that delegates the file count to another subagent.',
		control: true,
		scripts: {
			main: byTurn(
				reply(agentCall('outer', 'Delegate the count', 'Delegate counting the files to a subagent.', {run_in_background: false})),
				say('The delegation came back. Done.'),
			),
			outer: byTurn(
				reply(agentCall('inner', 'Count for the parent', 'Count the files in the working folder.', {run_in_background: false})),
				reply(bash('ls -a', 'Look once more')),
				say('Outer report: never sent.'),
			),
			inner: stopSelf('Delegate the count', 'Inner report: never sent.'),
		},
		agents: {outer: 'stopped', inner: 'stopped'},
	},
	'stop-background': {
		about:
			"A background agent (the default) asks `agentlog stop 'Check in the background'` on itself: its next Bash call is denied, it ends with no SubagentStop, and the main session gets its <task-notification> at once.",
		prompt: 'Have a subagent count the files in the background.',
		control: true,
		scripts: {
			main: byTurn(
				reply(agentCall('reader', 'Check in the background', 'Count the files in the working folder.')),
				say('The reader works in the background.'),
				say('The reader came back. Done.'),
			),
			reader: stopSelf('Check in the background', 'Reader report: never sent.'),
		},
		agents: {reader: 'stopped'},
	},
};

/** Every scenario, by the folder name it is captured into. */
export const scenarios = {...singleScenarios, ...mixedScenarios, ...secondLookScenarios, ...stopScenarios};
