// The line under the header of `watch --host`: what each host sent that is not on screen, said
// as what it is (bad lines skipped; agents over the cap not shown).
import {describe, expect, it} from 'vitest';
import {openRemoteView, remoteViewModel} from '../../../src/app/remote/remote-view.js';
import {MAX_AGENTS} from '../../../src/core/remote/decode.js';
import {applyLine, EMPTY_HOST_STATE} from '../../../src/core/remote/host-state.js';
import {RemoteHost} from '../../../src/store/remote/remote-host.js';
import {streamAgentFixture} from '../../helpers/stream-agents.js';

function host(label: string, overLimit: readonly string[], badLines = 0): RemoteHost {
	const h = new RemoteHost({label, argv: ['true'], version: '0', env: process.env});
	const agents = Array.from({length: MAX_AGENTS}, (_, i) => streamAgentFixture(`a${i}`));
	h.state = applyLine(EMPTY_HOST_STATE, {v: 1, type: 'snapshot', session: '3f2c9a10-7b4e', following: true, agents}, overLimit);
	h.status = {phase: 'connected', message: undefined, retryAt: undefined, badLines};
	return h;
}

describe('the remote status line', () => {
	it('says how many agents are over the limit, not that they were bad lines', () => {
		const over = Array.from({length: 100}, (_, i) => `x${i}`);
		const view = openRemoteView([host('devbox', over)]);
		expect(view.statusLine(0)).toBe(`devbox ● 3f2c9a10 (100 agents over the ${MAX_AGENTS} limit not shown)`);
		view.close();
	});

	it('keeps bad lines apart from agents over the limit, and says nothing when all is shown', () => {
		const view = openRemoteView([host('devbox', ['x1'], 2)]);
		expect(view.statusLine(0)).toBe(`devbox ● 3f2c9a10 (2 bad lines skipped, 1 agent over the ${MAX_AGENTS} limit not shown)`);
		view.close();
		const well = openRemoteView([host('devbox', [])]);
		expect(well.statusLine(0)).toBeUndefined();
		well.close();
	});
});

describe('remoteViewModel', () => {
	it("is the monitor model of the hosts' agents, with this machine's rules, once flushed", () => {
		const view = openRemoteView([host('devbox', [])]);
		view.flush();
		const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};
		const model = remoteViewModel(view, options, Date.parse('2026-03-01T12:00:00Z'));
		expect(model.items.length).toBe(MAX_AGENTS);
		expect(new Set(model.items.map(item => item.agent.agentId))).toEqual(new Set(Array.from({length: MAX_AGENTS}, (_, i) => `a${i}`)));
		expect(remoteViewModel(view, {...options, showAll: false, max: 3}, Date.parse('2026-03-01T12:00:00Z')).items.length).toBe(3);
		view.close();
	});
});
