// Where the OTLP export sends and what it says about itself, from --otlp and the variables.
import {describe, expect, it} from 'vitest';
import {endpointLabel, otlpConfig, parseKeyValueList} from '../../../src/core/otlp/config.js';

const config = (option: string | undefined, env: Record<string, string> = {}) => {
	const r = otlpConfig(option, env, 'box-1');
	if (!r.ok) {
		throw new Error(r.error);
	}
	return r.value;
};

describe('otlpConfig', () => {
	it('takes the endpoint from --otlp (a base URL gets /v1/traces), else the traces variable as it is, else the base variable + /v1/traces, else localhost', () => {
		expect(config(undefined).endpoint).toBe('http://localhost:4318/v1/traces');
		expect(config('http://collector:4318').endpoint).toBe('http://collector:4318/v1/traces');
		expect(config('https://otlp.example.com/custom/path').endpoint).toBe('https://otlp.example.com/custom/path');
		expect(config(undefined, {OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:1/x', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://b:2'})).toMatchObject({
			endpoint: 'http://t:1/x',
			endpointFrom: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
		});
		expect(config(undefined, {OTEL_EXPORTER_OTLP_ENDPOINT: 'http://b:2/prefix/'}).endpoint).toBe('http://b:2/prefix/v1/traces');
		expect(config('http://cli:3', {OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:1/x'}).endpointFrom).toBe('--otlp');
		// An empty variable counts as unset.
		expect(config(undefined, {OTEL_EXPORTER_OTLP_ENDPOINT: ' '}).endpoint).toBe('http://localhost:4318/v1/traces');
	});

	it('says which setting is wrong and what to give', () => {
		const error = (option: string | undefined, env: Record<string, string> = {}) => {
			const r = otlpConfig(option, env, 'h');
			return r.ok ? '' : r.error;
		};
		expect(error('localhost:4318')).toContain('not an http(s) URL');
		expect(error(undefined, {OTEL_EXPORTER_OTLP_ENDPOINT: '::'})).toContain('OTEL_EXPORTER_OTLP_ENDPOINT: "::" is not a URL');
		expect(error(undefined, {OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc'})).toContain('OTEL_EXPORTER_OTLP_PROTOCOL=grpc');
		expect(error(undefined, {OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/xml', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json'})).toContain(
			'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/xml',
		);
	});

	it('reads headers (traces over general, keys lower-cased, values percent-decoded), protocol, compression, timeout', () => {
		const c = config(undefined, {
			OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20abc,x-a=1,broken,=nokey',
			OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-a=2',
			OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
			OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
			OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
		});
		expect(c.headers).toEqual({authorization: 'Basic abc', 'x-a': '2'});
		expect(c).toMatchObject({protocol: 'http/json', gzip: true, timeoutMs: 2500});
		expect(config(undefined, {OTEL_EXPORTER_OTLP_TIMEOUT: 'soon'}).timeoutMs).toBe(10_000);
	});

	it('refuses a header value with a control character or past Latin-1, and a name that is not an HTTP token, naming the header only', () => {
		const error = (env: Record<string, string>) => {
			const r = otlpConfig(undefined, env, 'h');
			return r.ok ? '' : r.error;
		};
		for (const value of ['a%0Db', 'a%0Ab', 'a%00b', 'a%1B[31m', 'a%7Fb', 'a%C2%9Bb', 'a%E2%80%AEb']) {
			const message = error({OTEL_EXPORTER_OTLP_HEADERS: `x-ok=1,X-Key=${value}`});
			expect(message, value).toMatch(/^OTEL_EXPORTER_OTLP_HEADERS: the value of the header "X-Key" has a control character/);
			expect(message, value).not.toContain(decodeURIComponent(value));
		}
		expect(error({OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'my header=1'})).toContain(
			'OTEL_EXPORTER_OTLP_TRACES_HEADERS: the header name "my header" is not a valid HTTP header name',
		);
		// Tab, printable ASCII and Latin-1 letters are fine.
		expect(config(undefined, {OTEL_EXPORTER_OTLP_HEADERS: 'x-a=a%09b%20c%C3%A9'}).headers).toEqual({'x-a': 'a\tb cé'});
	});

	it('describes the resource: service.name (OTEL_SERVICE_NAME wins), host.name unless given, the other attributes', () => {
		const attrs = (env: Record<string, string>) => Object.fromEntries(config(undefined, env).resource.map(a => [a.key, a.value.value]));
		expect(attrs({})).toEqual({'service.name': 'agentlog', 'host.name': 'box-1'});
		expect(attrs({OTEL_RESOURCE_ATTRIBUTES: 'service.name=a,team=shop%2Cweb'})).toEqual({'service.name': 'a', 'host.name': 'box-1', team: 'shop,web'});
		expect(attrs({OTEL_RESOURCE_ATTRIBUTES: 'service.name=a,host.name=ci-7', OTEL_SERVICE_NAME: 'b'})).toEqual({'service.name': 'b', 'host.name': 'ci-7'});
	});

	it('parses key=value lists leniently, and labels an endpoint without its credentials or query', () => {
		expect(parseKeyValueList(' a = 1 ,b=x=y,%zz=2')).toEqual([
			['a', '1'],
			['b', 'x=y'],
			['%zz', '2'],
		]);
		expect(endpointLabel('https://user:secret@host:4318/v1/traces?token=1')).toBe('https://host:4318/v1/traces');
	});
});
