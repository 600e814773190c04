// A stream agent with every field set to its empty value, for the remote tests.
import type {StreamAgent} from '../../src/core/remote/protocol.js';

export function streamAgentFixture(id: string, extra: Partial<StreamAgent> = {}): StreamAgent {
	return {
		agentId: id,
		type: 'Explore',
		status: 'active',
		startedAt: '2026-11-20T10:00:00.000Z',
		updatedAt: '2026-11-20T10:00:00.000Z',
		provider: 'claude',
		displayStatus: 'active',
		stale: false,
		ghost: false,
		inferredStop: false,
		name: null,
		description: null,
		prompt: null,
		report: null,
		reportSource: null,
		activity: null,
		model: null,
		tokens: null,
		toolCounts: null,
		toolCalls: null,
		files: null,
		lastSignOfLifeAt: null,
		parentAgentId: null,
		...extra,
	};
}
