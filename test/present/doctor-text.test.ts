import {describe, expect, it} from 'vitest';
import {check, doctorReport} from '../../src/core/doctor/check.js';
import {doctorOutput, formatDoctorText} from '../../src/present/doctor-text.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../helpers/hostile.js';

describe('formatDoctorText', () => {
	it('makes every string safe and says the verdict', () => {
		const text = formatDoctorText(
			doctorReport([
				check('a', 'ok', `fine ${ALL_HOSTILE}`),
				check('b', 'fail', 'broken', {detail: [ALL_HOSTILE], fix: `do ${ALL_HOSTILE}`}),
				check('c', 'warn', 'hmm', {fix: 'look'}),
			]),
		);
		expect(text).not.toMatch(RAW_CONTROL);
		expect(text.split('\n').filter(l => l.startsWith('✓') || l.startsWith('✗') || l.startsWith('!')).length).toBe(3);
		expect(text).toContain('  → look');
		expect(text.trimEnd().split('\n').at(-1)).toBe('1 of 3 checks failed (1 warning).');
	});

	it('drops the fix of a check that is ok', () => {
		expect(check('a', 'ok', 'x', {fix: 'y'}).fix).toBeUndefined();
	});

	it('says all passed, with the warnings counted', () => {
		expect(formatDoctorText(doctorReport([check('a', 'ok', 'fine'), check('b', 'warn', 'hmm')]))).toBe('✓ fine\n! hmm\n\nAll checks passed (1 warning).\n');
	});
});

describe('doctorOutput', () => {
	const report = doctorReport([check('a', 'note', `seen ${ALL_HOSTILE}`)]);

	it('is the text, or the report as JSON with its control characters escaped', () => {
		expect(doctorOutput(report, false)).toBe(formatDoctorText(report));
		const json = doctorOutput(report, true);
		expect(json).not.toMatch(RAW_CONTROL);
		expect(JSON.parse(json)).toEqual(report);
		expect(json.endsWith('}\n')).toBe(true);
	});
});
