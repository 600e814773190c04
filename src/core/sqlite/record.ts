// SQLite's record format: a row as the file stores it (https://www.sqlite.org/fileformat2.html,
// "Record Format"). A header of varints naming each column's serial type, then the values. Pure:
// bytes in, values out; a malformed record throws SqliteFormatError and never reads past its bytes.

/** A column's value as SQLite stores it. Integers beyond 2^53 come back as bigint. */
export type SqliteValue = null | number | bigint | string | Uint8Array;

/** The file is not what SQLite's format says (torn, foreign, or changed under the reader). */
export class SqliteFormatError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'SqliteFormatError';
	}
}

/** A varint (1–9 bytes, big-endian, 7 bits a byte but the ninth, which gives 8) at `at`: its value and length. */
export function readVarint(bytes: Uint8Array, at: number): {readonly value: number; readonly length: number} {
	let value = 0;
	for (let i = 0; i < 8; i++) {
		if (at + i >= bytes.length) {
			throw new SqliteFormatError('a varint runs past its page');
		}
		const b = bytes[at + i]!;
		value = value * 128 + (b & 0x7f);
		if ((b & 0x80) === 0) {
			return {value, length: i + 1};
		}
	}
	if (at + 8 >= bytes.length) {
		throw new SqliteFormatError('a varint runs past its page');
	}
	// The ninth byte gives all 8 of its bits. Values this large are never lengths or row ids here.
	return {value: value * 256 + bytes[at + 8]!, length: 9};
}

const decoder = new TextDecoder('utf-8', {fatal: false});

/** How many bytes a value of serial type `type` takes. */
export function serialSize(type: number): number {
	if (type >= 12) {
		return Math.floor((type - 12) / 2);
	}
	return [0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0][type] ?? 0;
}

function readInt(bytes: Uint8Array, at: number, size: number): number | bigint {
	if (size === 8) {
		const view = new DataView(bytes.buffer, bytes.byteOffset + at, 8);
		const big = view.getBigInt64(0);
		return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
	}
	let value = 0;
	for (let i = 0; i < size; i++) {
		value = value * 256 + bytes[at + i]!;
	}
	// Two's complement: a set top bit means value − 2^(8·size).
	return bytes[at]! & 0x80 ? value - 2 ** (8 * size) : value;
}

/**
 * The values of one record, in column order. `maxColumns` bounds the work on a hostile header.
 * Text is decoded as UTF-8 (the only encoding read here: the database header is checked first).
 */
export function decodeRecord(bytes: Uint8Array, maxColumns = 256): SqliteValue[] {
	const header = readVarint(bytes, 0);
	if (header.value > bytes.length || header.value < header.length) {
		throw new SqliteFormatError('a record header is longer than its record');
	}
	const types: number[] = [];
	let at = header.length;
	while (at < header.value) {
		if (types.length >= maxColumns) {
			throw new SqliteFormatError('a record has too many columns');
		}
		const t = readVarint(bytes, at);
		types.push(t.value);
		at += t.length;
	}
	const values: SqliteValue[] = [];
	let body = header.value;
	for (const type of types) {
		const size = serialSize(type);
		if (body + size > bytes.length) {
			throw new SqliteFormatError('a record value runs past its record');
		}
		if (type === 0 || type === 10 || type === 11) {
			values.push(null);
		} else if (type <= 6) {
			values.push(readInt(bytes, body, size));
		} else if (type === 7) {
			values.push(new DataView(bytes.buffer, bytes.byteOffset + body, 8).getFloat64(0));
		} else if (type === 8 || type === 9) {
			values.push(type - 8);
		} else if (type % 2 === 0) {
			values.push(bytes.slice(body, body + size));
		} else {
			values.push(decoder.decode(bytes.subarray(body, body + size)));
		}
		body += size;
	}
	return values;
}
