// What the fixture generators (scripts/claude-fixtures, scripts/codex-fixtures) share: installing
// a pinned npm package into a throwaway folder with the user's own npm settings, and the hook that
// copies each payload it is given into a file.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm install <spec>` into `dir` (no scripts, nothing saved), with the user's npm config: a
 * changed HOME must not lose the registry settings, or npm hangs. Throws when npm fails.
 */
export function npmInstallInto(dir, spec) {
	const userconfig = spawnSync('npm', ['config', 'get', 'userconfig'], {encoding: 'utf8'}).stdout.trim();
	fs.mkdirSync(dir, {recursive: true});
	fs.writeFileSync(path.join(dir, 'package.json'), '{"private": true}\n');
	const args = ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', dir, spec];
	if (userconfig) args.push('--userconfig', userconfig);
	console.log(`npm ${args.join(' ')}`);
	const result = spawnSync('npm', args, {cwd: dir, stdio: 'inherit', timeout: 600_000});
	if (result.status !== 0) throw new Error(`npm install ${spec} failed (exit ${result.status}, ${result.error?.message ?? 'no error'})`);
}

/** A hook that appends its stdin (one JSON payload) as one line to the file named by argv[2]; prints nothing. */
export const PAYLOAD_HOOK_SOURCE = `// Appends the hook's stdin (one JSON payload) as one line to the file named by argv[2]; prints nothing.
const fs = require('node:fs');
const chunks = [];
process.stdin.on('data', c => chunks.push(c));
process.stdin.on('end', () => {
	const text = Buffer.concat(chunks).toString('utf8').trim();
	let line;
	try { line = JSON.stringify(JSON.parse(text)); } catch { line = JSON.stringify({unparsed: text}); }
	fs.appendFileSync(process.argv[2], line + '\\n');
});
`;
