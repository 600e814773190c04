// The screen draws the body in the height the model gives it: a body that fits is drawn whole (Ink
// clips no box for it), one that does not is cut to that height, the footer always under it.
import {renderToString} from 'ink';
import {describe, expect, it} from 'vitest';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {Screen} from '../../../src/tui/components/Screen.js';
import {paneSize} from '../../../src/tui/model/layout.js';
import {buildScreen, type ScreenModel} from '../../../src/tui/model/screen-model.js';
import {initialUiModel, type UiModel} from '../../../src/tui/model/ui-state.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const NOW = ms(1000);

function model(ui: Partial<UiModel>): ScreenModel {
	const agents = Array.from({length: 6}, (_, i) => agent(`a${i}`, {type: `worker-${i}`, start: 800 + i * 10, stop: 900 + i}));
	const view = buildMonitorModel({agents, transcripts: new Map(), now: NOW, options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true}});
	return buildScreen({
		size: paneSize(80, 24),
		activity: '/a',
		activityExists: true,
		sessionId: 's',
		following: false,
		view,
		warnings: 0,
		ui: {...initialUiModel(), showAll: true, selectedId: 'a0', ...ui},
		now: NOW,
		keyboard: true,
		time: iso => iso.slice(11, 19),
		markdown: () => undefined,
	});
}

const lines = (m: ScreenModel) => renderToString(<Screen model={m} />, {columns: 80}).split('\n');

describe('Screen', () => {
	for (const [name, ui] of [
		['the list', {}],
		['the timeline', {timeline: true}],
	] as const) {
		it(`draws ${name} whole when it fits, and cuts it to the body's height when it does not`, () => {
			const whole = model(ui);
			const drawn = lines(whole);
			const footer = drawn.findIndex(line => line.includes('q quit'));
			expect(footer).toBeGreaterThan(whole.bodyHeight);
			for (const id of ['worker-0', 'worker-5']) {
				expect(drawn.some(line => line.includes(id))).toBe(true);
			}
			// The same rows in a body two lines high: two lines of it, then the footer.
			const cut = lines({...whole, bodyHeight: 2});
			const footerAt = cut.findIndex(line => line.includes('q quit'));
			expect(footerAt).toBe(cut.length - 1);
			expect(cut.length).toBeLessThan(drawn.length);
			// The header, two lines of body, the footer: nothing of the rows below shows through.
			expect(cut).toHaveLength(4);
		});
	}
});
