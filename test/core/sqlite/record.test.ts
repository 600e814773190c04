import {describe, expect, it} from 'vitest';
import {decodeRecord, readVarint, SqliteFormatError} from '../../../src/core/sqlite/record.js';

describe('readVarint', () => {
	it('reads one to nine bytes', () => {
		expect(readVarint(Uint8Array.of(0x05), 0)).toEqual({value: 5, length: 1});
		expect(readVarint(Uint8Array.of(0x81, 0x00), 0)).toEqual({value: 128, length: 2});
		expect(readVarint(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 0).length).toBe(9);
	});
	it('throws on a varint that runs past its bytes', () => {
		expect(() => readVarint(Uint8Array.of(0x81), 0)).toThrow(SqliteFormatError);
	});
});

describe('decodeRecord', () => {
	it('reads every serial type', () => {
		// header: its own size 9, then the types null, int8, int16, float, 0, 1, text(2), blob(1)
		const bytes = Uint8Array.of(9, 0, 1, 2, 7, 8, 9, 17, 14, 0xff, 0x80, 0x00, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x68, 0x69, 0xaa);
		expect(decodeRecord(bytes)).toEqual([null, -1, -32768, 1, 0, 1, 'hi', Uint8Array.of(0xaa)]);
	});
	it('throws, never reads past, on a header or value longer than the record', () => {
		expect(() => decodeRecord(Uint8Array.of(50, 1))).toThrow(SqliteFormatError);
		expect(() => decodeRecord(Uint8Array.of(2, 23, 0x61))).toThrow(SqliteFormatError);
	});
});
