// One record per agent. The hook writes one file per agent, but another tool (or a copied file)
// can leave two files that name the same agentId; every view then counts and lists it once: the
// record last updated (ties: the first given). Pure.

/** `items` with one per id: the one with the newest `updated` (ms; unknown is oldest). The same array when ids are unique. */
export function onePerAgent<T>(items: readonly T[], idOf: (item: T) => string, updatedOf: (item: T) => number | undefined): readonly T[] {
	const seen = new Set<string>();
	let duplicates = false;
	for (const item of items) {
		const id = idOf(item);
		if (seen.has(id)) {
			duplicates = true;
			break;
		}
		seen.add(id);
	}
	if (!duplicates) {
		return items;
	}
	const best = new Map<string, T>();
	for (const item of items) {
		const id = idOf(item);
		const kept = best.get(id);
		if (kept === undefined || (updatedOf(item) ?? -Infinity) > (updatedOf(kept) ?? -Infinity)) {
			best.set(id, item);
		}
	}
	return items.filter(item => best.get(idOf(item)) === item);
}
