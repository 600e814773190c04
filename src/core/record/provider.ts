// Whose agent (or session) it is: Claude Code's, OpenAI Codex CLI's, Google Gemini CLI's, Qwen
// Code's or opencode's.

/** The tool an agent belongs to. Absent on a record: Claude Code (every record written before agentlog read Codex). */
export type Provider = 'claude' | 'codex' | 'gemini' | 'qwen' | 'opencode';

/** Every tool agentlog reads, Claude Code first (the default). */
export const ALL_PROVIDERS: readonly Provider[] = ['claude', 'codex', 'gemini', 'qwen', 'opencode'];

/** A value read from a file or a remote answer that names a tool agentlog knows. */
export function isProvider(value: unknown): value is Provider {
	return typeof value === 'string' && (ALL_PROVIDERS as readonly string[]).includes(value);
}

/**
 * The mark of an agent's or session's tool, plain text so it reads without colour: the other
 * tools' are marked, Claude Code's (the default, and most agents) are not.
 */
export const PROVIDER_MARK: Readonly<Record<Provider, string>> = {claude: '', codex: '[codex]', gemini: '[gemini]', qwen: '[qwen]', opencode: '[opencode]'};

/** The tool's name in words (the detail pane's `tool` line). */
export const PROVIDER_TOOL: Readonly<Record<Provider, string>> = {
	claude: 'Claude Code',
	codex: 'OpenAI Codex CLI',
	gemini: 'Google Gemini CLI',
	qwen: 'Qwen Code',
	opencode: 'opencode',
};

/** A mark and a space before a session's or agent's name: nothing for Claude Code's. */
export function providerPrefix(provider: Provider | undefined): string {
	const mark = provider === undefined ? '' : PROVIDER_MARK[provider];
	return mark === '' ? '' : `${mark} `;
}
