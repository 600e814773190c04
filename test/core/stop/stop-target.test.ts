import {describe, expect, it} from 'vitest';
import {unstoppableWhy} from '../../../src/core/stop/stop-target.js';

describe('unstoppableWhy', () => {
	it("Claude Code's agents can be stopped (a record with no provider is Claude Code's)", () => {
		expect(unstoppableWhy(undefined)).toBeUndefined();
		expect(unstoppableWhy('claude')).toBeUndefined();
	});

	it("every other tool's agent cannot, and says why, naming the tool", () => {
		expect(unstoppableWhy('codex')).toMatch(/cannot stop a Codex subagent/u);
		expect(unstoppableWhy('qwen')).toMatch(/cannot stop a Qwen Code subagent/u);
		expect(unstoppableWhy('opencode')).toBe("agentlog cannot stop opencode's subagents: it reads them from opencode's own files, with no hook to answer");
		expect(unstoppableWhy('gemini')).toMatch(/cannot stop Google Gemini CLI's subagents/u);
	});
});
