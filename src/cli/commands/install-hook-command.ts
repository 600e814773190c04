// `agentlog install-hook` and `agentlog uninstall-hook`: options and help. The work is in
// install-hook.ts, which never loads Ink (hooks run headless, with stdin not a terminal).
import {Option, type Command} from 'commander';
import {runInstall, type HookCommandOptions} from '../../app/install/install-hook.js';
import {runUninstall} from '../../app/install/uninstall-hook.js';

const COMMON_HELP = `The hook files live in <claude>/hooks/ (agent-spy.sh, agent-spy.cjs, agent-prune.cjs); with
--codex, Codex gets its own copy in <codex>/hooks/, and with --qwen, Qwen Code in <qwen>/hooks/.

Safety: a settings file that is not valid JSON (or not a settings object) is never
overwritten; the command stops and says where it broke. Only the hook entries agentlog adds
or removes change: every other byte of the file (line ends, indent, a missing final newline,
numbers as written, escapes, key order) stays as it was, and uninstall-hook after
install-hook gives back the original bytes. Writes are atomic (temp file + rename); the file
is read again just before the rename and checked after it, and when another program (Claude
Code) changed it meanwhile, agentlog merges again into the new content (a few tries, then it
stops and leaves the other program's version). A symlinked settings file stays a symlink (its
target is written), only regular files are read (a FIFO at the path is refused), and the file
as it was before agentlog first changed it is kept once as <file>.agentlog-backup.
`;

/** The help's part on which file is edited; uninstall-hook creates nothing, so it says nothing of --create. */
function settingsHelp(install: boolean): string {
	return `
Settings file:
  default          <claude>/settings.json, where <claude> is $CLAUDE_CONFIG_DIR or ~/.claude
  --project        ./.claude/settings.json under the current folder${install ? ' (./.claude/ is created\n                   when missing, and the output says so)' : ''}
  --settings FILE  any settings file${install ? '; its folder must exist unless --create is given' : ''}
  --codex          OpenAI Codex CLI's hooks file instead: <codex>/hooks.json, where <codex> is
                   --codex-home, else $CODEX_HOME, else ~/.codex${install ? '; <codex> must exist unless\n                   --create is given' : ''}
  --qwen           Qwen Code's settings instead: <qwen>/settings.json, where <qwen> is
                   --qwen-home, else $QWEN_HOME, else ~/.qwen${install ? '; <qwen> must exist unless\n                   --create is given' : ''}
${COMMON_HELP}`;
}

function addOptions(command: Command, install: boolean): Command {
	command
		.addOption(new Option('--project', 'use ./.claude/settings.json in the current folder').conflicts(['settings', 'codex', 'qwen']))
		.addOption(new Option('--settings <file>', 'use this settings file').conflicts(['project', 'codex', 'qwen']))
		.addOption(new Option('--codex', "OpenAI Codex CLI's $CODEX_HOME/hooks.json instead of Claude Code's settings").conflicts(['project', 'settings', 'qwen']))
		.option('--codex-home <dir>', "with --codex: Codex's folder (default: $CODEX_HOME, else ~/.codex)")
		.addOption(new Option('--qwen', "Qwen Code's $QWEN_HOME/settings.json instead of Claude Code's settings").conflicts(['project', 'settings', 'codex']))
		.option('--qwen-home <dir>', "with --qwen: Qwen Code's folder (default: $QWEN_HOME, else ~/.qwen)");
	if (install) {
		command
			.option('--create', "with --settings: create the file's folder when it does not exist; with --codex or --qwen: create that tool's folder")
			.addOption(
				new Option(
					'--notify',
					'notifications with no monitor open: Claude Code (2.1.141+) shows one when an agent waits for you, fails, or a fan-out finishes',
				).conflicts(['codex', 'qwen']),
			)
			.addOption(new Option('--no-notify', 'turn those notifications off again (the hook stays installed)').conflicts(['codex', 'qwen']))
			.addOption(
				new Option(
					'--control',
					'let `agentlog stop` and `x` in watch stop a subagent: adds PreToolUse of every tool (with no stop pending, the launcher exits before Node starts)',
				).conflicts(['codex', 'qwen']),
			)
			.addOption(new Option('--no-control', 'remove that PreToolUse entry again (the hook stays installed)').conflicts(['codex', 'qwen']));
	}
	return command.option('--dry-run', 'print what would change (with a diff) and write nothing');
}

