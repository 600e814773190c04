// The last message rendered as terminal Markdown, once per (message, width). marked-terminal costs
// ~200 ms to import, so it is loaded the first time a detail pane opens. A long message is rendered
// piece by piece (core/markdown-pieces), yielding to the event loop between pieces so keys are
// answered; what is rendered so far is shown. Only the messages asked for lately are kept.
import {displayEnd, FIRST_PIECE, nextPiece, piecesLeft, type PieceCursor} from '../model/markdown-pieces.js';
import type {RenderedMessage} from '../model/screen-model.js';
import {visibleLinks} from './markdown-links.js';
import {listItemsInline} from './markdown-list.js';
import chalk from 'chalk';

type Render = (text: string, width: number) => string;

let loading: Promise<Render> | undefined;
/** The renderer once loaded: a detail pane opened after that shows its Markdown in its first frame. */
let ready: Render | undefined;

function loadOnce(): Promise<Render> {
	loading ??= load().then(render => (ready = render));
	return loading;
}

/**
 * Loads the renderer in the background (watch calls it once its first frame is drawn), so that
 * opening a detail pane never shows the raw Markdown while marked-terminal (~200 ms) loads.
 */
export function preloadMarkdown(): void {
	loadOnce().catch(() => {
		// A renderer that cannot load: each piece is shown as plain text (renderPiece).
	});
}

/**
 * List items as they are: marked-terminal's default wraps each in a colour reset, whose escape
 * code then hides a nested list's indentation from its own re-indenting (with colours on, a third
 * level was drawn as a second, after a stray line).
 */
const keep = (text: string): string => text;

async function load(): Promise<Render> {
	const [{Marked}, {markedTerminal, setColorLevel}] = await Promise.all([import('marked'), import('./terminal-renderer.js')]);
	setColorLevel(chalk.level);
	const instances = new Map<number, InstanceType<typeof Marked<string, string>>>();
	return (text, width) => {
		let marked = instances.get(width);
		if (!marked) {
			// A Marked instance per width; the global `marked` is never changed. List items get their
			// inline Markdown rendered (markdown-list.ts), links show their address (markdown-links.ts);
			// marked-terminal renders the rest.
			marked = new Marked<string, string>(markedTerminal({width, reflowText: true, tab: 2, listitem: keep}), listItemsInline(), visibleLinks());
			instances.set(width, marked);
		}
		return quietly(() => marked.parse(text, {async: false}));
	};
}

const CONSOLE_METHODS = ['error', 'warn', 'log', 'info', 'debug', 'trace'] as const;

/**
 * `render()` with the console silenced: while the TUI runs only Ink may write to the terminal,
 * and highlight.js (under marked-terminal) writes a warning with console.error for a fence in a
 * language it does not know (```mermaid), which landed between two frames. The call is
 * synchronous: nothing else runs while the console is silent.
 */
function quietly<T>(render: () => T): T {
	const terminal = globalThis.console as unknown as Record<(typeof CONSOLE_METHODS)[number], unknown>;
	const saved = CONSOLE_METHODS.map(name => [name, terminal[name]] as const);
	for (const name of CONSOLE_METHODS) {
		terminal[name] = () => undefined;
	}
	try {
		return render();
	} finally {
		for (const [name, method] of saved) {
			terminal[name] = method;
		}
	}
}

/** Lines of one rendered piece; a renderer failure falls back to the plain text (never throws). */
function renderPiece(render: Render | undefined, source: string, width: number): string[] {
	if (render) {
		try {
			return render(source, width).replace(/\s+$/u, '').split('\n');
		} catch {
			// Shown as it is below.
		}
	}
	return source.replace(/\s+$/u, '').split('\n');
}

interface Job {
	/** The message itself: compared by identity first (a record's text is never copied). */
	text: string;
	readonly width: number;
	readonly end: number;
	readonly cut: boolean;
	lines: string[];
	done: number;
	cursor: PieceCursor | undefined;
	view: RenderedMessage;
	readonly listeners: Set<() => void>;
	running: boolean;
	/** When the listeners were last told of progress (ms). */
	toldAt: number;
}

const PROGRESS_MS = 150;

/** A few (message, width) pairs: the one shown, and the last ones before it. */
const MAX_JOBS = 4;
let jobs: Job[] = [];

