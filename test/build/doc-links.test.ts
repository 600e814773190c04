// The repository's documents stand on their own: every Markdown link and every `docs/….md#anchor`
// named in the code (src/, test/, hooks/, scripts/, bench/, .ci/ and the root's configs), in docs/
// and in the README resolves — the file exists and the anchor is a heading of it, slugged as
// GitHub does — and nothing names the notes that lived beside the repository and never in a clone
// (the design notes, the hook facts, the Codex notes: their content is in docs/design.md,
// docs/claude-code-hooks.md, docs/codex-rollouts.md).
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Folders whose files are read, and the single files beside them. */
const SCANNED_DIRS = ['src', 'test', 'hooks', 'scripts', 'docs', 'bench', '.ci'];
const SCANNED_FILES = ['README.md', 'eslint.config.js', '.dependency-cruiser.mjs', 'vitest.config.ts', 'vitest.unit.config.ts', '.gitattributes'];
/** Source and text files; the committed bundles (hooks/*.cjs) and captured fixture data are not read. */
const SOURCE = /(?:\.(?:ts|tsx|mts|mjs|js|sh|md)|^run)$/;

/** The notes kept outside the repository, by name (written without `.md` here, so this file does not name them). */
const OUTSIDE_NOTES = ['DESIGN', 'CLAUDE-CODE-HOOKS', 'CODEX', 'STOP', 'OTHER-CLIS', 'LAYOUT', 'STYLE', 'LANDSCAPE'];
const OUTSIDE_NOTE = new RegExp(`(?<![\\w/.-])(?:${OUTSIDE_NOTES.join('|')})\\.md\\b`);

/** A heading's text as GitHub renders it, then slugged: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
	// Outside code spans: links and images become their text, inline HTML goes; a code span is its text.
	const text = heading
		.split('`')
		.map((part, i) => (i % 2 === 1 ? part : part.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '')))
		.join('');
	return text
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** Markdown text without its fenced code blocks (a `# comment` in a shell block is no heading, a link there no link). */
function withoutFences(markdown: string): string[] {
	const lines: string[] = [];
	let fence: string | undefined;
	for (const line of markdown.split('\n')) {
		const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (fence === undefined && marker !== undefined) {
			fence = marker;
		} else if (fence !== undefined && marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) {
			fence = undefined;
		} else if (fence === undefined) {
			lines.push(line);
		}
	}
	return lines;
}

/** The anchors a Markdown file has: its headings' slugs (a repeated one gets `-1`, `-2`, …) and `<a id|name>`s. */
function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const line of withoutFences(markdown)) {
		const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
		if (heading !== undefined) {
			const base = slug(heading);
			const n = seen.get(base) ?? 0;
			seen.set(base, n + 1);
			anchors.add(n === 0 ? base : `${base}-${n}`);
		}
		for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) {
			anchors.add(m[1] ?? '');
		}
	}
	return anchors;
}

/** One place a file names another: `target` as written (a path, maybe with `#anchor`), resolved from `from`. */
interface Reference {
	readonly file: string;
	readonly line: number;
	readonly target: string;
	/** The folder a relative target is resolved from (repository-relative). */
	readonly base: string;
}

