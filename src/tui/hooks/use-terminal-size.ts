import {useEffect, useState} from 'react';
import {useStdout} from 'ink';
import {paneSize, type Size} from '../model/layout.js';

/** The pane size, updated on resize; defaults where the stream has no size (a pipe, tests). */
export function useTerminalSize(): Size {
	const {stdout} = useStdout();
	const [size, setSize] = useState(() => paneSize(stdout.columns, stdout.rows));
	useEffect(() => {
		const onResize = () => setSize(paneSize(stdout.columns, stdout.rows));
		stdout.on('resize', onResize);
		onResize();
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size;
}
