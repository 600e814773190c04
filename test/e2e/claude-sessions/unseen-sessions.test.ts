// Sessions agentlog was not written against: real Claude Code runs that mix what the other
// fixtures test alone (a named agent resumed by name while a workflow runs with a refused agent,
// depth-3 nesting beside a workflow, five parallel agents with hostile text and one cut by
// SIGINT; a named agent cut by Ctrl-C in its second run; SIGKILL while a workflow runs; one of
// them captured with Claude Code 2.1.332). The truth comes from Claude Code's own
// files only — each agent's transcript (responses once by message id, its tool calls, its time
// span, each task it was handed), its `.meta.json`, the workflow run file — never from the hook,
// the manifest's sums or agentlog. Every agent must then be the same in `ls --json`, `history
// --json`, `export`, `report --json`, the OTLP spans sent to a loopback collector and the
// `watch` snapshot: figures, name, parent, workflow, status, start and stop, place in the tree.
import {describe, it} from 'vitest';
import {expectEveryViewTrue} from '../../helpers/claude-truth.js';

const MIXED = ['mixed', 'mixed-2.1.332', 'deepflow', 'hostile', 'resume-cut', 'workflow-kill'];

describe('real sessions agentlog was not written against: every view is Claude Code’s truth', () => {
	it.each(MIXED)('%s', name => expectEveryViewTrue(name));
});
