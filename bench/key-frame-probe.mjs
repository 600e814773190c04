// Preloaded into the CLI by the key benchmarks (--import): marks the frame each key made. After the
// app reads stdin (a key), the next write that ends a frame (Ink wraps each frame in a terminal's
// synchronized update, ESC[?2026h … ESC[?2026l, when stdout is a terminal) is followed by
// ESC]7777;key=<reads so far>;ms=<ms from the read to that write>BEL, an OSC sequence terminals
// ignore. Ink handles a key at once (it reads the key, the reducer runs and React renders in the
// same call; only Ink's frame throttle may hold the frame back), so the first frame written after
// the read shows the key whatever else changed on the screen, and no frame written before it (a
// clock tick's, which the screen's text could not tell apart) is taken for the key's.
const ESC = '\u001B';
let reads = 0;
let marked = 0;
let readAt = 0;
const read = process.stdin.read;
process.stdin.read = function (...args) {
	const chunk = read.apply(this, args);
	if (chunk !== null && chunk !== undefined) {
		reads++;
		readAt = performance.now();
	}
	return chunk;
};
const write = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
	const written = write.call(this, chunk, ...rest);
	if (marked < reads && typeof chunk === 'string' && chunk.endsWith(`${ESC}[?2026l`)) {
		marked = reads;
		write.call(this, `${ESC}]7777;key=${reads};ms=${(performance.now() - readAt).toFixed(2)}\u0007`);
	}
	return written;
};
