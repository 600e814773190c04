#!/usr/bin/env node
/* global require, __dirname */
// Thin shim: the CLI is bundled into one CommonJS file by `npm run build` (the npm package ships it
// built: `npm pack` builds it first; a clone builds it with `npm run build`, `npm test` or `npm run
// demo`), run from V8's code cache by dist/cli/start.cjs. This file is CommonJS (bin/package.json):
// it starts a few ms sooner than an ES module, which counts for `agentlog status`, run by a status
// bar every few seconds. `status` first tries its own small
// bundle, without any npm package; that hands over to the main CLI for --help, usage errors and
// the like (status-main.ts).
'use strict';
const {existsSync} = require('node:fs');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist', 'cli');
const status = path.join(dist, 'status.cjs');
if (!(process.argv[2] === 'status' && existsSync(status) && require(status).runStatusFast(process.argv.slice(3)))) {
	const bundle = path.join(dist, 'agentlog.cjs');
	const start = path.join(dist, 'start.cjs');
	if (!existsSync(bundle) || !existsSync(start)) {
		// Also what a Claude Code plugin install meets (a plain clone: it runs the committed hook only).
		process.stderr.write(
			`agentlog: the CLI is not built yet (${bundle} is missing). In a clone, run \`npm install && npm run build\` in the agentlog folder; or install the package: \`npm i -g agentlog\`.\n`,
		);
		process.exit(1);
	}
	// The bundle, run from V8's code cache (src/cli/cached-start.ts).
	require(start).runBundle(bundle, process.argv.slice(2));
}
