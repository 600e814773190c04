// agent-spy: the hook Claude Code runs on SubagentStart, SubagentStop and TeammateIdle.
// It upserts <activity>/<sessionId>/<agentId>.json (temp file + rename) and nothing else.
//
// Never break Claude Code: whatever arrives on stdin, this exits 0 and prints nothing to
// stdout (exit 2 on SubagentStop or TeammateIdle would keep the agent running). Problems go to
// a small rotated log, <activity>/.agentlog-hook.log. Everything is synchronous and uses only
// node: built-ins, so a run costs little more than Node's own start-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseAgentRecord, type AgentRecord} from '../src/core/agent.js';
import {
	applyHookEvent,
	fileCapFrom,
	filesOverCap,
	parseHookPayload,
	teammateAgentId,
	type AgentFileInfo,
} from '../src/core/hook-event.js';
import {activityDir, HOOK_LOG_NAME} from '../src/core/paths.js';

const MAX_STDIN = 32 * 1024 * 1024;
const MAX_LOG = 256 * 1024;

// Reads fd 0 directly: touching process.stdin would load the stream machinery (~4 ms).
function readStdin(): string {
	const chunks: Buffer[] = [];
	const buf = Buffer.allocUnsafe(1 << 16);
	let total = 0;
	for (;;) {
		let n: number;
		try {
			n = fs.readSync(0, buf, 0, buf.length, null);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
				continue;
			}
			if ((error as NodeJS.ErrnoException).code === 'EOF') {
				break;
			}
			throw error;
		}
		if (n === 0) {
			break;
		}
		// Past the limit, keep draining so the writer never sees a broken pipe, but drop it.
		if (total + n <= MAX_STDIN) {
			chunks.push(Buffer.from(buf.subarray(0, n)));
		}
		total += n;
	}
	if (total > MAX_STDIN) {
		throw new Error(`stdin is ${total} bytes, over the ${MAX_STDIN}-byte limit`);
	}
	return Buffer.concat(chunks).toString('utf8');
}

function log(dir: string, message: string): void {
	try {
		fs.mkdirSync(dir, {recursive: true});
		const file = path.join(dir, HOOK_LOG_NAME);
		try {
			if (fs.statSync(file).size > MAX_LOG) {
				fs.renameSync(file, `${file}.1`);
			}
		} catch {
			// No log yet.
		}
		fs.appendFileSync(file, `${new Date().toISOString()} ${message.slice(0, 2000)}\n`);
	} catch {
		// Logging is best effort; the hook must still exit 0.
	}
}

function readRecord(file: string): AgentRecord | undefined {
	try {
		const parsed = parseAgentRecord(JSON.parse(fs.readFileSync(file, 'utf8')));
		return parsed.ok ? parsed.value : undefined;
	} catch {
		return undefined;
	}
}

function agentFiles(sessionDir: string): string[] {
	return fs.readdirSync(sessionDir).filter(name => name.endsWith('.json') && !name.startsWith('.'));
}

function writeAtomic(file: string, text: string): void {
	const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
	try {
		fs.writeFileSync(tmp, text);
		fs.renameSync(tmp, file);
	} catch (error) {
		fs.rmSync(tmp, {force: true});
		throw error;
	}
}

function enforceCap(sessionDir: string, cap: number): void {
	const names = agentFiles(sessionDir);
	if (names.length <= cap) {
		return;
	}
	const infos: AgentFileInfo[] = [];
	for (const name of names) {
		const file = path.join(sessionDir, name);
		try {
			infos.push({name, mtimeMs: fs.statSync(file).mtimeMs, status: readRecord(file)?.status});
		} catch {
			// Removed by a concurrent hook run.
		}
	}
	for (const name of filesOverCap(infos, cap)) {
		fs.rmSync(path.join(sessionDir, name), {force: true});
	}
}

function run(dir: string): void {
	const input = readStdin();
	let json: unknown;
	try {
		json = JSON.parse(input);
	} catch {
		log(dir, `skipped: stdin is not JSON (${input.length} characters)`);
		return;
	}
	const parsed = parseHookPayload(json);
	if (!parsed.ok) {
		log(dir, `skipped: ${parsed.skip}`);
		return;
	}
	const event = parsed.value;
	const sessionDir = path.join(dir, event.sessionId);
	let agentId = event.agentId;
	if (agentId === undefined) {
		let names: string[] = [];
		try {
			names = agentFiles(sessionDir);
		} catch {
			// No session folder yet.
		}
		const agents = names.map(n => readRecord(path.join(sessionDir, n))).filter(a => a !== undefined);
		const target = teammateAgentId(event, agents);
		if (!target.ok) {
			log(dir, `skipped: ${target.skip}`);
			return;
		}
		agentId = target.value;
	}
	const file = path.join(sessionDir, `${agentId}.json`);
	const next = applyHookEvent(event, agentId, readRecord(file), new Date().toISOString());
	if (!next.ok) {
		log(dir, `skipped: ${next.skip}`);
		return;
	}
	fs.mkdirSync(sessionDir, {recursive: true});
	writeAtomic(file, `${JSON.stringify(next.value, null, 2)}\n`);
	enforceCap(sessionDir, fileCapFrom(process.env.AGENTLOG_FILE_CAP));
}

let dir = '';
try {
	dir = activityDir(process.env, process.env.HOME || os.homedir());
	run(dir);
} catch (error) {
	if (dir) {
		log(dir, `error: ${error instanceof Error ? error.message : String(error)}`);
	}
}
process.exitCode = 0;
