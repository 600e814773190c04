// Preloaded into the CLI by bench/first-frame.mjs (`node -r`): when the first write holding
// $AGENTLOG_PROBE_TEXT reaches stdout, appends "<ms since the process started> <CPU ms>" to
// $AGENTLOG_PROBE_OUT. CPU time to the first frame varies less with the machine's load than the
// wall time does.
/* global require */
'use strict';
const {appendFileSync} = require('node:fs');

const out = process.env.AGENTLOG_PROBE_OUT;
const text = process.env.AGENTLOG_PROBE_TEXT;
const write = process.stdout.write.bind(process.stdout);
let seen = out === undefined || text === undefined;
process.stdout.write = (chunk, ...rest) => {
	if (!seen && String(chunk).includes(text)) {
		seen = true;
		const cpu = process.cpuUsage();
		appendFileSync(out, `${performance.now().toFixed(2)} ${((cpu.user + cpu.system) / 1000).toFixed(2)}\n`);
	}
	return write(chunk, ...rest);
};
