import {useLayoutEffect, useMemo, useRef} from 'react';
import type {Action} from '../model/keymap.js';
import type {SessionChoice} from '../model/session-picker.js';
import type {UiContext, UiModel} from '../model/ui-state.js';

export interface OutsideState {
	/** The sessions the picker lists, while it is open. */
	readonly choices: readonly SessionChoice[] | undefined;
	readonly notice: string | undefined;
}

export interface OutsideHandlers {
	readonly setNotice: (notice: string | undefined) => void;
	/** Switch the session watched (undefined: follow the newest). */
	readonly choose: ((sessionId: string | undefined) => void) | undefined;
	/** Read the sessions the picker lists, as it opens (also kept for the screen). */
	readonly open: (() => readonly SessionChoice[]) | undefined;
	/** Switch tmux to the pane of the agent's session; says what it did. */
	readonly jump: ((agentId: string) => string) | undefined;
	/** x: the question to ask for the selected row (an agent or a run's row), or why nothing can be stopped. */
	readonly stopAsk?: ((selectedId: string) => {readonly question: string} | {readonly notice: string}) | undefined;
	/** The answer to x's question: what was done. */
	readonly stopAnswer?: ((yes: boolean) => string) | undefined;
}

/**
 * What a key does outside the screen: read the picker's sessions (s), switch the session (the
 * picker's Enter and f), switch tmux's pane (p). The sessions read on s are what the next keys see,
 * returned with the count the reducer moves the picker's line within.
 */
function act(
	now: OutsideState,
	ui: Pick<UiModel, 'focus' | 'pickerIndex' | 'selectedId'>,
	action: Action,
	{setNotice, choose, open, jump, stopAsk, stopAnswer}: OutsideHandlers,
): {readonly choices?: readonly SessionChoice[]; readonly context: Partial<UiContext>} | undefined {
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
			if (choose === undefined || open === undefined) {
				setNotice('s: no session picker here (watch has one)');
			} else if (ui.focus === 'list') {
				const choices = open();
				return {choices, context: {sessions: choices.length}};
			}
			break;
		case 'stop-ask': {
			if (ui.focus !== 'list' && ui.focus !== 'detail') {
				break;
			}
			const asked =
				ui.selectedId === undefined
					? {notice: 'x: select an agent first'}
					: stopAsk === undefined
						? {notice: 'x: nothing can be stopped here (watch can)'}
						: stopAsk(ui.selectedId);
			setNotice('question' in asked ? asked.question : asked.notice);
			return {context: {stopAsked: 'question' in asked}};
		}
		case 'stop-answer':
			if (ui.focus === 'confirm') {
				setNotice(stopAnswer?.(action.yes) ?? undefined);
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
	return undefined;
}

/**
 * The handler of the keys that act outside the screen, reading the latest render's state. Its own
 * scope on purpose: a memoised closure made in App would keep that render's agents alive.
 */
export function useOutsideActions(state: OutsideState, handlers: OutsideHandlers): (action: Action, ui: UiModel) => Partial<UiContext> | undefined {
	const latest = useRef(state);
	useLayoutEffect(() => {
		latest.current = state;
	}, [state]);
	const {setNotice, choose, open, jump, stopAsk, stopAnswer} = handlers;
	return useMemo(
		() => (action: Action, ui: UiModel) => {
			const opened = act(latest.current, ui, action, {setNotice, choose, open, jump, stopAsk, stopAnswer});
			if (opened === undefined) {
				return undefined;
			}
			if (opened.choices !== undefined) {
				// Keys that came in the same read as s (s and Enter from tmux send-keys) see the list before it is drawn.
				latest.current = {...latest.current, choices: opened.choices};
			}
			return opened.context;
		},
		[setNotice, choose, open, jump, stopAsk, stopAnswer],
	);
}
