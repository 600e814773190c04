// Writing a settings file that another program may be writing at the same moment (Claude Code
// rewrites settings.json itself). Each try: read, work out the new text, stage it in a temp file,
// note the file's stamp (inode, size, times) and compare its bytes with what was read (changed:
// throw the temp away and start over on the new content); then whatever else goes first (the hook
// files, the backup), then the stamp once more right before the rename (changed: start over), the
// rename, and a read once more (changed: the other program wrote after us; start over on what it
// wrote, unless it kept agentlog's change). After MAX_TRIES the command stops and leaves the file
// as the other program wrote it.
//
// What remains: a write by the other program between the last stat and the rename (two system
// calls) can still be replaced; no lock-free rename can close that gap. `npm run bench
// settings-race` measures how often it happens.
import {CliError} from '../../core/user-error.js';
import {
	fileStamp,
	readIfExists,
	readSettingsFile,
	sameStamp,
	type Staging,
	stageSettings,
	unchangedSince,
	type SettingsFile,
} from '../../store/settings/hook-files.js';

export const MAX_TRIES = 8;

/** How long after its rename agentlog looks again for a write by a program that read before it. */
export const SETTLE_MS = 50;

/**
 * Where a test can play the other program: after a read was merged, after its bytes were compared
 * again and what goes before the rename was done (just before the last look), and right after the rename.
 */
export type SettingsStep = 'merged' | 'checked' | 'renamed';

export interface SettingsWriteOptions {
	readonly first: SettingsFile;
	/** The new text for a file's content; undefined when it needs no change. Throws when unusable. */
	readonly compute: (file: SettingsFile) => string | undefined;
	readonly staging: Staging;
	/** The program that writes this file itself, named when it keeps changing (default Claude Code). */
	readonly owner?: string;
	/** Runs once, just before the first rename of the settings file (the hook files go first). */
	readonly beforeRename?: () => void;
	readonly onStep?: ((step: SettingsStep, file: string) => void) | undefined;
	readonly maxTries?: number;
	readonly settleMs?: number;
	readonly sleep?: (ms: number) => void;
	/** Keep no backup of the file as it was (it holds only what agentlog wrote into a file it created). */
	readonly noBackup?: boolean;
}

export interface SettingsWriteResult {
	/** The content the final decision was made on. */
	readonly file: SettingsFile;
	/** What agentlog wrote last; undefined when nothing needed writing. */
	readonly written: string | undefined;
	readonly tries: number;
	/** `backed up the original settings to …` lines. */
	readonly notes: string;
}

function sleepSync(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function raced(file: SettingsFile, tries: number, owner: string): CliError {
	return new CliError(
		`${file.target} kept changing while agentlog was writing it (${tries} tries; is ${owner} writing it?). agentlog's change is not in it: the file is as the other program last wrote it. Run the command again when it is quiet.`,
	);
}

export function writeSettings(options: SettingsWriteOptions): SettingsWriteResult {
	const maxTries = options.maxTries ?? MAX_TRIES;
	const sleep = options.sleep ?? sleepSync;
	const pause = (tries: number): void => sleep(5 * tries + Math.floor(Math.random() * 10));
	let file = options.first;
	let renamedOnce = false;
	let notes = '';
	let written: string | undefined;
	for (let tries = 1; ; tries++) {
		let text: string | undefined;
		try {
			text = options.compute(file);
		} catch (error) {
			// Unusable content that then changes was caught mid-write (a program that does not
			// write atomically): try again. Unusable content that stays is the user's to fix.
			if (tries >= maxTries) {
				throw error;
			}
			pause(tries);
			const again = readSettingsFile(file.path);
			if (again.bytes === undefined || file.bytes === undefined ? again.bytes === file.bytes : again.bytes.equals(file.bytes)) {
				throw error;
			}
			file = again;
			continue;
		}
		if (text === undefined) {
			return {file, written, tries, notes};
		}
		options.onStep?.('merged', file.target);
		const {staged, backUp, commit} = stageSettings(options.staging, file, text, !options.noBackup);
		const stamp = fileStamp(file.target);
		let unchanged = unchangedSince(file);
		if (unchanged) {
			// The slow steps before the rename go before the last look, not between it and the rename.
			if (!renamedOnce) {
				options.beforeRename?.();
				renamedOnce = true;
			}
			notes += backUp();
			options.onStep?.('checked', file.target);
			unchanged = sameStamp(stamp, fileStamp(file.target));
		}
		if (!unchanged) {
			options.staging.discard(staged);
			if (tries >= maxTries) {
				throw raced(file, tries, options.owner ?? 'Claude Code');
			}
			pause(tries);
			file = readSettingsFile(file.path);
			continue;
		}
		commit();
		written = text;
		options.onStep?.('renamed', file.target);
		sleep(options.settleMs ?? SETTLE_MS);
		if (readIfExists(file.target)?.toString('utf8') === text) {
			return {file, written, tries, notes};
		}
		// The other program wrote after the rename: its content stands; merge again into it.
		if (tries >= maxTries) {
			throw raced(file, tries, options.owner ?? 'Claude Code');
		}
		pause(tries);
		file = readSettingsFile(file.path);
	}
}
