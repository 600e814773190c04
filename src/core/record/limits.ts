// The bounds and windows the hook and every reader of its records agree on: shared formats,
// so they live with the records, not with the hook that writes them. Pure.

/** How much of a cut message is kept (characters). */
export const CUT_MESSAGE_CHARS = 1024 * 1024;

/**
 * How long after a stop a line can still be one from before it. The hook knows only its own start
 * time as the event time, and hook processes started at one moment reach the file in any order:
 * on a busy machine a start fired just before a stop can begin a few hundred ms after it. Such a
 * start finds the agent recorded by its stop with its start unknown, and only supplies the start.
 * Any other start after a stop is a resume, however soon: SendMessage resumes a finished agent
 * 0.35-1 s after its stop (Claude Code 2.1.328). An idle this soon after a stop is from before it.
 */
export const RESUME_AFTER_STOP_MS = 1500;
