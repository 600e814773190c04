// Loading a Node built-in only when it is needed, from code that runs both as an ES module (the
// tests) and bundled as CommonJS (the hook). A static import would load the module on every hook
// run, used or not; node:module itself (for createRequire) costs the hook ~0.17 ms to load.

/** A built-in such as `node:os`: process.getBuiltinModule (Node ≥ 20.16), else CommonJS require. */
export function requireBuiltin<T>(name: `node:${string}`): T {
	const get = (process as {getBuiltinModule?: (id: string) => unknown}).getBuiltinModule;
	if (get) {
		return get(name) as T;
	}
	if (typeof require === 'function') {
		// The bundled hook is CommonJS: require is there, and needs no module to be loaded.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		return require(name) as T;
	}
	throw new Error(`cannot load ${name}: no process.getBuiltinModule and no require in this Node`);
}
