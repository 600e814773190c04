#!/usr/bin/env node
// Thin shim: the CLI is bundled into one file by `npm run build` (run by `npm install`).
import {existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

const bundle = new URL('../dist/cli/agentlog.js', import.meta.url);
if (!existsSync(fileURLToPath(bundle))) {
	process.stderr.write('agentlog: the CLI is not built yet. Run `npm install` (or `npm run build`) in the agentlog folder.\n');
	process.exit(1);
}
await import(bundle.href);
