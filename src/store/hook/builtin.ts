// Loading a Node built-in only when it is needed, from code that runs both as an ES module (the
// CLI, the tests) and bundled as CommonJS (the hook, where import.meta.url is empty). A static
// import would load the module on every hook run, whether it is used or not.
import {createRequire} from 'node:module';

/** `require(name)` for a built-in such as `node:os` (resolved the same from any absolute base path). */
export function requireBuiltin<T>(name: `node:${string}`): T {
	return createRequire(process.execPath)(name) as T;
}
