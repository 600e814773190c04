// A UI toggle remembered across runs: its caller is told when it changes, never on the first
// render (the value came from what was remembered).
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import {usePersistedToggle} from '../../../src/tui/hooks/use-persisted-toggle.js';

function Toggle({value, onChange}: {readonly value: boolean; readonly onChange: ((value: boolean) => void) | undefined}) {
	usePersistedToggle(value, onChange);
	return <Text>{String(value)}</Text>;
}

describe('usePersistedToggle', () => {
	it('tells each change, not the first value nor a render that changed nothing', () => {
		const onChange = vi.fn();
		const {rerender} = render(<Toggle value={true} onChange={onChange} />);
		expect(onChange).not.toHaveBeenCalled();
		rerender(<Toggle value={true} onChange={onChange} />);
		expect(onChange).not.toHaveBeenCalled();
		rerender(<Toggle value={false} onChange={onChange} />);
		expect(onChange).toHaveBeenLastCalledWith(false);
		rerender(<Toggle value={true} onChange={onChange} />);
		expect(onChange).toHaveBeenLastCalledWith(true);
		expect(onChange).toHaveBeenCalledTimes(2);
	});

	it('no listener: a change is kept all the same, and told to one given later', () => {
		const onChange = vi.fn();
		const {rerender} = render(<Toggle value={false} onChange={undefined} />);
		rerender(<Toggle value={true} onChange={undefined} />);
		rerender(<Toggle value={true} onChange={onChange} />);
		expect(onChange).not.toHaveBeenCalled();
		rerender(<Toggle value={false} onChange={onChange} />);
		expect(onChange).toHaveBeenCalledWith(false);
	});
});
