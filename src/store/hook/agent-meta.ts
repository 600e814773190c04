// What the hook takes from an agent's `.meta.json` (docs/claude-code-hooks.md#nesting): the agent that
// launched it and how deep it runs, known from its start, before any PostToolUse of its parent
// (which never comes for an agent cut off); and a teammate's name and real type. Node built-ins only: the hook bundles this.
import {parseMeta} from '../../core/transcript/meta.js';
import type {Lineage} from '../../core/hook/hook-event.js';
import {readRegularText} from '../fs/safe-file.js';

/** A `.meta.json` is a few hundred bytes; a bigger one is not Claude Code's. */
const MAX_META_BYTES = 64 * 1024;

/** `agent-<id>.jsonl` → `agent-<id>.meta.json`, beside it. */
export function metaFileOf(transcriptPath: string): string | undefined {
	return transcriptPath.endsWith('.jsonl') ? `${transcriptPath.slice(0, -'.jsonl'.length)}.meta.json` : undefined;
}

/** The lineage `.meta.json` beside the transcript gives; undefined when there is none (yet), or it cannot be read. */
export function readLineage(transcriptPath: string | undefined): Lineage | undefined {
	const file = transcriptPath === undefined ? undefined : metaFileOf(transcriptPath);
	if (file === undefined) {
		return undefined;
	}
	const read = readRegularText(file, {maxBytes: MAX_META_BYTES});
	if (!read.ok) {
		return undefined;
	}
	let json: unknown;
	try {
		json = JSON.parse(read.text);
	} catch {
		return undefined;
	}
	const meta = parseMeta(json);
	if (meta === undefined) {
		return undefined;
	}
	return {
		...(meta.parentAgentId === undefined ? {} : {parentAgentId: meta.parentAgentId}),
		...(meta.spawnDepth === undefined ? {} : {spawnDepth: meta.spawnDepth}),
		...(meta.name === undefined ? {} : {name: meta.name}),
		...(meta.spawnedAgentType === undefined ? {} : {spawnedAgentType: meta.spawnedAgentType}),
	};
}
