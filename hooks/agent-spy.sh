#!/bin/sh
# agentlog's agent-spy hook launcher. Claude Code runs this on the events install-hook registers
# (SubagentStart, SubagentStop, TeammateIdle, PostToolUse of the Agent tool, SessionStart,
# SessionEnd, PermissionRequest, Notification and StopFailure; Codex CLI on SubagentStart, SubagentStop and
# SessionEnd); it hands the event (JSON on stdin) to agent-spy.cjs beside it, which records it
# under ~/.claude/agent-activity. It must never break Claude Code: it always exits 0 and prints
# nothing to stdout, except with notifications on (`install-hook --notify` puts --notify after this
# script's path; the plugin's `notify` option sets CLAUDE_PLUGIN_OPTION_NOTIFY=true) or a stop
# pending (below), when the one JSON line agent-spy.cjs prints for Claude Code goes through. Installed by `agentlog install-hook`;
# removed by `agentlog uninstall-hook`.

# The user's stop (`agentlog stop`, `x` in watch; `install-hook --control` registers PreToolUse of
# every tool with --control after this script's path, the plugin when its `control` option is on):
# agentlog keeps the flag <activity>/.stop-pending while a request waits. Without it a tool call
# costs this shell alone, no Node. With it agent-spy.cjs gets --control and stdout goes through:
# its one JSON line stops the agent the user named.
activity=${AGENTLOG_DIR:-${CLAUDE_CONFIG_DIR:-${HOME-}/.claude}/agent-activity}
stop=
if [ -e "$activity/.stop-pending" ]; then
	stop=--control
fi
case " $* " in
*" --control "*)
	if [ -z "$stop" ] || { [ "${0%/*}" = "${CLAUDE_PLUGIN_ROOT-}/hooks" ] && [ "${CLAUDE_PLUGIN_OPTION_CONTROL-}" != true ]; }; then
		exit 0
	fi
	;;
esac

# The hook does no TLS and needs no preloads: extra CA certificates add ~55 ms to every Node
# start, and NODE_OPTIONS could load anything.
unset NODE_EXTRA_CA_CERTS NODE_OPTIONS

# node from PATH, else the Node that ran install-hook (filled in at install time). PATH is
# searched with builtins: $(command -v node) would fork a subshell on every event.
node_bin=
set -f
IFS=:
for dir in $PATH; do
	if [ -f "${dir:-.}/node" ] && [ -x "${dir:-.}/node" ]; then
		node_bin=${dir:-.}/node
		break
	fi
done
unset IFS
set +f
[ -n "$node_bin" ] || node_bin='@AGENTLOG_NODE@'
[ -x "$node_bin" ] || exit 0
if [ "${1-}" = --notify ] || { [ "${CLAUDE_PLUGIN_OPTION_NOTIFY-}" = true ] && [ "${0%/*}" = "${CLAUDE_PLUGIN_ROOT-}/hooks" ]; }; then
	"$node_bin" "${0%/*}/agent-spy.cjs" --notify $stop 2>/dev/null
elif [ -n "$stop" ]; then
	"$node_bin" "${0%/*}/agent-spy.cjs" $stop 2>/dev/null
else
	"$node_bin" "${0%/*}/agent-spy.cjs" >/dev/null 2>&1
fi
exit 0
