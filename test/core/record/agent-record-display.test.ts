// displayRecord: an agent record as it is shown, every string safe for a terminal.
import {describe, expect, it} from 'vitest';
import {displayRecord, parseAgentRecord, type AgentRecord} from '../../../src/core/record/agent-record.js';
import {ALL_HOSTILE, HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const T0 = '2026-02-12T16:02:48.000Z';

function parsed(json: Record<string, unknown>): AgentRecord {
	const r = parseAgentRecord(json);
	if (!r.ok) {
		throw new Error(r.error);
	}
	return r.value;
}

describe('displayRecord', () => {
	it('returns a clean record itself (no copy of a long message)', () => {
		const record = parsed({
			agentId: 'a1',
			type: 'Explore',
			status: 'stopped',
			startedAt: T0,
			lastMessage: `## Done\n\n${'x'.repeat(100_000)}`,
			cwd: '/home/dev/acme',
		});
		expect(displayRecord(record)).toBe(record);
	});

	it('makes every string safe, extension fields and keys included, and leaves the parsed record as it was', () => {
		const json = {
			agentId: `a1${HOSTILE.csiC1}`,
			type: `Explore\n${HOSTILE.title}`,
			status: 'active',
			startedAt: T0,
			lastMessage: `# Title\n\n${ALL_HOSTILE}\n\tindented`,
			cwd: `/home/${HOSTILE.bidi}`,
			teammateName: `mate\t${HOSTILE.zeroWidth}`,
			transcriptPath: `/tmp/${HOSTILE.clear}.jsonl`,
			note: {deep: [ALL_HOSTILE]},
			[`k${HOSTILE.oscC1}`]: 1,
		};
		const record = parsed(json);
		const before = JSON.stringify(record);
		const shown = displayRecord(record);
		expect(JSON.stringify(record)).toBe(before);
		expect(JSON.stringify(shown)).not.toMatch(/\\u001b|\\u0007/u);
		for (const value of Object.values(shown as unknown as Record<string, unknown>)) {
			expect(JSON.stringify(value)).not.toMatch(RAW_CONTROL);
		}
		for (const key of Object.keys(shown)) {
			expect(key).not.toMatch(RAW_CONTROL);
		}
		expect(shown.type).toBe('Explore ␛]0;pwned␇');
		expect(shown.teammateName).toBe('mate paypal');
		expect(shown.agentId).toBe('a1\\x9b31mred');
		expect(shown.cwd).toBe('/home/abcdcba');
		// Markdown keeps its lines and tabs.
		expect(shown.lastMessage).toMatch(/^# Title\n\n␛\]0;pwned␇ .*\n\tindented$/su);
	});
});
