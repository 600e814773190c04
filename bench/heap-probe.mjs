// Preloaded into the CLI for the clock bench's diagnostic run only (`node --expose-gc --import
// bench/heap-probe.mjs`), never part of the product: every AGENTLOG_BENCH_HEAP_EVERY ms it appends
// one JSON line to $AGENTLOG_BENCH_HEAP with the RSS and the V8 heap, before and after a full GC,
// and the sizes of the heap spaces (the young generation grows by itself for a while); heap
// snapshots when asked.
import {appendFileSync} from 'node:fs';
import v8 from 'node:v8';

const file = process.env.AGENTLOG_BENCH_HEAP;
const every = Number(process.env.AGENTLOG_BENCH_HEAP_EVERY ?? 10_000);
if (file) {
	const t0 = Date.now();
	const mb = n => Math.round((n / 1024 / 1024) * 100) / 100;
	const sample = () => {
		const before = process.memoryUsage();
		globalThis.gc?.();
		const after = process.memoryUsage();
		const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map(s => [s.space_name, mb(s.space_size)]));
		appendFileSync(
			file,
			`${JSON.stringify({
				t: Date.now() - t0,
				rss: mb(before.rss),
				heapUsed: mb(before.heapUsed),
				heapTotal: mb(before.heapTotal),
				heapUsedAfterGc: mb(after.heapUsed),
				rssAfterGc: mb(after.rss),
				external: mb(after.external),
				spaces,
			})}\n`,
		);
	};
	setInterval(sample, every).unref();
	// AGENTLOG_BENCH_SNAPSHOTS="40,160": heap snapshots at those seconds, next to the log, to diff by constructor.
	for (const at of (process.env.AGENTLOG_BENCH_SNAPSHOTS ?? '').split(',').filter(Boolean)) {
		setTimeout(() => v8.writeHeapSnapshot(`${file}.${at}s.heapsnapshot`), Number(at) * 1000).unref();
	}
	setTimeout(sample, 1000).unref();
}
