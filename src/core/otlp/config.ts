// Where and how the OTLP export sends, from `--otlp [url]` and the OpenTelemetry exporter
// environment variables (https://opentelemetry.io/docs/specs/otel/protocol/exporter/), and the
// resource it describes itself with. Pure: the environment and host name are parameters.
import type {Result} from '../result.js';
import {firstPoints} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {str, type Attribute} from './span.js';

export const DEFAULT_TRACES_ENDPOINT = 'http://localhost:4318/v1/traces';
export const DEFAULT_SERVICE_NAME = 'agentlog';
export const DEFAULT_TIMEOUT_MS = 10_000;

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface OtlpConfig {
	/** The URL the requests are POSTed to. */
	readonly endpoint: string;
	/** Where the endpoint came from, for messages: `--otlp`, or the variable's name, or `default`. */
	readonly endpointFrom: string;
	readonly headers: Readonly<Record<string, string>>;
	readonly protocol: OtlpProtocol;
	readonly gzip: boolean;
	readonly timeoutMs: number;
	readonly resource: readonly Attribute[];
}

export type OtlpEnv = Readonly<Record<string, string | undefined>>;

const set = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** `http(s)://host[:port]` with no path, or `/`: the collector's base URL, to which `/v1/traces` is added. */
function isBase(url: URL): boolean {
	return url.pathname === '/' || url.pathname === '';
}

function parseUrl(text: string, from: string): Result<URL> {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {ok: false, error: `${from}: ${JSON.stringify(text)} is not a URL; give the collector's OTLP/HTTP address, e.g. http://localhost:4318`};
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return {ok: false, error: `${from}: ${JSON.stringify(text)} is not an http(s) URL; agentlog sends OTLP over HTTP (the collector's port 4318), not gRPC`};
	}
	return {ok: true, value: url};
}

/** `base` + `v1/traces`, as the specification joins OTEL_EXPORTER_OTLP_ENDPOINT and a signal's path. */
function withTracesPath(base: URL): string {
	const copy = new URL(base.href);
	copy.pathname = `${copy.pathname.replace(/\/$/, '')}/v1/traces`;
	return copy.href;
}