export function registerInstallCommands(program: Command): void {
	addOptions(
		program
			.command('install-hook')
			.description(
				"install the agent-spy hook and add it to Claude Code settings (SubagentStart, SubagentStop, TeammateIdle, PostToolUse of Agent|Task, SessionStart, SessionEnd, PermissionRequest, Notification, StopFailure), or with --codex to Codex CLI's hooks.json (SubagentStart, SubagentStop, SessionEnd)",
			)
			.addHelpText(
				'after',
				`${settingsHelp(true)}
install-hook copies the hook to <claude>/hooks/, then appends one entry per event to the
settings file (PostToolUse with the matcher "Agent|Task": the hook runs only when an agent is
launched, not on every tool call; Notification only for permission_prompt, idle_prompt,
agent_needs_input and elicitation_dialog; PermissionRequest for every tool, as a monitor that
never answers: Claude Code's own prompt stays in charge), inserted in the file's own style (indent, line ends, one line or many), keeping
every other key and hook as it was. An event that already runs
<claude>/hooks/agent-spy.sh (e.g. claude-code-kanban's ~/.claude/hooks/agent-spy.sh entry) is
left alone. Running it again changes nothing. A different agent-spy.sh already there (not
agentlog's) is saved as agent-spy.sh.agentlog-backup first. Running Claude Code sessions pick
up the hook after a restart or a review in /hooks.

--notify writes the hook's command as "<claude>/hooks/agent-spy.sh --notify" (changing only
those command strings when the hook is already installed; --no-notify changes them back;
without either, what is installed stays). The hook then returns {"terminalSequence": …} to
Claude Code, which shows it (OSC 9 desktop notification, then a bell) once per moment: a
subagent starts waiting for a permission or for input (its type, task and what it asks), a
subagent fails, the last agent of a fan-out of two or more (or of a workflow run) stops. At
most one every 2 s per session. Nothing is sent to a Claude Code older than 2.1.141 (the hook
reads the version from the session's transcript); \`claude -p\` shows nothing. In tmux the desktop
notification needs \`set -g allow-passthrough on\`; the bell needs nothing. \`watch\`'s own bell
leaves these moments to the hook. The Claude Code plugin has the same switch: its notify option.

--control adds one more entry: PreToolUse with the matcher "*" and the command
"<claude>/hooks/agent-spy.sh --control" (--no-control removes it; without either, what is
installed stays). It lets \`agentlog stop\` and \`x\` in watch stop a subagent at its next tool
call. With no stop pending the launcher tests one file and exits before Node starts (about a
millisecond per tool call); while one is pending the hook reads it and denies the covered
agents' calls. The plugin has the same switch: its control option.

install-hook --codex adds SubagentStart, SubagentStop and SessionEnd (which marks the
session's children still running as interrupted: Codex fires no SubagentStop for an aborted
turn) to <codex>/hooks.json, in the same way, and copies the hook to <codex>/hooks/. Codex
runs the hooks only after you approve them in Codex with /hooks (unapproved hooks are
skipped silently; a changed command needs approval again). agentlog never writes that
approval into config.toml. Without the hooks, agentlog still reads Codex's subagents from
the rollouts in <codex>/sessions.

install-hook --qwen adds the same events but TeammateIdle to <qwen>/settings.json (Qwen Code
runs Claude Code-compatible hooks: same event names, same payloads), in the same way, and
copies the hook to <qwen>/hooks/. The hook tells Qwen Code's payloads from Claude Code's by
their transcript paths and marks the agents [qwen].
`,
			),
		true,
	).action((options: HookCommandOptions) => {
		runInstall(options);
	});
	addOptions(
		program
			.command('uninstall-hook')
			.description('remove exactly what install-hook added: its settings entries and its hook files (--codex: from Codex CLI, --qwen: from Qwen Code)')
			.addHelpText(
				'after',
				`${settingsHelp(false)}
uninstall-hook removes only handlers whose command is exactly the one install-hook writes;
other tools' hooks stay byte for byte, including ones that run the same script path. Groups,
events and a "hooks" object that install-hook created are removed when left empty; ones that
were there before (e.g. "hooks": {}) are left empty as they were. It deletes <claude>/hooks/agent-spy.sh and
agent-spy.cjs (kept while <claude>/settings.json still uses them), and puts back a
previous agent-spy.sh saved by install-hook. With --codex it removes agentlog's entries from
<codex>/hooks.json and its copy of the hook in <codex>/hooks/ (the folder too, when that
leaves it empty); Claude Code's hook is not touched, nor Codex's config.toml.
`,
			),
		false,
	).action((options: HookCommandOptions) => {
		runUninstall(options);
	});
}
