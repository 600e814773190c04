// The hook's V8 code cache beside it (hooks/agent-spy-cached.ts writes it): its file name, in one
// place for the hook and for uninstall-hook, which removes it. Pure.

const PREFIX = '.agent-spy-';
const SUFFIX = '.v8cache';

/** `.agent-spy-<hash>.v8cache`, `hash` being the hook's content hash. */
export function codeCacheName(hash: string): string {
	return `${PREFIX}${hash}${SUFFIX}`;
}

export function isCodeCacheName(name: string): boolean {
	return name.startsWith(PREFIX) && name.endsWith(SUFFIX) && /^[0-9a-f]+$/u.test(name.slice(PREFIX.length, -SUFFIX.length));
}