function find(text: string, width: number): Job | undefined {
	for (const job of jobs) {
		if (job.width === width && job.text === text) {
			// An equal copy (the record was read again): keep the newer string, so the older can go.
			job.text = text;
			return job;
		}
	}
	return undefined;
}

function viewOf(job: Job): RenderedMessage {
	const left = job.cursor === undefined ? 0 : piecesLeft(job.cursor, job.end);
	return {lines: job.lines, done: job.done, pieces: job.done + left, cutAt: job.cut ? job.end : undefined};
}

/**
 * What is rendered of `text` at `width` so far; undefined before anything is. Once the renderer
 * is loaded, the first piece of a message not asked for before is rendered here and now, so the
 * frame that opens a detail pane already shows it rendered (watchMarkdown renders the rest).
 */
export function renderedMarkdown(text: string, width: number): RenderedMessage | undefined {
	const job = find(text, width) ?? (ready === undefined ? undefined : firstPiece(newJob(text, width), ready));
	return job && job.done > 0 ? job.view : undefined;
}

const yieldToEvents = () => new Promise<void>(resolve => setImmediate(resolve));

function newJob(text: string, width: number): Job {
	const {end, cut} = displayEnd(text);
	const job: Job = {
		text,
		width,
		end,
		cut,
		lines: [],
		done: 0,
		cursor: FIRST_PIECE,
		view: {lines: [], done: 0, pieces: 0, cutAt: undefined},
		listeners: new Set(),
		running: false,
		toldAt: 0,
	};
	job.view = viewOf(job);
	jobs = [job, ...jobs].slice(0, MAX_JOBS);
	return job;
}

/** Renders the next piece of `job`, if any is left; true when one was. */
function step(job: Job, render: Render | undefined): boolean {
	const piece = job.cursor === undefined ? undefined : nextPiece(job.text, job.cursor, job.end);
	if (piece === undefined) {
		job.cursor = undefined;
		return false;
	}
	const lines = renderPiece(render, piece.source, job.width);
	// Pieces end at paragraph ends: a blank line between them, as between paragraphs.
	job.lines = job.done === 0 ? lines : [...job.lines, '', ...lines];
	job.done += 1;
	job.cursor = piece.next.at >= job.end ? undefined : piece.next;
	job.view = viewOf(job);
	return true;
}

function firstPiece(job: Job, render: Render): Job {
	step(job, render);
	return job;
}

async function run(job: Job): Promise<void> {
	job.running = true;
	let render: Render | undefined;
	try {
		render = await loadOnce();
	} catch {
		render = undefined;
	}
	while (job.cursor !== undefined && job.listeners.size > 0 && jobs.includes(job)) {
		if (!step(job, render)) {
			break;
		}
		// The screen is told of progress a few times a second, not after every piece: each frame
		// drawn is time keys wait for.
		const now = Date.now();
		if (job.cursor === undefined || job.done === 1 || now - job.toldAt >= PROGRESS_MS) {
			job.toldAt = now;
			for (const listener of job.listeners) {
				listener();
			}
		}
		if (job.cursor !== undefined) {
			await yieldToEvents();
		}
	}
	job.running = false;
}

/**
 * Renders `text` at `width` (or goes on rendering it) and calls `onProgress` after each piece;
 * the returned function stops listening (rendering pauses when nobody listens).
 */
export function watchMarkdown(text: string, width: number, onProgress: () => void): () => void {
	const job = find(text, width) ?? newJob(text, width);
	const listener = () => onProgress();
	job.listeners.add(listener);
	if (!job.running && job.cursor !== undefined) {
		void run(job);
	}
	const current = job;
	return () => {
		current.listeners.delete(listener);
	};
}

/** Forgets every rendering but those of `text` (the message shown), so the memory can be freed. */
export function keepOnlyMarkdown(text: string | undefined): void {
	jobs = jobs.filter(job => text !== undefined && job.text === text);
}

/** Renders `text` at `width` to the end (tests, snapshots). */
export async function renderMarkdown(text: string, width: number): Promise<readonly string[]> {
	const ready = find(text, width);
	if (ready && ready.cursor === undefined) {
		return ready.lines;
	}
	await new Promise<void>(resolve => {
		const stop = watchMarkdown(text, width, () => {
			const job = find(text, width);
			if (job?.cursor === undefined) {
				stop();
				resolve();
			}
		});
	});
	return find(text, width)?.lines ?? [];
}
