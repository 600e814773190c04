import {useLayoutEffect, useMemo, useRef} from 'react';
import type {Action} from '../model/keymap.js';
import type {SessionChoice} from '../model/session-picker.js';
import type {UiModel} from '../model/ui-state.js';

export interface OutsideState {
	/** The sessions the picker lists, while it is open. */
	readonly choices: readonly SessionChoice[] | undefined;
	readonly notice: string | undefined;
}

export interface OutsideHandlers {
	readonly setNotice: (notice: string | undefined) => void;
	/** Switch the session watched (undefined: follow the newest). */
	readonly choose: ((sessionId: string | undefined) => void) | undefined;
	/** Switch tmux to the pane of the agent's session; says what it did. */
	readonly jump: ((agentId: string) => string) | undefined;
}

/** What a key does outside the screen: switch the session (the picker's Enter and f), switch tmux's pane (p). */
function act(now: OutsideState, ui: Pick<UiModel, 'pickerIndex' | 'selectedId'>, action: Action, {setNotice, choose, jump}: OutsideHandlers): void {
	if (now.notice !== undefined) {
		setNotice(undefined);
	}
	switch (action.type) {
		case 'session-pick': {
			const chosen = now.choices?.[ui.pickerIndex];
			if (chosen !== undefined) {
				choose?.(chosen.id);
			}
			break;
		}
		case 'session-follow':
			choose?.(undefined);
			break;
		case 'sessions-open':
			if (choose === undefined) {
				setNotice('s: no session picker here (watch has one)');
			}
			break;
		case 'jump':
			if (ui.selectedId === undefined || ui.selectedId.includes(':')) {
				setNotice('p: select an agent first');
			} else {
				setNotice(jump === undefined ? 'p: no tmux jump here (watch has it)' : jump(ui.selectedId));
			}
			break;
		default:
			break;
	}
}

/**
 * The handler of the keys that act outside the screen, reading the latest render's state. Its own
 * scope on purpose: a memoised closure made in App would keep that render's agents alive.
 */
export function useOutsideActions(state: OutsideState, handlers: OutsideHandlers): (action: Action, ui: UiModel) => void {
	const latest = useRef(state);
	useLayoutEffect(() => {
		latest.current = state;
	}, [state]);
	const {setNotice, choose, jump} = handlers;
	return useMemo(() => (action: Action, ui: UiModel) => act(latest.current, ui, action, {setNotice, choose, jump}), [setNotice, choose, jump]);
}
