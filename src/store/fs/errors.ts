import {unlinkSync} from 'node:fs';

// The code of a Node file-system error (`ENOENT`, `EEXIST`…), or undefined for anything else.
export function codeOf(error: unknown): string | undefined {
	return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Removes a file; one that is already gone is fine. */
export function removeFile(file: string): void {
	try {
		unlinkSync(file);
	} catch (error) {
		if (codeOf(error) !== 'ENOENT') {
			throw error;
		}
	}
}
