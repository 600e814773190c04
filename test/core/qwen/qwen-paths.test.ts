// Where Qwen Code keeps its files: the option first, then the environment, then ~/.qwen.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {qwenHomeDir, qwenProjectsDir, qwenRuntimeDir} from '../../../src/core/qwen/qwen-paths.js';

describe('qwenHomeDir', () => {
	it('takes the option, else QWEN_HOME, else ~/.qwen', () => {
		expect(qwenHomeDir({QWEN_HOME: '/env/qwen'}, '/home/u', '/opt/q')).toBe('/opt/q');
		expect(qwenHomeDir({QWEN_HOME: '/env/qwen'}, '/home/u')).toBe('/env/qwen');
		expect(qwenHomeDir({}, '/home/u')).toBe('/home/u/.qwen');
	});

	it('resolves relative folders; an empty one is unset', () => {
		expect(qwenHomeDir({}, '/home/u', 'rel')).toBe(path.resolve('rel'));
		expect(qwenHomeDir({QWEN_HOME: 'q/../q2'}, '/home/u')).toBe(path.resolve('q2'));
		expect(qwenHomeDir({QWEN_HOME: ''}, '/home/u', '')).toBe('/home/u/.qwen');
	});
});

describe('qwenRuntimeDir', () => {
	it('takes the option, else QWEN_RUNTIME_DIR, else the home folder (with QWEN_HOME)', () => {
		expect(qwenRuntimeDir({QWEN_RUNTIME_DIR: '/run/q', QWEN_HOME: '/env/qwen'}, '/home/u', '/opt/r')).toBe('/opt/r');
		expect(qwenRuntimeDir({QWEN_RUNTIME_DIR: '/run/q', QWEN_HOME: '/env/qwen'}, '/home/u')).toBe('/run/q');
		expect(qwenRuntimeDir({QWEN_HOME: '/env/qwen'}, '/home/u')).toBe('/env/qwen');
		expect(qwenRuntimeDir({QWEN_RUNTIME_DIR: ''}, '/home/u')).toBe('/home/u/.qwen');
	});
});

describe('qwenProjectsDir', () => {
	it('is projects under the runtime folder', () => {
		expect(qwenProjectsDir('/run/q')).toBe('/run/q/projects');
	});
});
