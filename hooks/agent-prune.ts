// agent-prune: the history's retention pass (docs/design.md#retention), bundled apart from agent-spy so that
// the hook loads it only on the one run a day that prunes; every other run pays one lstat.
export {runDailyPrune} from '../src/store/history/prune.js';
