// The import rule (.dependency-cruiser.mjs, run by `npm test` as `npm run depcheck`) fails on a wrong
// import: a small tree with one of each kind of mistake is checked with the project's own config.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..');

function check(files: Record<string, string>): {status: number | null; output: string} {
	const dir = tempDir('import-rule-');
	copyFileSync(path.join(root, '.dependency-cruiser.mjs'), path.join(dir, '.dependency-cruiser.mjs'));
	copyFileSync(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
	symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
	for (const [file, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
		writeFileSync(path.join(dir, file), text);
	}
	const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
	const r = spawnSync(process.execPath, [depcruise, 'src', '--config', '.dependency-cruiser.mjs', '--output-type', 'err'], {cwd: dir, encoding: 'utf8'});
	return {status: r.status, output: `${r.stdout}${r.stderr}`};
}

const good = {
	'src/core/a.ts': 'export const a = 1;\n',
	'src/store/b.ts': "import {a} from '../core/a.js';\nexport const b = a;\n",
	'src/present/p.ts': "import {a} from '../core/a.js';\nexport const p = String(a);\n",
	'src/tui/model/m.ts': "import {p} from '../../present/p.js';\nimport type {b} from '../../store/b.js';\nexport const m: typeof b = p.length;\n",
	'src/app/u.ts': "import {b} from '../store/b.js';\nexport const u = b;\n",
	'src/cli/c.ts': "import {u} from '../app/u.js';\nimport {m} from '../tui/model/m.js';\nexport const c = u + m;\n",
};

describe('the import rule', () => {
	it('passes a tree that keeps it', () => {
		const r = check(good);
		expect(r.output).toContain('no dependency violations found');
		expect(r.status).toBe(0);
	});

	it('fails on core importing store, naming the import', () => {
		const r = check({...good, 'src/core/wrong.ts': "import {b} from '../store/b.js';\nexport const w = b;\n"});
		expect(r.status).not.toBe(0);
		expect(r.output).toContain('core-imports-nothing: src/core/wrong.ts → src/store/b.ts');
	});

	it('fails on tui/model importing React, and on tui calling store', () => {
		const r = check({
			...good,
			'src/tui/model/react.ts': "import {useState} from 'react';\nexport const s = useState;\n",
			'src/tui/calls-store.ts': "import {b} from '../store/b.js';\nexport const x = b;\n",
		});
		expect(r.status).not.toBe(0);
		expect(r.output).toMatch(/tui-model-pure: src\/tui\/model\/react\.ts → \S*node_modules\/react\//);
		expect(r.output).toContain('tui-store-types-only: src/tui/calls-store.ts → src/store/b.ts');
	});

	it('fails on app importing cli, and on a file cycle', () => {
		const r = check({
			...good,
			'src/app/up.ts': "import {c} from '../cli/c.js';\nexport const up = c;\n",
			'src/store/x.ts': "import {y} from './y.js';\nexport const x = (): number => y();\n",
			'src/store/y.ts': "import {x} from './x.js';\nexport const y = (): number => x();\n",
		});
		expect(r.status).not.toBe(0);
		expect(r.output).toContain('app-imports-store-present-core: src/app/up.ts → src/cli/c.ts');
		expect(r.output).toMatch(/no-file-cycle: src\/store\/[xy]\.ts → /);
	});

	it('fails on a cycle between folders', () => {
		const r = check({
			...good,
			'src/store/one/a.ts': "import {b} from '../two/b.js';\nexport const a = (): number => b;\n",
			'src/store/one/c.ts': 'export const c = 1;\n',
			'src/store/two/b.ts': "import {c} from '../one/c.js';\nexport const b = c;\n",
			// Inside core too: a type or constant in the wrong folder makes a ring.
			'src/core/record/r.ts': "import {h} from '../hook/h.js';\nexport const r = (): number => h;\n",
			'src/core/record/k.ts': 'export const k = 1;\n',
			'src/core/hook/h.ts': "import {k} from '../record/k.js';\nexport const h = k;\n",
		});
		expect(r.status).not.toBe(0);
		expect(r.output).toMatch(/no-folder-cycle: src\/store\/(one|two) → /);
		expect(r.output).toMatch(/no-folder-cycle: src\/core\/(record|hook) → /);
	});
});
