// One span and one exporter configuration for the OTLP tests that need some span and some
// collector, not particular ones: the encoders' tests, the exporter's network bounds, its retries.
import type {OtlpConfig} from '../../src/core/otlp/config.js';
import type {Span} from '../../src/core/otlp/span.js';

export const TEST_TRACE_ID = '5e6711e5241a462a8d155122611a9569';
export const TEST_SPAN_ID = '0123456789abcdef';

/** An agent's span with no attributes or events, ended OK; `overrides` replace its fields. */
export function testSpan(overrides: Partial<Span> = {}): Span {
	return {
		traceId: TEST_TRACE_ID,
		spanId: TEST_SPAN_ID,
		name: 'invoke_agent Explore',
		kind: 1,
		startNs: 1_000_000n,
		endNs: 2_000_000n,
		attributes: [],
		events: [],
		droppedEvents: 0,
		status: {code: 0},
		...overrides,
	};
}

/** `--otlp <endpoint>` over http/protobuf, not gzipped, with no headers or resource. */
export function testOtlpConfig(endpoint: string, timeoutMs = 5000): OtlpConfig {
	return {endpoint, endpointFrom: '--otlp', headers: {}, protocol: 'http/protobuf', gzip: false, timeoutMs, resource: []};
}
