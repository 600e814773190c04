// `agentlog <args>` run in-process through main(), its output captured and its exit code read.
import {vi} from 'vitest';
import {main} from '../../src/cli/program.js';

export interface MainRun {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

export async function runMain(...args: string[]): Promise<MainRun> {
	let stdout = '';
	let stderr = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stdout += String(chunk);
		return true;
	});
	vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		stderr += String(chunk);
		return true;
	});
	try {
		process.exitCode = undefined;
		await main(['node', 'agentlog', ...args]);
	} finally {
		vi.restoreAllMocks();
	}
	const code = Number(process.exitCode ?? 0);
	process.exitCode = undefined;
	return {code, stdout, stderr};
}
