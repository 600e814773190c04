// For tests that run the CLI in-process (runMain): the JSON the CLI writes straight to fd 1 goes
// through process.stdout instead, where runMain takes the rest of stdout. Use it as the factory of
// `vi.mock('<…>/src/cli/shared/json-output.js', async o => (await import('<…>/json-stdout.js')).jsonToStdout(o))`.
import type * as JsonOutput from '../../src/cli/shared/json-output.js';

export async function jsonToStdout(importOriginal: <T>() => Promise<T>): Promise<typeof JsonOutput> {
	const real = await importOriginal<typeof JsonOutput>();
	const toStdout = (text: string): void => void process.stdout.write(text);
	return {...real, writeStdout: toStdout, writeJsonArray: (items: Iterable<unknown>, write = toStdout) => real.writeJsonArray(items, write)};
}
