// The UI state kept across runs: $XDG_STATE_HOME/agentlog/state.json. A missing or corrupt file
// means defaults; a failed write is ignored (it only costs remembering the collapsed state).
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export interface UiState {
	readonly collapsed: boolean;
}

export const DEFAULT_UI_STATE: UiState = {collapsed: false};

export function loadUiState(file: string): UiState {
	try {
		const json = JSON.parse(readFileSync(file, 'utf8')) as {collapsed?: unknown};
		return {collapsed: json.collapsed === true};
	} catch {
		return DEFAULT_UI_STATE;
	}
}

export function saveUiState(file: string, state: UiState): void {
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		const tmp = `${file}.${process.pid}.tmp`;
		writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
		renameSync(tmp, file);
	} catch {
		// Best effort.
	}
}
