// The Agent result statuses that mean "launched, running on its own".
import {describe, expect, it} from 'vitest';
import {isLaunchStatus, LAUNCH_STATUSES} from '../../../src/core/record/launch-status.js';

describe('isLaunchStatus', () => {
	it('is a background launch or a teammate spawn', () => {
		expect(LAUNCH_STATUSES).toEqual(['async_launched', 'teammate_spawned']);
		expect(isLaunchStatus('async_launched')).toBe(true);
		expect(isLaunchStatus('teammate_spawned')).toBe(true);
	});

	it('is not a finish, a near miss or nothing', () => {
		for (const status of ['completed', 'ASYNC_LAUNCHED', 'async_launched ', '', undefined]) {
			expect(isLaunchStatus(status), String(status)).toBe(false);
		}
	});
});
