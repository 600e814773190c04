// The hook's stdin, read with limits. A blocking read of a pipe whose writer never closes it
// would wait forever, and an async read cannot be abandoned either (the process cannot exit
// while a libuv thread is blocked in read()). So stdin is read non-blocking: on "no data yet"
// (EAGAIN) the thread sleeps a little (Atomics.wait, so no CPU is spent) and tries again, until
// the end of input, a stall (no byte for a while) or the hard deadline (a writer that trickles
// forever). The stall, not a deadline from the process's start, is what gives up in the normal
// case: on a starved machine a hook can get the CPU seconds after it started while its payload
// is still arriving, and a deadline from the start cut such payloads (the event was lost) though
// bytes kept coming. Node built-ins only: the hook bundles this.
import {closeSync, constants, fstatSync, openSync, readSync, type Stats} from 'node:fs';
import type {Socket} from 'node:net';
import {requireBuiltin} from './builtin.js';
import {sleepMs} from './lock.js';
import {codeOf} from '../fs/errors.js';
import {utf8Text} from '../fs/utf8-text.js';

export interface StdinRead {
	/** The first `maxBytes` of stdin, as UTF-8 text. */
	readonly text: string;
	/** Every byte read, including those past `maxBytes` (drained, so the writer never sees a broken pipe). */
	readonly total: number;
	/** True when the input stalled, or the hard deadline came, before its end. */
	readonly timedOut: boolean;
}

export interface StdinLimits {
	/** Bytes kept; the rest is read and dropped. */
	readonly maxBytes: number;
	/** Give up when no byte came for this long (ms), counted from the first read. */
	readonly stallMs: number;
	/** Give up at this time whatever comes (ms since the epoch). */
	readonly deadline: number;
}

/**
 * A descriptor for stdin whose reads never block. fd 0 itself is made non-blocking, as Node does
 * for process.stdin (Node puts the flag back at exit). Touching process.stdin would load the
 * stream machinery (some ms per run), so libuv's pipe handle does it directly (uv_pipe_open
 * works on any descriptor: pipe, socket, FIFO, file, terminal). Without that internal binding:
 * on Linux a pipe, FIFO or terminal is opened again through /proc/self/fd/0 with O_NONBLOCK (a
 * descriptor of our own), and anything else goes through net.Socket, the public way to the same
 * flag, which costs a millisecond or two more.
 */
function nonBlockingStdin(): {readonly fd: number; readonly own: boolean} | undefined {
	try {
		const binding = (process as unknown as {binding(name: string): PipeWrap}).binding('pipe_wrap');
		new binding.Pipe(binding.constants.SOCKET).open(0);
		return {fd: 0, own: false};
	} catch {
		// No such binding in this Node, or fd 0 is not open (then the next steps fail too).
	}
	let st: Stats;
	try {
		st = fstatSync(0);
	} catch {
		return undefined;
	}
	if (st.isFile()) {
		return {fd: 0, own: false};
	}
	if (!st.isSocket() && process.platform === 'linux') {
		try {
			return {fd: openSync('/proc/self/fd/0', constants.O_RDONLY | constants.O_NONBLOCK), own: true};
		} catch {
			// Fall through.
		}
	}
	try {
		// Loaded only here: a static import would cost every run.
		const net = requireBuiltin<{readonly Socket: typeof Socket}>('node:net');
		new net.Socket({fd: 0, readable: false, writable: false});
	} catch {
		// Left blocking: without a writer that closes stdin, this read has no deadline.
	}
	return {fd: 0, own: false};
}

interface PipeWrap {
	readonly Pipe: new (type: number) => {open(fd: number): void};
	readonly constants: {readonly SOCKET: number};
}

/**
 * Reads stdin until its end, a stall of `stallMs` or `deadline`, keeping at most `maxBytes`. The
 * bytes go into one buffer, grown when full, and are decoded once: no copies, slices or concat
 * for the usual payload of one read (each Buffer method costs the hook ~0.05 ms on first use).
 */
export function readStdin({maxBytes, stallMs, deadline}: StdinLimits): StdinRead {
	const input = nonBlockingStdin();
	if (!input) {
		return {text: '', total: 0, timedOut: false};
	}
	let buf = Buffer.allocUnsafe(Math.min(1 << 16, maxBytes));
	let drain: Buffer | undefined;
	let kept = 0;
	let total = 0;
	let pause = 0.25;
	let timedOut = false;
	let lastByteAt = Date.now();
	try {
		for (;;) {
			// Past maxBytes, the rest is read into a scratch buffer and dropped.
			const keeping = kept < maxBytes;
			const into = keeping ? buf : (drain ??= Buffer.allocUnsafe(1 << 16));
			let n: number;
			try {
				n = readSync(input.fd, into, keeping ? kept : 0, keeping ? buf.length - kept : into.length, null);
			} catch (error) {
				const code = codeOf(error);
				if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
					const now = Date.now();
					if (now >= deadline || now - lastByteAt >= stallMs) {
						timedOut = true;
						break;
					}
					sleepMs(pause);
					pause = Math.min(pause * 2, 16);
					continue;
				}
				if (code === 'EOF') {
					break;
				}
				throw error;
			}
			if (n === 0) {
				break;
			}
			pause = 0.25;
			lastByteAt = Date.now();
			total += n;
			if (keeping) {
				kept += n;
				if (kept === buf.length && kept < maxBytes) {
					const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes));
					buf.copy(bigger, 0, 0, kept);
					buf = bigger;
				}
			}
			if (Date.now() >= deadline) {
				// A writer that trickles forever.
				timedOut = true;
				break;
			}
		}
	} finally {
		if (input.own) {
			closeSync(input.fd);
		}
	}
	return {text: utf8Text(buf, 0, kept), total, timedOut};
}
