// What `watch` and `watch --host` draw alike: one plain frame for a pipe, and the live App with the
// UI state it remembers (collapse, bell) and the terminal bell.
import {renderToString} from 'ink';
import {formatLocalTime} from '../../core/text/format.js';
import {buildScreen, type ScreenInput} from '../../tui/model/screen-model.js';
import {initialUiModel} from '../../tui/model/ui-state.js';
import {App, type AppProps} from '../../tui/App.js';
import {Screen} from '../../tui/components/Screen.js';
import {loadUiState, saveUiState} from '../../store/state-file.js';
import {env} from '../../app/env.js';
import type {WatchOptions} from '../shared/command-options.js';

/** One plain frame (no keys, no colours beyond the glyphs' own) of a screen at `input.now`. */
export function plainFrame(input: Omit<ScreenInput, 'ui' | 'keyboard' | 'snapshot' | 'time' | 'markdown'>, columns: number): string {
	const model = buildScreen({
		...input,
		ui: initialUiModel(),
		keyboard: false,
		snapshot: true,
		time: iso => formatLocalTime(iso, input.now),
		markdown: () => undefined,
	});
	return `${renderToString(<Screen model={model} />, {columns}).replace(/\s+$/u, '')}\n`;
}

/** The live App, its collapse and bell remembered in the state file as `watch` does. */
export function monitorApp(
	sources: Pick<AppProps, 'source' | 'transcripts' | 'workflows' | 'note'>,
	options: WatchOptions,
): {readonly element: (note?: string) => React.JSX.Element} {
	const state = env().stateFile;
	const saved = loadUiState(state);
	const keyboard = Boolean(process.stdin.isTTY);
	return {
		element: note => (
			<App
				{...sources}
				{...(note === undefined ? {} : {note})}
				staleMs={options.stale}
				max={options.max}
				dedup={options.dedup}
				keyboard={keyboard}
				initialCollapsed={saved.collapsed}
				onCollapsedChange={collapsed => saveUiState(state, {...loadUiState(state), collapsed})}
				initialBell={options.bell === true || saved.bell}
				onBellChange={bell => saveUiState(state, {...loadUiState(state), bell})}
				ring={() => void process.stdout.write('\u0007')}
			/>
		),
	};
}
