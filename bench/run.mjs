// `npm run bench`: prints agentlog's speed figures next to a baseline measured in the same run.
// Figures, not pass/fail tests: machines are noisy. Targets are printed beside each figure.
import {runBigLogBench} from './biglog.mjs';
import {runBigMessageBench} from './big-message.mjs';
import {runClockBench} from './clock.mjs';
import {runCodexBench} from './codex.mjs';
import {runOpencodeBench} from './opencode.mjs';
import {runGeminiBench} from './gemini.mjs';
import {runQwenBench} from './qwen.mjs';
import {runDescriptionBench} from './description.mjs';
import {runFirstFrameBench} from './first-frame.mjs';
import {runGitStateBench} from './git-state.mjs';
import {runHistoryBench} from './history.mjs';
import {runHistoryTranscriptsBench} from './history-transcripts.mjs';
import {runHookBench} from './hook.mjs';
import {runHookEventsBench} from './hook-events.mjs';
import {runStopBench} from './stop.mjs';
import {runIdleBench} from './idle.mjs';
import {runImportBench} from './import.mjs';
import {runLsBench} from './ls.mjs';
import {runOtlpBench} from './otlp.mjs';
import {runPricesBench} from './prices.mjs';
import {runPruneBench} from './prune.mjs';
import {runReplayBench} from './replay.mjs';
import {runRemoteBench} from './remote.mjs';
import {runWaitingBench} from './waiting.mjs';
import {runSessionsBench} from './sessions.mjs';
import {runSettingsRaceBench} from './settings-race.mjs';
import {runStatusBench} from './status.mjs';
import {runThousandBench} from './thousand.mjs';
import {runTranscriptBench} from './transcripts.mjs';
import {runWatchBench} from './watch.mjs';
import {runWorkflowWatchBench} from './workflow-watch.mjs';
import {runReportBench, runTimelineBench} from './timeline.mjs';

const benches = [
	['hook', runHookBench],
	['hook-events', runHookEventsBench],
	['stop', runStopBench],
	['first-frame', runFirstFrameBench],
	['watch', runWatchBench],
	['workflow', runWorkflowWatchBench],
	['timeline', runTimelineBench],
	['report', runReportBench],
	['clock', runClockBench],
	['transcripts', runTranscriptBench],
	['sessions', runSessionsBench],
	['big-message', runBigMessageBench],
	['description', runDescriptionBench],
	['ls', runLsBench],
	['git-state', runGitStateBench],
	['prune', runPruneBench],
	['replay', runReplayBench],
	['remote', runRemoteBench],
	['waiting', runWaitingBench],
	['history', runHistoryBench],
	['history-transcripts', runHistoryTranscriptsBench],
	['import', runImportBench],
	['status', runStatusBench],
	['settings-race', runSettingsRaceBench],
	['otlp', runOtlpBench],
	['codex', runCodexBench],
	['opencode', runOpencodeBench],
	['gemini', runGeminiBench],
	['qwen', runQwenBench],
	['prices', runPricesBench],
	['thousand', runThousandBench],
	['idle', runIdleBench],
	['biglog', runBigLogBench],
];
const only = process.argv.slice(2);
for (const [name, bench] of benches) {
	// biglog writes a 1 GB file and idle takes 10 minutes: only when named (`npm run bench biglog`);
	// report is timeline's last part.
	if ((only.length > 0 || name === 'biglog' || name === 'idle' || name === 'report') && !only.includes(name)) {
		continue;
	}
	const result = await bench();
	process.stdout.write(`${result.lines.join('\n')}\n${result.ok ? '' : '  (over target on this run)\n'}\n`);
}
