// The `agent-<id>.meta.json` sidecar beside a subagent transcript (docs/claude-code-hooks.md#subagent-transcripts:
// third-party observations, not documented). Every key is optional; a value of the wrong type is
// dropped, strings are made safe for a terminal here, where they enter. Pure.
import {isObject} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import type {AgentMeta} from './agent-activity.js';

const STRING_KEYS = [
	'agentType',
	'description',
	'toolUseId',
	'parentAgentId',
	'requestShape',
	'model',
	'name',
	'taskKind',
	'teamName',
	'color',
	'permissionMode',
	'workflowPhase',
	'spawnedAgentType',
] as const;
const BOOLEAN_KEYS = ['requestNonInteractive', 'planModeRequired', 'isFork', 'inWorkflowRun'] as const;
const NUMBER_KEYS = ['spawnDepth'] as const;

/** A sidecar string is a name or a short description: longer is cut. */
export const META_STRING_MAX = 2000;

/** The known keys of a parsed `.meta.json`, type-checked; undefined when it is not an object. */
export function parseMeta(json: unknown): AgentMeta | undefined {
	if (!isObject(json)) {
		return undefined;
	}
	const meta: Record<string, string | number | boolean> = {};
	for (const key of STRING_KEYS) {
		const value = json[key];
		if (typeof value === 'string') {
			meta[key] = head(safeLine(head(value, META_STRING_MAX)), META_STRING_MAX);
		}
	}
	for (const key of BOOLEAN_KEYS) {
		if (typeof json[key] === 'boolean') {
			meta[key] = json[key];
		}
	}
	for (const key of NUMBER_KEYS) {
		const value = json[key];
		if (typeof value === 'number' && Number.isFinite(value)) {
			meta[key] = value;
		}
	}
	// Qwen Code's sidecar names the model the subagent ran with in `persistedCliFlags.model`
	// (its transcript lines name none), and its depth 0-based in `depth` (docs/qwen.md).
	const flags = isObject(json.persistedCliFlags) ? json.persistedCliFlags : undefined;
	if (meta.model === undefined && typeof flags?.model === 'string') {
		meta.model = head(safeLine(head(flags.model, META_STRING_MAX)), META_STRING_MAX);
	}
	if (meta.spawnDepth === undefined && typeof json.depth === 'number' && Number.isSafeInteger(json.depth) && json.depth >= 0) {
		meta.spawnDepth = json.depth + 1;
	}
	return meta;
}
