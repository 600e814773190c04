// A tiny RFC 4180 reader for the export tests: quoted fields (with doubled quotes, commas and line
// breaks inside), records ended by `\n`. Throws on anything it does not expect, so a malformed
// export fails the test instead of parsing loosely.
export function parseCsv(text: string): string[][] {
	const records: string[][] = [];
	let record: string[] = [];
	let i = 0;
	if (text === '') {
		return records;
	}
	for (;;) {
		let field = '';
		if (text[i] === '"') {
			i++;
			for (;;) {
				const quote = text.indexOf('"', i);
				if (quote < 0) {
					throw new Error(`unterminated quoted field at ${i}`);
				}
				field += text.slice(i, quote);
				if (text[quote + 1] === '"') {
					field += '"';
					i = quote + 2;
				} else {
					i = quote + 1;
					break;
				}
			}
		} else {
			let end = i;
			while (end < text.length && text[end] !== ',' && text[end] !== '\n') {
				if (text[end] === '"' || text[end] === '\r') {
					throw new Error(`bare ${JSON.stringify(text[end])} in an unquoted field at ${end}`);
				}
				end++;
			}
			field = text.slice(i, end);
			i = end;
		}
		record.push(field);
		if (text[i] === ',') {
			i++;
			continue;
		}
		if (text[i] === '\n') {
			records.push(record);
			record = [];
			i++;
			if (i === text.length) {
				return records;
			}
			continue;
		}
		throw new Error(i >= text.length ? 'the last record has no line end' : `unexpected ${JSON.stringify(text[i])} after a field at ${i}`);
	}
}
