import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readAgentFile, readAgentFileVersion} from '../../../src/store/activity/read-agents.js';
import {MAX_AGENT_FILE_BYTES} from '../../../src/store/activity/agent-file.js';
import {tempDir} from '../../helpers/tmp.js';

const record = (status: string) =>
	`${JSON.stringify({agentId: 'a1', type: 'Explore', status, startedAt: '2026-11-29T05:00:00.000Z', updatedAt: '2026-11-29T05:00:00.000Z'}, null, 2)}\n`;

describe('readAgentFileVersion', () => {
	it('gives the record and the version of the file it read; a file renamed into place is a new version, even with the same bytes', () => {
		const dir = tempDir('session-');
		const file = path.join(dir, 'a1.json');
		writeFileSync(file, record('active'));
		const first = readAgentFileVersion(file);
		expect(first.result).toMatchObject({ok: true, record: {agentId: 'a1', status: 'active'}});
		expect(first.result).toEqual(readAgentFile(file));
		expect(readAgentFileVersion(file).version).toBe(first.version);
		// The hook's write: a temp file renamed over it (a new inode), here with the very same bytes.
		writeFileSync(path.join(dir, '.a1.tmp'), record('active'));
		renameSync(path.join(dir, '.a1.tmp'), file);
		const second = readAgentFileVersion(file);
		expect(second.result).toEqual(first.result);
		expect(second.version).toBeDefined();
		expect(second.version).not.toBe(first.version);
	});

	it('has no version for what it could not read: missing, a folder, invalid JSON', () => {
		const dir = tempDir('session-');
		expect(readAgentFileVersion(path.join(dir, 'gone.json'))).toEqual({result: {ok: false, error: 'file is gone', missing: true}});
		mkdirSync(path.join(dir, 'folder.json'));
		expect(readAgentFileVersion(path.join(dir, 'folder.json')).result).toEqual({ok: false, error: 'is a folder'});
		writeFileSync(path.join(dir, 'bad.json'), '{"agentId": ');
		expect(readAgentFileVersion(path.join(dir, 'bad.json')).result).toEqual({ok: false, error: 'not valid JSON'});
		expect(MAX_AGENT_FILE_BYTES).toBeGreaterThan(1024 * 1024);
	});
});
