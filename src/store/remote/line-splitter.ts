// Lines out of a byte stream from another machine, bounded: a line longer than `max` characters
// is dropped as it comes (counted, never held whole), so a stream without newlines holds at most
// `max` characters here. Bytes that are not UTF-8 become U+FFFD and fail the JSON parse later.
import {StringDecoder} from 'node:string_decoder';

export class LineSplitter {
	private readonly decoder = new StringDecoder('utf8');
	private part = '';
	/** True while the rest of an over-long line is being skipped. */
	private skipping = false;
	/** Lines dropped for their length. */
	tooLong = 0;

	constructor(private readonly max: number) {}

	/** The whole lines completed by this chunk. */
	push(chunk: Buffer): string[] {
		const text = this.decoder.write(chunk);
		const lines: string[] = [];
		let start = 0;
		for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
			if (this.skipping) {
				this.skipping = false;
			} else if (this.part.length + nl - start <= this.max) {
				lines.push(this.part + text.slice(start, nl));
			} else {
				this.tooLong += 1;
			}
			this.part = '';
			start = nl + 1;
		}
		if (!this.skipping) {
			const rest = text.length - start;
			if (this.part.length + rest > this.max) {
				this.part = '';
				this.skipping = true;
				this.tooLong += 1;
			} else if (rest > 0) {
				this.part += text.slice(start);
			}
		}
		return lines;
	}
}
