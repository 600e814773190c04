// Name → count tables whose names come from outside (tool names a model wrote, MCP servers' tool
// names): any string is a name, `constructor`, `toString` and `__proto__` included. A plain
// object would answer those from its prototype (`counts.constructor + 1` is a string), so the
// tables are made without one. Pure.

/** A copy of `from` without a prototype, keeping only finite counts ≥ 0 (a cache or a file may hold anything). */
export function countsOf(from?: Readonly<Record<string, unknown>>): Record<string, number> {
	const out = Object.create(null) as Record<string, number>;
	if (from !== undefined && from !== null && typeof from === 'object') {
		for (const [name, n] of Object.entries(from)) {
			if (typeof n === 'number' && Number.isFinite(n) && n >= 0) {
				out[name] = n;
			}
		}
	}
	return out;
}

/** Adds `n` to `name` in a table made by countsOf. */
export function addCount(counts: Record<string, number>, name: string, n = 1): void {
	counts[name] = (counts[name] ?? 0) + n;
}

/** The counts of a table summed. */
export function sumCounts(counts: Readonly<Record<string, number>>): number {
	let n = 0;
	for (const value of Object.values(counts)) {
		n += value;
	}
	return n;
}