/** The traces URL: `--otlp <url>` (a base URL gets `/v1/traces`), else the variables, else localhost:4318. */
function endpointOf(option: string | undefined, env: OtlpEnv): Result<{endpoint: string; from: string}> {
	const given = set(option);
	if (given !== undefined) {
		const url = parseUrl(given, '--otlp');
		return url.ok ? {ok: true, value: {endpoint: isBase(url.value) ? withTracesPath(url.value) : url.value.href, from: '--otlp'}} : url;
	}
	const traces = set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
	if (traces !== undefined) {
		// Used as it is (the specification's rule for the signal-specific variable).
		const url = parseUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
		return url.ok ? {ok: true, value: {endpoint: url.value.href, from: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'}} : url;
	}
	const base = set(env.OTEL_EXPORTER_OTLP_ENDPOINT);
	if (base !== undefined) {
		const url = parseUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT');
		return url.ok ? {ok: true, value: {endpoint: withTracesPath(url.value), from: 'OTEL_EXPORTER_OTLP_ENDPOINT'}} : url;
	}
	return {ok: true, value: {endpoint: DEFAULT_TRACES_ENDPOINT, from: 'default'}};
}

function decode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** `key1=value1,key2=value2` (the W3C Baggage form the variables use; values percent-decoded). Entries without `=` or a key are ignored. */
export function parseKeyValueList(text: string | undefined): [string, string][] {
	const out: [string, string][] = [];
	for (const part of (text ?? '').split(',')) {
		const eq = part.indexOf('=');
		if (eq <= 0) {
			continue;
		}
		const key = decode(part.slice(0, eq).trim());
		if (key !== '') {
			out.push([key, decode(part.slice(eq + 1).trim())]);
		}
	}
	return out;
}

function protocolOf(env: OtlpEnv): Result<OtlpProtocol> {
	const name = set(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL) !== undefined ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL';
	const value = set(env[name]);
	if (value === undefined || value === 'http/protobuf') {
		return {ok: true, value: 'http/protobuf'};
	}
	if (value === 'http/json') {
		return {ok: true, value: 'http/json'};
	}
	return {
		ok: false,
		error: `${name}=${value}: agentlog sends OTLP over HTTP only (http/protobuf, the default, or http/json); point it at the collector's HTTP receiver (port 4318) and set ${name}=http/protobuf or unset it`,
	};
}

function timeoutOf(env: OtlpEnv): number {
	const value = Number(set(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT) ?? set(env.OTEL_EXPORTER_OTLP_TIMEOUT));
	return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

function gzipOf(env: OtlpEnv): Result<boolean> {
	const name = set(env.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION) !== undefined ? 'OTEL_EXPORTER_OTLP_TRACES_COMPRESSION' : 'OTEL_EXPORTER_OTLP_COMPRESSION';
	const value = set(env[name]);
	if (value === undefined || value === 'none') {
		return {ok: true, value: false};
	}
	if (value === 'gzip') {
		return {ok: true, value: true};
	}
	return {ok: false, error: `${name}=${value}: use gzip or none`};
}

/** An HTTP header name: a token (RFC 9110 §5.6.2). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
/**
 * A header value agentlog sends: tab, printable ASCII and Latin-1 letters. CR and LF would end the
 * header (or forge more), other controls are refused by HTTP, and Node throws on anything past
 * Latin-1 — checked here so a wrong variable is a usage error before anything is sent.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\u00a0-\u00ff]*$/;

/** A header name for a message: quoted, escapes visible, at most 64 characters (never its value). */
function nameForMessage(name: string): string {
	const shown = JSON.stringify(firstPoints(name, 64));
	return safeLine(shown);
}

/** The headers of OTEL_EXPORTER_OTLP_HEADERS, then OTEL_EXPORTER_OTLP_TRACES_HEADERS over them (names in lower case). */
function headersOf(env: OtlpEnv): Result<Record<string, string>> {
	const headers: Record<string, string> = Object.create(null) as Record<string, string>;
	for (const variable of ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'] as const) {
		for (const [key, value] of parseKeyValueList(env[variable])) {
			if (!HEADER_NAME.test(key)) {
				return {
					ok: false,
					error: `${variable}: the header name ${nameForMessage(key)} is not a valid HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only)`,
				};
			}
			if (!HEADER_VALUE.test(value)) {
				return {
					ok: false,
					error: `${variable}: the value of the header ${nameForMessage(key)} has a control character (such as CR or LF) or a character HTTP headers cannot carry; remove it from the variable (a space is written %20)`,
				};
			}
			headers[key.toLowerCase()] = value;
		}
	}
	return {ok: true, value: {...headers}};
}

/** service.name (OTEL_SERVICE_NAME over OTEL_RESOURCE_ATTRIBUTES, default `agentlog`), host.name (this machine's unless given), and the other given attributes. */
function resourceOf(env: OtlpEnv, hostName: string): Attribute[] {
	const attributes = new Map<string, string>([['service.name', DEFAULT_SERVICE_NAME]]);
	if (hostName !== '') {
		attributes.set('host.name', hostName);
	}
	for (const [key, value] of parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES)) {
		attributes.set(key, value);
	}
	const service = set(env.OTEL_SERVICE_NAME);
	if (service !== undefined) {
		attributes.set('service.name', service);
	}
	return [...attributes].map(([key, value]) => str(key, value));
}

/** The export's settings; an error says which option or variable is wrong and what to give. */
export function otlpConfig(option: string | undefined, env: OtlpEnv, hostName: string): Result<OtlpConfig> {
	const endpoint = endpointOf(option, env);
	if (!endpoint.ok) {
		return endpoint;
	}
	const protocol = protocolOf(env);
	if (!protocol.ok) {
		return protocol;
	}
	const gzip = gzipOf(env);
	if (!gzip.ok) {
		return gzip;
	}
	const headers = headersOf(env);
	if (!headers.ok) {
		return headers;
	}
	return {
		ok: true,
		value: {
			endpoint: endpoint.value.endpoint,
			endpointFrom: endpoint.value.from,
			headers: headers.value,
			protocol: protocol.value,
			gzip: gzip.value,
			timeoutMs: timeoutOf(env),
			resource: resourceOf(env, hostName),
		},
	};
}

/** The endpoint without credentials or query, for messages and the cursor's name. */
export function endpointLabel(endpoint: string): string {
	try {
		const url = new URL(endpoint);
		return `${url.protocol}//${url.host}${url.pathname}`;
	} catch {
		return endpoint;
	}
}
