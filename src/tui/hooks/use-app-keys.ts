import {useLayoutEffect, useRef} from 'react';
import {useApp, useInput} from 'ink';
import {keyToAction, pressesOf, type Action, type Focus, type KeyMode} from '../model/keymap.js';
import type {UiContext, UiEvent} from '../model/ui-state.js';

/**
 * The only useInput. Keys become actions (core/keymap) and go to the reducer; the handler reads
 * focus and page sizes through refs, so fast typing never sees a stale render (Ink 6 re-subscribes
 * the handler after each render). Inactive when stdin is not a terminal (no raw mode to crash on).
 */
export function useAppKeys(
	dispatch: (event: UiEvent) => void,
	focus: Focus,
	context: UiContext,
	isActive: boolean,
	mode: KeyMode = 'live',
	onReplay?: (op: Extract<Action, {type: 'replay'}>['op']) => void,
	/** Sees every other action before the reducer (the session picker's switch, the tmux jump act outside the screen). */
	onAction?: (action: Action) => void,
): void {
	const {exit} = useApp();
	const focusRef = useRef(focus);
	const contextRef = useRef(context);
	// Updated as soon as a render is committed, before Ink hands the next key to the handler.
	useLayoutEffect(() => {
		focusRef.current = focus;
		contextRef.current = context;
	}, [focus, context]);
	useInput(
		(input, key) => {
			// Keys typed faster than a read arrive together ('jj', 'G' and Enter): take each in turn.
			for (const press of pressesOf(input, key)) {
				const action = keyToAction(press.input, press.key, focusRef.current, mode);
				if (action?.type === 'quit') {
					exit();
					return;
				}
				if (action?.type === 'replay') {
					onReplay?.(action.op);
					continue;
				}
				if (action) {
					onAction?.(action);
					dispatch({type: 'key', action, context: contextRef.current});
				}
			}
		},
		{isActive},
	);
}
