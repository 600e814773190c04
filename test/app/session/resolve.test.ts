// A session argument → one session id: an exact id, a unique prefix, `session-<8>`, the newest
// when none is given; an unknown or ambiguous one is an error listing sessions, a mistyped command
// a usage error naming the command.
import {mkdirSync, utimesSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {quickResolveSession, resolveSessionArg, ruleOptions} from '../../../src/app/session/resolve.js';
import {CliError} from '../../../src/core/user-error.js';
import {agent} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const A = '4d5611e5-241a-462a-8d15-5122611a9569';
const B = '4d5622f6-241a-462a-8d15-5122611a9569';
const C = '9c0011e5-241a-462a-8d15-5122611a9569';
const rules = {stale: 300_000, dedup: true};
const COMMANDS = ['watch', 'ls', 'sessions', 'history'];

function activity(): string {
	const dir = tempDir('activity-');
	const t = Date.now() / 1000;
	for (const [i, id] of [A, B, C].entries()) {
		writeRecord(path.join(dir, id), agent(`a${i}`, {start: 0}));
		utimesSync(path.join(dir, id), t - 300 + i * 100, t - 300 + i * 100);
	}
	return dir;
}

function thrown(run: () => unknown): CliError {
	try {
		run();
	} catch (error) {
		if (error instanceof CliError) return error;
		throw error;
	}
	throw new Error('did not throw');
}

describe('ruleOptions', () => {
	it('renames the options as the monitor takes them', () => {
		expect(ruleOptions({stale: 60_000, dedup: false})).toEqual({staleMs: 60_000, dedup: false});
	});
});

describe('resolveSessionArg', () => {
	it('an exact id, a unique prefix, session-<8>', () => {
		const dir = activity();
		expect(resolveSessionArg(A, dir, rules, COMMANDS)).toBe(A);
		expect(resolveSessionArg('9c00', dir, rules, COMMANDS)).toBe(C);
		expect(resolveSessionArg('session-4d5622f6', dir, rules, COMMANDS)).toBe(B);
	});

	it('an ambiguous prefix or an unknown word: exit 1, saying where sessions are read from', () => {
		const dir = activity();
		const ambiguous = thrown(() => resolveSessionArg('4d56', dir, rules, COMMANDS));
		expect(ambiguous.exitCode).toBe(1);
		expect(ambiguous.message).toContain(`(sessions are read from ${dir}`);
		expect(ambiguous.message).toContain('4d5611e5');
		expect(ambiguous.message).toContain('4d5622f6');
		expect(thrown(() => resolveSessionArg('zzzz', dir, rules, COMMANDS)).exitCode).toBe(1);
	});

	it('a mistyped command: exit 2 with the command it was probably meant to be', () => {
		const e = thrown(() => resolveSessionArg('wach', activity(), rules, COMMANDS));
		expect(e.exitCode).toBe(2);
		expect(e.message).toContain('Did you mean the command `agentlog watch`?');
	});
});

describe('quickResolveSession', () => {
	it('no argument: the newest session; none when there is none', () => {
		expect(quickResolveSession(undefined, activity())).toEqual({sessionId: C});
		expect(quickResolveSession(undefined, tempDir('empty-'))).toEqual({sessionId: undefined});
	});

	it('an exact folder name (spaces trimmed) or a unique prefix', () => {
		const dir = activity();
		expect(quickResolveSession(` ${B} `, dir)).toEqual({sessionId: B});
		expect(quickResolveSession('9c', dir)).toEqual({sessionId: C});
	});

	it('undefined when the argument needs the full resolution, or is a path', () => {
		const dir = activity();
		mkdirSync(path.join(dir, 'sub', A), {recursive: true});
		expect(quickResolveSession('4d56', dir)).toBeUndefined();
		expect(quickResolveSession('nope', dir)).toBeUndefined();
		expect(quickResolveSession(`sub/${A}`, dir)).toBeUndefined();
		expect(quickResolveSession('..', dir)).toBeUndefined();
	});
});
