// What `watch` and `watch --host` draw alike: one plain frame for a pipe, and the live App with the
// UI state it remembers (collapse, bell) and the terminal bell.
import {renderToString} from 'ink';
import {formatLocalTime} from '../../core/text/format.js';
import {buildScreen, type ScreenInput} from '../../tui/model/screen-model.js';
import {initialUiModel} from '../../tui/model/ui-state.js';
import {listView} from '../../tui/model/list-view.js';
import {App, type AppProps} from '../../tui/App.js';
import {Screen} from '../../tui/components/Screen.js';
import {loadUiState, saveUiState} from '../../store/state-file.js';
import {env} from '../../app/env.js';
import type {WatchOptions} from '../shared/command-options.js';

/** One plain frame (no keys, no colours beyond the glyphs' own) of a screen at `input.now`, with `--filter`'s agents. */
export function plainFrame(
	input: Omit<ScreenInput, 'ui' | 'keyboard' | 'snapshot' | 'time' | 'markdown' | 'filter'>,
	columns: number,
	options: WatchOptions,
): string {
	const shown = listView(input.view, {filter: options.filter?.text ?? '', editing: false, sort: 'started'});
	const model = buildScreen({
		...input,
		view: shown.view,
		...(shown.filter === undefined ? {} : {filter: shown.filter}),
		ui: initialUiModel(),
		keyboard: false,
		snapshot: true,
		time: iso => formatLocalTime(iso, input.now),
		markdown: () => undefined,
	});
	return `${renderToString(<Screen model={model} />, {columns}).replace(/\s+$/u, '')}\n`;
}

type Sources = Pick<AppProps, 'source' | 'transcripts' | 'workflows'>;
/** What only a local watch has: the hook's own notifications, the session picker, the tmux jump. */
type LocalOnly = Pick<AppProps, 'hookNotifies' | 'sessions' | 'jump' | 'stop'>;

/** The live App, its collapse and bell remembered in the state file as `watch` does, starting with `--filter`. */
export function monitorApp(
	options: WatchOptions,
	local: LocalOnly = {},
): {readonly element: (sources: Sources, note?: string, more?: LocalOnly) => React.JSX.Element} {
	const state = env().stateFile;
	const saved = loadUiState(state);
	const keyboard = Boolean(process.stdin.isTTY);
	return {
		element: (sources, note, more = {}) => (
			<App
				{...sources}
				{...local}
				{...more}
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
				{...(options.filter === undefined ? {} : {initialFilter: options.filter.text})}
			/>
		),
	};
}
