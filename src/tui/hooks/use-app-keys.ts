import {useLayoutEffect, useRef} from 'react';
import {useApp, useInput} from 'ink';
import {pressesOf} from '../model/key-presses.js';
import {keyToAction, type Action, type KeyMode} from '../model/keymap.js';
import {uiReducer, type UiContext, type UiEvent, type UiModel} from '../model/ui-state.js';

/**
 * The only useInput. Keys become actions (core/keymap) and go to the reducer; the handler reads
 * focus and page sizes through refs, so fast typing never sees a stale render (Ink 6 re-subscribes
 * the handler after each render). Inactive when stdin is not a terminal (no raw mode to crash on).
 */
export function useAppKeys(
	dispatch: (event: UiEvent) => void,
	ui: UiModel,
	context: UiContext,
	isActive: boolean,
	mode: KeyMode = 'live',
	onReplay?: (op: Extract<Action, {type: 'replay'}>['op']) => void,
	/**
	 * Sees every other action before the reducer, with the screen's state as the key found it (the
	 * session picker's switch, the tmux jump act outside the screen); what it returns is added to the
	 * context the next keys are read in (the picker's length, before its first frame).
	 */
	onAction?: (action: Action, ui: UiModel) => Partial<UiContext> | undefined,
): void {
	const {exit} = useApp();
	const uiRef = useRef(ui);
	const contextRef = useRef(context);
	// Updated as soon as a render is committed, before Ink hands the next key to the handler.
	useLayoutEffect(() => {
		uiRef.current = ui;
		contextRef.current = context;
	}, [ui, context]);
	useInput(
		(input, key) => {
			// Keys typed faster than a read arrive together ('jj', 'G' and Enter, '/' and a word): take
			// each in turn, each read in the focus the ones before it left (the reducer, run here too).
			let model = uiRef.current;
			for (const press of pressesOf(input, key)) {
				const action = keyToAction(press.input, press.key, model.focus, mode);
				if (action?.type === 'quit') {
					exit();
					return;
				}
				if (action?.type === 'replay') {
					onReplay?.(action.op);
					continue;
				}
				if (action) {
					const learned = onAction?.(action, model);
					if (learned !== undefined) {
						contextRef.current = {...contextRef.current, ...learned};
					}
					const event = {type: 'key', action, context: contextRef.current} as const;
					model = uiReducer(model, event);
					dispatch(event);
				}
			}
		},
		{isActive},
	);
}
