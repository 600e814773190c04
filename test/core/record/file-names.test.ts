// Which names in a session folder are agentlog's: the one list prune trusts before removing a file.
import {describe, expect, it} from 'vitest';
import {sessionFileKind} from '../../../src/core/record/file-names.js';
import {describeForeign, foreignSessionEntries, toolFolderFix, toolFolderOf} from '../../../src/core/history/ownership.js';

describe('sessionFileKind', () => {
	it('knows the event log, agent files and every dot file the hook writes', () => {
		expect(sessionFileKind('events.jsonl')).toBe('event-log');
		for (const name of ['a1.json', 'agent-abc123.json', 'researcher@session-a1b2c3d4.json', 'a.b_c-d.json']) {
			expect(sessionFileKind(name)).toBe('agent-file');
		}
		for (const name of [
			'.main-waiting.json',
			'.a1.lock',
			'.+cap.lock',
			'.+cap.again',
			'.a1.lock.123.4.stale',
			'.+cap.lock.123.4.stale',
			'.a1.json.123.mabc12def3.tmp',
			'..main-waiting.json.99.zz1.tmp',
			'.notify.json',
			'..notify.json.99.zz1.tmp',
			'.+notify.lock',
			'.+notify.lock.123.4.stale',
			'.+log.lock',
			'.+log.lock.123.4.stale',
		]) {
			expect(sessionFileKind(name), name).toBe('own-dot-file');
		}
	});

	it('knows nothing else: other tools’ files, unsafe ids, near misses', () => {
		for (const name of [
			'README.txt',
			'events.jsonl.bak',
			'.json',
			'..json',
			'../x.json',
			'.hidden.json',
			'-x.json',
			'a b.json',
			'notes.jsonl',
			'.a1.lock.x.4.stale',
			'.a1.json.tmp',
			'.a1.json.1.ABC.tmp',
			'.+cap.again.1',
			'.DS_Store',
			`${'a'.repeat(129)}.json`,
		]) {
			expect(sessionFileKind(name), name).toBeUndefined();
		}
	});
});

describe('foreignSessionEntries', () => {
	it('names every entry that is not a regular file of agentlog’s names; folders with a slash', () => {
		expect(
			foreignSessionEntries([
				{name: 'events.jsonl', type: 'file'},
				{name: 'a1.json', type: 'file'},
				{name: 'sub', type: 'folder'},
				{name: 'a2.json', type: 'symlink'},
				{name: 'events.jsonl', type: 'other'},
				{name: 'notes.md', type: 'file'},
			]),
		).toEqual(['sub/', 'a2.json', 'events.jsonl', 'notes.md']);
		expect(foreignSessionEntries([])).toEqual([]);
	});

	it('describes a long list by its first names and a count', () => {
		expect(describeForeign(['a/', 'b', 'c', 'd', 'e'])).toBe('a/, b, c and 2 more');
		expect(describeForeign(['a/'])).toBe('a/');
	});
});

describe('toolFolderOf', () => {
	const homes = {claude: '/home/u/.claude', codex: '/home/u/.codex', home: '/home/u'};

	it('an activity folder of agentlog’s own may be pruned', () => {
		expect(toolFolderOf('/home/u/.claude/agent-activity', ['s1', '.agentlog-hook.log', 'events'], homes)).toBeUndefined();
		expect(toolFolderOf('/data/activity', ['sessions'], homes)).toBeUndefined();
	});

	it('refuses Claude Code’s folder, a Codex home and the home folder, by path or through a link', () => {
		expect(toolFolderOf('/home/u/.claude/', [], homes)).toEqual({tool: 'claude', reason: "is Claude Code's own folder"});
		expect(toolFolderOf('/x/link', ['projects'], homes, '/home/u/.claude')).toEqual({
			tool: 'claude',
			reason: "is Claude Code's own folder (it holds projects)",
		});
		expect(toolFolderOf('/home/u/.codex', [], homes)?.tool).toBe('codex');
		expect(toolFolderOf('/home/u', [], homes)).toEqual({tool: 'home', reason: 'is your home folder'});
	});

	it('refuses a folder that holds what only Claude Code or Codex write', () => {
		for (const marker of ['projects', 'todos', 'plugins', 'settings.json', '.credentials.json', 'statsig', 'shell-snapshots']) {
			expect(toolFolderOf('/other/claude', ['s1', marker], {})?.tool, marker).toBe('claude');
		}
		expect(toolFolderOf('/other/codex', ['config.toml', 'sessions'], {})).toEqual({
			tool: 'codex',
			reason: "looks like Codex CLI's own folder (it holds config.toml, sessions)",
		});
	});

	it('says where to point AGENTLOG_DIR', () => {
		expect(toolFolderFix(homes)).toBe("point AGENTLOG_DIR (or --dir) at agentlog's own folder, e.g. /home/u/.claude/agent-activity");
		expect(toolFolderFix({})).toContain('~/.claude/agent-activity');
	});
});
