// The Agent call's result statuses that mean "launched, running on its own", not a finish: a
// background agent (`async_launched`) and, in the interactive client with agent teams on, a
// teammate (`teammate_spawned`: docs/claude-code-hooks.md#seen-on-the-real-client-interactive).
// Every reader of a result's status asks here. Pure.

export const LAUNCH_STATUSES: readonly string[] = ['async_launched', 'teammate_spawned'];

/** The call came back at once because the agent runs on its own: its report comes later, never in this result. */
export function isLaunchStatus(status: string | undefined): boolean {
	return status !== undefined && LAUNCH_STATUSES.includes(status);
}
