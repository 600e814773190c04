// The one key handler: keys become actions for the reducer, several typed at once each read in
// the focus the ones before left, replay's keys to the replay, q to quit; none while inactive.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import type {Action} from '../../../src/tui/model/keymap.js';
import {initialUiModel, type UiEvent} from '../../../src/tui/model/ui-state.js';
import {useAppKeys} from '../../../src/tui/hooks/use-app-keys.js';
import {tick} from '../../helpers/fake-source.js';

const context = {ids: ['a1', 'a2', 'a3'], page: 10, detailLines: 0};

function Keys(props: {
	readonly dispatch: (event: UiEvent) => void;
	readonly active?: boolean;
	readonly mode?: 'live' | 'replay';
	readonly onReplay?: (op: Extract<Action, {type: 'replay'}>['op']) => void;
	readonly onAction?: (action: Action) => undefined;
}) {
	useAppKeys(props.dispatch, initialUiModel(), context, props.active ?? true, props.mode ?? 'live', props.onReplay, props.onAction);
	return <Text>keys</Text>;
}

const actions = (dispatch: ReturnType<typeof vi.fn>) => dispatch.mock.calls.map(([event]) => (event as Extract<UiEvent, {type: 'key'}>).action);

describe('useAppKeys', () => {
	it('turns keys into actions for the reducer, with the context', async () => {
		const dispatch = vi.fn();
		const onAction = vi.fn(() => undefined);
		const {stdin} = render(<Keys dispatch={dispatch} onAction={onAction} />);
		await tick();
		stdin.write('j');
		await tick();
		stdin.write('k');
		await tick();
		expect(actions(dispatch)).toEqual([
			{type: 'move', by: 1},
			{type: 'move', by: -1},
		]);
		expect(dispatch.mock.calls[0]?.[0]).toMatchObject({type: 'key', context});
		expect(onAction).toHaveBeenCalledTimes(2);
	});

	it('keys typed together are each taken in turn: / opens the line, the next letters are typed in it', async () => {
		const dispatch = vi.fn();
		const {stdin} = render(<Keys dispatch={dispatch} />);
		await tick();
		stdin.write('/jq');
		await tick();
		const got = actions(dispatch);
		expect(got[0]?.type).not.toBe('move');
		// In the `/` line j and q are letters, never a move or quit.
		expect(got.some(a => a.type === 'move' || a.type === 'quit')).toBe(false);
		expect(got.length).toBe(3);
	});

	it('in replay, Space goes to the replay, not the reducer', async () => {
		const dispatch = vi.fn();
		const onReplay = vi.fn();
		const {stdin} = render(<Keys dispatch={dispatch} mode="replay" onReplay={onReplay} />);
		await tick();
		stdin.write(' ');
		stdin.write(']');
		await tick();
		expect(onReplay.mock.calls).toEqual([['toggle'], ['faster']]);
		expect(dispatch).not.toHaveBeenCalled();
	});

	it('q quits: the keys after it are not read; nothing is read while inactive', async () => {
		const quitting = vi.fn();
		const {stdin} = render(<Keys dispatch={quitting} />);
		await tick();
		stdin.write('q');
		await tick();
		stdin.write('j');
		await tick();
		expect(quitting).not.toHaveBeenCalled();
		const dispatch = vi.fn();
		const inactive = render(<Keys dispatch={dispatch} active={false} />);
		await tick();
		inactive.stdin.write('j');
		await tick();
		expect(dispatch).not.toHaveBeenCalled();
	});
});
