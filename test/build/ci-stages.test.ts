// `.ci/run` runs the checks of `npm test` one stage at a time, so that a failure names its stage:
// every command of the test script must be one of its stages, or CI would skip a check.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The commands `npm test` chains with `&&`. */
function testCommands(script: string): string[] {
	return script.split('&&').map(command => command.trim());
}

/** The commands of `.ci/run`'s `stage <name> <command…>` lines. */
function stageCommands(ciRun: string): string[] {
	return [...ciRun.matchAll(/^stage \S+ (.+)$/gm)].map(m => m[1] ?? '');
}

/** The test commands no stage runs (a stage may add reporter options after the command). */
function missingStages(script: string, ciRun: string): string[] {
	const stages = stageCommands(ciRun);
	return testCommands(script).filter(command => !stages.some(stage => stage === command || stage.startsWith(`${command} `)));
}

describe('.ci/run', () => {
	it('runs every check of npm test as a stage of its own', () => {
		const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {scripts: {test: string}};
		const ciRun = readFileSync(path.join(root, '.ci', 'run'), 'utf8');
		expect(stageCommands(ciRun).length).toBeGreaterThanOrEqual(5);
		expect(missingStages(pkg.scripts.test, ciRun)).toEqual([]);
	});

	it('names a check of npm test that no stage runs', () => {
		const ciRun = 'stage types tsc --noEmit\nstage vitest vitest run --reporter=json\n';
		expect(missingStages('tsc --noEmit && eslint . && vitest run', ciRun)).toEqual(['eslint .']);
		expect(missingStages('tsc --noEmit && vitest run', ciRun)).toEqual([]);
	});
});
