// The V8 code cache beside a bundle run through hooks/cached-entry.ts (the hook, and `agentlog
// status`): its file name, in one place for the loader and for uninstall-hook, which removes the
// hook's. Pure.

const SUFFIX = '.v8cache';

/** `.<base>-<hash>.v8cache`, `hash` being the bundle's content hash (`base`: `agent-spy` for the hook). */
export function codeCacheName(hash: string, base = 'agent-spy'): string {
	return `.${base}-${hash}${SUFFIX}`;
}

export function isCodeCacheName(name: string, base = 'agent-spy'): boolean {
	const prefix = `.${base}-`;
	return name.startsWith(prefix) && name.endsWith(SUFFIX) && /^[0-9a-f]+$/u.test(name.slice(prefix.length, -SUFFIX.length));
}
