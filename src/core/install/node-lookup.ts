// How the hook's launcher (hooks/agent-spy.sh) finds Node, as shell text: the first `node` on
// PATH that is an executable regular file. Searched with builtins only: `$(command -v node)` forks
// a subshell, which cost every hook run about a millisecond. `doctor` runs the same text to say
// which Node the hook will run; a test holds the launcher to it, byte for byte.

/** Sets `node_bin` to the first executable `node` on PATH (an empty entry is the working folder), or to ''. */
export const NODE_LOOKUP_SH = `node_bin=
set -f
IFS=:
for dir in $PATH; do
	if [ -f "\${dir:-.}/node" ] && [ -x "\${dir:-.}/node" ]; then
		node_bin=\${dir:-.}/node
		break
	fi
done
unset IFS
set +f
`;
