// Whose agent (or session) it is: Claude Code's, OpenAI Codex CLI's or Qwen Code's.

/** The tool an agent belongs to. Absent on a record: Claude Code (every record written before agentlog read Codex). */
export type Provider = 'claude' | 'codex' | 'qwen';

/**
 * The mark of an agent's or session's tool, plain text so it reads without colour: Codex's are
 * marked, Claude Code's (the default, and most agents) are not.
 */
export const PROVIDER_MARK: Readonly<Record<Provider, string>> = {claude: '', codex: '[codex]', qwen: '[qwen]'};

/** Whether a value is one of the providers agentlog knows. */
export function isProvider(value: unknown): value is Provider {
	return typeof value === 'string' && Object.hasOwn(PROVIDER_MARK, value);
}

/** The name of a provider's tool, as the detail pane says it. */
export const PROVIDER_TOOL: Readonly<Record<Provider, string>> = {claude: 'Claude Code', codex: 'OpenAI Codex CLI', qwen: 'Qwen Code'};
