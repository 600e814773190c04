// Filled in by esbuild from package.json at build time; the fallback is for tests run from source.
declare const __AGENTLOG_VERSION__: string | undefined;
export const VERSION = typeof __AGENTLOG_VERSION__ === 'string' ? __AGENTLOG_VERSION__ : '0.0.0-dev';