/** The comment part of a line of code: after `//` (not `://`), or a block comment's line, or a shell comment. */
function commentOf(line: string): string {
	const trimmed = line.trimStart();
	if (/^(?:\/\*|\*|#)/.test(trimmed)) {
		return trimmed;
	}
	const at = line.search(/(?<![:\\])\/\//);
	return at === -1 ? '' : line.slice(at);
}

/** Markdown links of a .md file (not into the web), and `….md` / `….md#anchor` paths in any other file. */
function referencesIn(file: string, text: string): Reference[] {
	const refs: Reference[] = [];
	if (file.endsWith('.md')) {
		const lines = text.split('\n');
		const kept = new Set(withoutFences(text));
		lines.forEach((line, i) => {
			if (!kept.has(line)) {
				return;
			}
			for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
				const target = m[1] ?? '';
				if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) {
					refs.push({file, line: i + 1, target, base: path.posix.dirname(file)});
				}
			}
		});
		return refs;
	}
	text.split('\n').forEach((line, i) => {
		// Only comments cite documents; a string may be test data (a transcript naming `docs/routes.md`).
		const comment = commentOf(line);
		for (const m of comment.matchAll(/(?<![\w/.$-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-][\w.-]*\.md)(#[\w-]*)?(?![\w/])/g)) {
			const target = `${m[1] ?? ''}${m[2] ?? ''}`;
			// A path from the repository's root, or from the file's folder when written `./` or `../`.
			refs.push({file, line: i + 1, target, base: target.startsWith('.') ? path.posix.dirname(file) : ''});
		}
	});
	return refs;
}

/** What is wrong with each reference: a file that is not there, or an anchor the file does not have. */
function brokenReferences(files: ReadonlyMap<string, string>, exists: (file: string) => boolean, read: (file: string) => string | undefined): string[] {
	const problems: string[] = [];
	const anchorCache = new Map<string, Set<string>>();
	const anchors = (file: string): Set<string> | undefined => {
		let set = anchorCache.get(file);
		if (set === undefined) {
			const text = files.get(file) ?? read(file);
			if (text === undefined) {
				return undefined;
			}
			set = anchorsOf(text);
			anchorCache.set(file, set);
		}
		return set;
	};
	for (const [file, text] of files) {
		for (const ref of referencesIn(file, text)) {
			const hash = ref.target.indexOf('#');
			const pathPart = hash === -1 ? ref.target : ref.target.slice(0, hash);
			const anchor = hash === -1 ? undefined : decodeURIComponent(ref.target.slice(hash + 1));
			const target = pathPart === '' ? file : path.posix.normalize(path.posix.join(ref.base, decodeURIComponent(pathPart)));
			const where = `${ref.file}:${ref.line}: ${ref.target}`;
			if (target.startsWith('..') || !(files.has(target) || exists(target))) {
				problems.push(`${where}: no file ${target}`);
				continue;
			}
			if (anchor !== undefined && target.endsWith('.md') && !anchors(target)?.has(anchor)) {
				problems.push(`${where}: ${target} has no heading #${anchor}`);
			}
		}
	}
	return problems;
}

/** Places that name a note from outside the repository, or cite a section by `§` instead of linking it. */
function outsideNotes(files: ReadonlyMap<string, string>): string[] {
	const problems: string[] = [];
	for (const [file, text] of files) {
		text.split('\n').forEach((line, i) => {
			const note = OUTSIDE_NOTE.exec(line);
			if (note) {
				problems.push(`${file}:${i + 1}: names ${note[0]}, which is not in the repository`);
			}
			// A `§` is a section of some other document: link the heading instead (an RFC's sections stay).
			if (/§\s*\d/.test(line) && !/\bRFC\s*\d+\s*§/.test(line)) {
				problems.push(`${file}:${i + 1}: cites a section by §: link the heading instead`);
			}
		});
	}
	return problems;
}

function walk(dir: string, out: string[]): void {
	for (const entry of readdirSync(path.join(root, dir), {withFileTypes: true})) {
		const rel = path.posix.join(dir, entry.name);
		if (entry.isDirectory()) {
			if (entry.name !== 'node_modules') {
				walk(rel, out);
			}
		} else if (entry.isFile() && SOURCE.test(entry.name) && (!rel.startsWith('test/fixtures/') || rel.endsWith('.md'))) {
			out.push(rel);
		}
	}
}

function repositoryFiles(): Map<string, string> {
	const names: string[] = [...SCANNED_FILES];
	for (const dir of SCANNED_DIRS) {
		walk(dir, names);
	}
	// This file's own examples are made up: they are checked by the tests below instead.
	const self = 'test/build/doc-links.test.ts';
	return new Map(names.filter(name => name !== self).map(name => [name, readFileSync(path.join(root, name), 'utf8')]));
}

const onDisk = (file: string): boolean => existsSync(path.join(root, file));
const readOnDisk = (file: string): string | undefined => (onDisk(file) ? readFileSync(path.join(root, file), 'utf8') : undefined);

describe('links between the documents and the code', () => {
	const files = repositoryFiles();

	it('reads the code, the docs and the README', () => {
		expect(files.has('README.md')).toBe(true);
		expect(files.has('docs/design.md')).toBe(true);
		expect(files.has('src/core/record/agent-record.ts')).toBe(true);
		expect([...files.keys()].some(name => name.startsWith('hooks/') && name.endsWith('.cjs'))).toBe(false);
	});

	it('every Markdown path and #anchor they name resolves', () => {
		expect(brokenReferences(files, onDisk, readOnDisk)).toEqual([]);
	});

	it('nothing names a note from outside the repository or cites a § of one', () => {
		expect(outsideNotes(files)).toEqual([]);
	});
});

describe('the link check itself', () => {
	const docs = new Map([
		[
			'docs/a.md',
			'# Page A\n\n## The `event log` (v1)\n\n## Notes\n\n## Notes\n\n```sh\n# not a heading\n```\n\nSee [b](b.md#second-part) and [web](https://example.com/x.md).\n',
		],
		['docs/b.md', '# B\n\n## Second part\n'],
		['src/x.ts', '// The log: docs/a.md#the-event-log-v1; docs/a.md#notes-1; README.md.\n'],
		['README.md', '[A](docs/a.md#page-a)\n'],
	]);
	const none = (): boolean => false;
	const noText = (): undefined => undefined;

	it('slugs headings as GitHub does', () => {
		expect(slug('`agentlog` / `agentlog watch [session]`')).toBe('agentlog--agentlog-watch-session');
		expect(slug("The monitor's rules")).toBe('the-monitors-rules');
		expect(slug('Notifications (`install-hook --notify`)')).toBe('notifications-install-hook---notify');
		expect([...anchorsOf(docs.get('docs/a.md') ?? '')]).toEqual(['page-a', 'the-event-log-v1', 'notes', 'notes-1']);
	});

	it('passes links that resolve', () => {
		expect(brokenReferences(docs, none, noText)).toEqual([]);
	});

	it('names a link to a heading that is not there, and a file that is not there', () => {
		const broken = new Map(docs);
		broken.set('src/x.ts', '// See docs/a.md#the-event-log and docs/gone.md.\n');
		broken.set('docs/b.md', '# B\n\n[back](a.md#nowhere) [up](../../outside.md)\n');
		expect(brokenReferences(broken, none, noText)).toEqual([
			'docs/a.md:13: b.md#second-part: docs/b.md has no heading #second-part',
			'docs/b.md:3: a.md#nowhere: docs/a.md has no heading #nowhere',
			'docs/b.md:3: ../../outside.md: no file ../outside.md',
			'src/x.ts:1: docs/a.md#the-event-log: docs/a.md has no heading #the-event-log',
			'src/x.ts:1: docs/gone.md: no file docs/gone.md',
		]);
	});

	it('names a note from outside the repository and a bare §, but not a docs/ path or an RFC section', () => {
		const notes = new Map([
			['src/a.ts', `// The rules (${OUTSIDE_NOTES[0]}.md \u00a74).\n`],
			['src/b.ts', `// docs/design.md#the-agent-file; an HTTP token (RFC 9110 \u00a75.6.2); docs/${OUTSIDE_NOTES[2]?.toLowerCase()}.md\n`],
		]);
		expect(outsideNotes(notes)).toEqual([
			`src/a.ts:1: names ${OUTSIDE_NOTES[0]}.md, which is not in the repository`,
			'src/a.ts:1: cites a section by §: link the heading instead',
		]);
	});
});
