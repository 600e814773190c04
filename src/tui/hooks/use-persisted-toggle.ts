import {useEffect, useRef} from 'react';

/**
 * Tells `onChange` when a toggle of the UI state (the collapsed strip, the bell) changes from what
 * it was, so its caller can remember it across runs. Not on the first render: the value came from
 * there.
 */
export function usePersistedToggle(value: boolean, onChange: ((value: boolean) => void) | undefined): void {
	const last = useRef(value);
	useEffect(() => {
		if (value !== last.current) {
			last.current = value;
			onChange?.(value);
		}
	}, [value, onChange]);
}
