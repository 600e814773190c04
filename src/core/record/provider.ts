// Whose agent (or session) it is: Claude Code's, OpenAI Codex CLI's or Google Gemini CLI's.

/** The tool an agent belongs to. Absent on a record: Claude Code (every record written before agentlog read Codex). */
export type Provider = 'claude' | 'codex' | 'gemini';

/**
 * The mark of an agent's or session's tool, plain text so it reads without colour: Codex's are
 * marked, Claude Code's (the default, and most agents) are not.
 */
export const PROVIDER_MARK: Readonly<Record<Provider, string>> = {claude: '', codex: '[codex]', gemini: '[gemini]'};

/** A provider named in outside data, else undefined. */
export function providerNamed(value: unknown): Provider | undefined {
	return value === 'claude' || value === 'codex' || value === 'gemini' ? value : undefined;
}
