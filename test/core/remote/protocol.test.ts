// The stream's writer side: a snapshot first, then only what changed, and a whole snapshot again
// after a reset or a new session; the pump drops changes for a slow reader and catches up once.
import {describe, expect, it} from 'vitest';
import {StreamEncoder, helloLine, type StreamAgent, type StreamState} from '../../../src/core/remote/protocol.js';
import {streamAgentFixture as agent} from '../../helpers/stream-agents.js';
import {StreamPump} from '../../../src/core/remote/pump.js';
import {decodeLine} from '../../../src/core/remote/decode.js';
import {applyLine, EMPTY_HOST_STATE, type HostState} from '../../../src/core/remote/host-state.js';

const state = (agents: StreamAgent[], session = 's1'): StreamState => ({session, following: true, agents});
const encode = (value: unknown) => JSON.stringify(value);

/** What a reader has after these lines (each decoded as the reader would). */
function read(lines: readonly string[], from: HostState = EMPTY_HOST_STATE): HostState {
	return lines.reduce((s, line) => {
		const decoded = decodeLine(line);
		if (!decoded.ok) {
			throw new Error(decoded.error);
		}
		return applyLine(s, decoded.value.line);
	}, from);
}

describe('StreamEncoder', () => {
	it('sends a snapshot, then one line per changed or gone agent, nothing when nothing changed', () => {
		const encoder = new StreamEncoder(encode);
		const first = encoder.next(state([agent('a1'), agent('a2')]));
		expect(first).toHaveLength(1);
		expect(JSON.parse(first[0]!)).toMatchObject({v: 1, type: 'snapshot', session: 's1', following: true});
		expect(encoder.next(state([agent('a1'), agent('a2')]))).toEqual([]);
		const changes = encoder.next(state([agent('a1', {activity: 'Read src/app.ts'}), agent('a3')]));
		expect(changes.map(line => JSON.parse(line) as {type: string})).toEqual([
			{v: 1, type: 'agent', agent: agent('a1', {activity: 'Read src/app.ts'})},
			{v: 1, type: 'agent', agent: agent('a3')},
			{v: 1, type: 'gone', agentId: 'a2'},
		]);
		const reader = read([...first, ...changes]);
		expect([...reader.agents.keys()].sort()).toEqual(['a1', 'a3']);
		expect(reader.agents.get('a1')?.activity).toBe('Read src/app.ts');
	});

	it('sends a whole snapshot again after reset and when the session changes', () => {
		const encoder = new StreamEncoder(encode);
		encoder.next(state([agent('a1')]));
		encoder.reset();
		expect(JSON.parse(encoder.next(state([agent('a1')]))[0]!)).toMatchObject({type: 'snapshot'});
		expect(JSON.parse(encoder.next(state([agent('b1')], 's2'))[0]!)).toMatchObject({type: 'snapshot', session: 's2'});
	});

	it('writes a hello with both versions', () => {
		expect(helloLine('1.2.3')).toEqual({v: 1, type: 'hello', agentlog: '1.2.3', protocol: 1});
	});
});

describe('StreamPump: a slow reader', () => {
	it('drops changes past the bound and sends one whole snapshot of the newest state once drained', () => {
		const written: string[] = [];
		let pending = 0;
		const pump = new StreamPump({write: text => void (written.push(text), (pending += text.length)), pending: () => pending}, encode, 1000);
		pump.publish(state([agent('a1')]));
		expect(pump.waiting).toBe(false);
		// A change with a large report goes out, and leaves the sink over its bound.
		pump.publish(state([agent('a1', {report: 'r'.repeat(2000)})]));
		expect(pump.waiting).toBe(true);
		const before = written.length;
		for (let i = 0; i < 100; i++) {
			pump.publish(state([agent('a1', {activity: `step ${i}`})]));
		}
		// Nothing more is written (or held) while the reader is behind.
		expect(written.length).toBe(before);
		expect(pump.dropped).toBe(100);
		pending = 0;
		pump.drained();
		expect(written.length).toBe(before + 1);
		const line = JSON.parse(written.at(-1)!) as {type: string; agents: StreamAgent[]};
		expect(line.type).toBe('snapshot');
		expect(line.agents[0]?.activity).toBe('step 99');
		// Then changes again.
		pump.publish(state([agent('a1', {activity: 'step 100'})]));
		expect(JSON.parse(written.at(-1)!)).toMatchObject({type: 'agent'});
	});
});
