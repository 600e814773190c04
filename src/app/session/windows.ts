// How far back the reading commands look into other tools' own files (Codex's rollouts by their
// date folders, opencode's sessions by their last update).

/** How far back the live rule looks: a Codex child's file is in the folder of its own start. */
export const LIVE_DAYS = 2;
/**
 * How far back `sessions`, `ls` and a session argument look: Codex keeps every rollout forever,
 * agentlog's history keeps 30 days; older ones are read by `import` only.
 */
export const LISTED_DAYS = 30;
