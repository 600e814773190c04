// How Ink draws the monitor (watch, watch --host, replay, demo).
import type {RenderOptions} from 'ink';

/**
 * Ink draws at most `maxFps` frames a second: a frame asked for sooner waits for the rest of the
 * interval. At Ink's 30 a key pressed just after a clock tick's frame waited up to 34 ms for its
 * own; at 60 the wait is at most 17 ms, about what drawing the tick's frame takes anyway. A frame
 * costs 10–20 ms on a large screen, so 60 is also about what one core can draw.
 */
export const INK_RENDER_OPTIONS: RenderOptions = {exitOnCtrlC: true, maxFps: 60};
