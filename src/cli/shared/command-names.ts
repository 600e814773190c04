// The names of agentlog's commands, for "did you mean" hints where commander cannot give them
// (watch is the default command, so a mistyped command arrives as watch's session argument).
// A test checks this list against the program, so it cannot drift.
export const COMMAND_NAMES: readonly string[] = [
	'watch',
	'replay',
	'ls',
	'sessions',
	'install-hook',
	'uninstall-hook',
	'demo',
	'history',
	'stats',
	'chain',
	'prune',
	'export',
	'import',
	'doctor',
	'status',
	'timeline',
	'report',
	'stream',
	'stop',
	'help',
];
