// The UI state kept across runs: $XDG_STATE_HOME/agentlog/state.json. A missing or corrupt file
// means defaults; a failed write is ignored (it only costs remembering the collapsed state).
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {readRegularText} from './fs/safe-file.js';
import {writeAtomic} from './fs/atomic-write.js';

/** The state file is a few bytes; anything larger is not ours. */
const MAX_STATE_BYTES = 64 * 1024;

export interface UiState {
	readonly collapsed: boolean;
	/** Ring the terminal bell when an agent starts waiting or finishes (`--bell`, the `b` key). */
	readonly bell: boolean;
}

export const DEFAULT_UI_STATE: UiState = {collapsed: false, bell: false};

/** Reads the state; only a regular file is opened (a FIFO there would block `open`). */
export function loadUiState(file: string): UiState {
	const read = readRegularText(file, {maxBytes: MAX_STATE_BYTES, followSymlinks: true});
	if (!read.ok) {
		return DEFAULT_UI_STATE;
	}
	try {
		const json = JSON.parse(read.text) as {collapsed?: unknown; bell?: unknown};
		return {collapsed: json.collapsed === true, bell: json.bell === true};
	} catch {
		return DEFAULT_UI_STATE;
	}
}

export function saveUiState(file: string, state: UiState): void {
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		writeAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
	} catch {
		// Best effort.
	}
}
