// Files agentlog ships beside its code: the hook launcher and the built hook, all in hooks/ and
// committed (the repository is also a Claude Code plugin, whose hooks/hooks.json runs the same
// launcher): install-hook copies exactly what the plugin runs.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The package root: the nearest folder above this module whose package.json is agentlog's. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
	let dir = path.dirname(from);
	for (;;) {
		const pkg = path.join(dir, 'package.json');
		if (existsSync(pkg)) {
			try {
				if ((JSON.parse(readFileSync(pkg, 'utf8')) as {name?: unknown}).name === 'agentlog') {
					return dir;
				}
			} catch {
				// Not ours; keep looking.
			}
		}
		const parent = path.dirname(dir);
		if (parent === dir) {
			throw new Error(`cannot find agentlog's package.json above ${from}`);
		}
		dir = parent;
	}
}

export interface HookAssets {
	/** hooks/agent-spy.sh: the launcher Claude Code runs. */
	readonly launcher: string;
	/** hooks/agent-spy.cjs: the bundled hook (written by `npm run build`, committed). */
	readonly script: string;
	/** hooks/agent-prune.cjs: the history's daily retention pass, which the hook loads only on the day it runs. */
	readonly prune: string;
}

/** The bundles installed beside the launcher, by their installed names. */
export function hookBundles(assets: HookAssets): readonly {readonly name: string; readonly source: string}[] {
	return [
		{name: 'agent-spy.cjs', source: assets.script},
		{name: 'agent-prune.cjs', source: assets.prune},
	];
}

export function hookAssets(root: string = packageRoot()): HookAssets {
	return {
		launcher: path.join(root, 'hooks', 'agent-spy.sh'),
		script: path.join(root, 'hooks', 'agent-spy.cjs'),
		prune: path.join(root, 'hooks', 'agent-prune.cjs'),
	};
}

/** The first bundle that is not there (the hook is not built), if any. */
export function missingBundle(assets: HookAssets): {readonly name: string; readonly source: string} | undefined {
	return hookBundles(assets).find(b => !existsSync(b.source));
}

/** A shipped file's bytes. */
export function readAsset(file: string): Buffer {
	return readFileSync(file);
}

/** A shipped text file (the launcher's template). */
export function readAssetText(file: string): string {
	return readFileSync(file, 'utf8');
}

/** The placeholder in agent-spy.sh that install-hook replaces with the installing Node's path. */
export const NODE_PLACEHOLDER = '@AGENTLOG_NODE@';
