// A unified-style line diff, for install-hook --dry-run. Pure.

type DiffOp = {readonly kind: ' ' | '-' | '+'; readonly text: string};

function toLines(text: string): string[] {
	if (text === '') {
		return [];
	}
	const lines = text.split('\n');
	if (lines.at(-1) === '') {
		lines.pop();
	}
	return lines;
}

function diffOps(a: readonly string[], b: readonly string[]): DiffOp[] {
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) {
		start++;
	}
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA--;
		endB--;
	}
	const ops: DiffOp[] = a.slice(0, start).map(text => ({kind: ' ', text}));
	const midA = a.slice(start, endA);
	const midB = b.slice(start, endB);
	const m = midA.length;
	const n = midB.length;
	if (m * n > 4_000_000) {
		ops.push(...midA.map((text): DiffOp => ({kind: '-', text})), ...midB.map((text): DiffOp => ({kind: '+', text})));
	} else {
		// Longest common subsequence, table[i][j] for midA[i..] and midB[j..].
		const w = n + 1;
		const table = new Uint32Array((m + 1) * w);
		for (let i = m - 1; i >= 0; i--) {
			for (let j = n - 1; j >= 0; j--) {
				table[i * w + j] = midA[i] === midB[j] ? table[(i + 1) * w + j + 1]! + 1 : Math.max(table[(i + 1) * w + j]!, table[i * w + j + 1]!);
			}
		}
		let i = 0;
		let j = 0;
		while (i < m || j < n) {
			if (i < m && j < n && midA[i] === midB[j]) {
				ops.push({kind: ' ', text: midA[i]!});
				i++;
				j++;
			} else if (j >= n || (i < m && table[(i + 1) * w + j]! >= table[i * w + j + 1]!)) {
				ops.push({kind: '-', text: midA[i]!});
				i++;
			} else {
				ops.push({kind: '+', text: midB[j]!});
				j++;
			}
		}
	}
	ops.push(...a.slice(endA).map((text): DiffOp => ({kind: ' ', text})));
	return ops;
}

/** A unified diff of two texts with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(before: string, after: string, labels: {readonly before: string; readonly after: string}, context = 3): string {
	const ops = diffOps(toLines(before), toLines(after));
	const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
	if (changed.length === 0) {
		return '';
	}
	// Line numbers before each op, in the old and the new text.
	const oldLine: number[] = [];
	const newLine: number[] = [];
	let o = 1;
	let nw = 1;
	for (const op of ops) {
		oldLine.push(o);
		newLine.push(nw);
		o += op.kind === '+' ? 0 : 1;
		nw += op.kind === '-' ? 0 : 1;
	}
	const out = [`--- ${labels.before}`, `+++ ${labels.after}`];
	let k = 0;
	while (k < changed.length) {
		const from = Math.max(0, changed[k]! - context);
		let last = changed[k]!;
		while (k + 1 < changed.length && changed[k + 1]! - last <= 2 * context) {
			k++;
			last = changed[k]!;
		}
		k++;
		const to = Math.min(ops.length, last + context + 1);
		const hunk = ops.slice(from, to);
		const oldCount = hunk.filter(op => op.kind !== '+').length;
		const newCount = hunk.filter(op => op.kind !== '-').length;
		const oldStart = oldCount === 0 ? oldLine[from]! - 1 : oldLine[from]!;
		const newStart = newCount === 0 ? newLine[from]! - 1 : newLine[from]!;
		out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...hunk.map(op => `${op.kind}${op.text}`));
	}
	return `${out.join('\n')}\n`;
}
