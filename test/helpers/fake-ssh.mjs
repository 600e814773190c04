#!/usr/bin/env node
// A stand-in for `ssh` in tests and benches: no network. It takes `ssh [options] <target> <command>`,
// looks the target up in the JSON file $FAKE_SSH_CONFIG ({"<target>": {"env": {...}, "mode": "..."}})
// and runs this checkout's built agentlog with that target's environment (its own HOME and
// activity folder), or misbehaves as the mode says: `missing` (exit 127 like a shell without
// agentlog), `old` (another protocol), `garbage` (binary, escapes, a huge line, then nothing),
// `hang` (prints nothing, never ends), `answer` (prints the target's `answer` text, exits 0). For
// `agentlog stream` it writes its pid to <config>.<target>.pid so a test can drop the connection
// by killing it (a one-shot command beside it does not take its place).
import {spawn} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const cli = path.resolve(import.meta.dirname, '..', '..', 'bin', 'agentlog.js');
const args = process.argv.slice(2);
// The command is the last argument; the target the one before it (options before are ignored).
const command = args.at(-1) ?? '';
const target = args.at(-2) ?? '';
const configFile = process.env.FAKE_SSH_CONFIG ?? '';
const config = JSON.parse(readFileSync(configFile, 'utf8'))[target];
if (command.startsWith('agentlog stream')) {
	writeFileSync(`${configFile}.${target}.pid`, String(process.pid));
}
if (config === undefined) {
	process.stderr.write(`ssh: Could not resolve hostname ${target}: Name or service not known\n`);
	process.exit(255);
}
const mode = config.mode ?? 'ok';
const [program, ...words] = command.split(' ');
if (mode === 'missing' || program !== 'agentlog') {
	process.stderr.write(`bash: line 1: ${program}: command not found\n`);
	process.exit(127);
}
if (mode === 'old') {
	process.stdout.write('{"v":9,"type":"hello","agentlog":"9.0.0","protocol":9}\n');
	process.stdin.resume();
	process.stdin.on('end', () => process.exit(0));
} else if (mode === 'garbage') {
	process.stdout.write('{"v":1,"type":"hello","agentlog":"0.1.0","protocol":1}\n');
	const bytes = Buffer.alloc(4096);
	for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 37) % 256;
	process.stdout.write(bytes);
	process.stdout.write('\n\u001b]0;pwned\u0007\u001b[2J{"v":1,"type":"snapshot"}\n');
	const evil = '\u001b[31mEVIL\u001b]8;;http://x\u0007';
	process.stdout.write(
		`${JSON.stringify({v: 1, type: 'snapshot', session: `s${evil}`, following: true, agents: [{agentId: 'evil1', type: `Explore${evil}`, status: 'active', startedAt: new Date().toISOString(), updatedAt: new Date().toISOString(), description: `desc${evil}\u202Ereversed`, activity: `act${evil}`}]})}\n`,
	);
	// A line of 32 MB with no end, in pieces.
	const chunk = 'x'.repeat(1 << 20);
	let sent = 0;
	const more = () => {
		while (sent < 32) {
			sent += 1;
			if (!process.stdout.write(chunk)) {
				process.stdout.once('drain', more);
				return;
			}
		}
	};
	more();
	process.stdin.resume();
	process.stdin.on('end', () => process.exit(0));
} else if (mode === 'answer') {
	process.stdout.write(config.answer ?? '', () => process.exit(0));
} else if (mode === 'hang') {
	process.stdin.resume();
	setInterval(() => undefined, 1 << 30);
} else {
	const child = spawn(process.execPath, [cli, ...words], {stdio: ['pipe', 'inherit', 'inherit'], env: {...process.env, ...config.env}});
	process.stdin.pipe(child.stdin);
	child.stdin.on('error', () => undefined);
	child.on('exit', code => process.exit(code ?? 1));
	process.on('SIGTERM', () => {
		child.kill('SIGTERM');
		process.exit(143);
	});
}
