// "Did you mean …?" for a mistyped command. Pure.

/**
 * Edit distance between two short strings (commands, options), case-insensitive: insertions,
 * deletions, substitutions and swaps of two neighbours (`dmeo`) count one each.
 */
export function editDistance(a: string, b: string): number {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	const d: number[][] = Array.from({length: x.length + 1}, (_, i) => Array.from({length: y.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
	for (let i = 1; i <= x.length; i++) {
		const row = d[i] ?? [];
		for (let j = 1; j <= y.length; j++) {
			let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (x[i - 1] === y[j - 1] ? 0 : 1));
			if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
				best = Math.min(best, at(i - 2, j - 2) + 1);
			}
			row[j] = best;
		}
	}
	return at(x.length, y.length);
}

/**
 * The candidate closest to `word`, when it is close enough to be a typo: at most one edit for
 * words of up to four letters, two for longer ones. Ties go to the first candidate.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
	if (word.length < 2 || word.length > 32) {
		return undefined;
	}
	const limit = word.length <= 4 ? 1 : 2;
	let best: string | undefined;
	let bestDistance = Infinity;
	for (const candidate of candidates) {
		const d = editDistance(word, candidate);
		if (d <= limit && d < bestDistance && d < candidate.length) {
			best = candidate;
			bestDistance = d;
		}
	}
	return best;
}
