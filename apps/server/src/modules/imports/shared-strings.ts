import { limitMessages, MAX_SHARED_STRING_BYTES, MAX_SHARED_STRINGS, overLimit } from './import-limits.js';

const CHUNK_BYTES = 1024 * 1024;

/**
 * A workbook's table of texts (xl/sharedStrings.xml), which its cells name by number. Kept as UTF-8
 * in 1 MB chunks with one offset per text, not as a JavaScript string each: a string costs about
 * 40 bytes besides its text, so two million short texts took 80 MB more than their bytes. The
 * table is bounded in bytes and in count (a "shared-strings bomb" is a small file that unpacks to
 * a table of hundreds of megabytes).
 */
export class SharedStrings {
  private readonly chunks: Buffer[] = [];
  /** starts[i] is where text i begins; starts[count] where the next one would. */
  private starts = new Uint32Array(1024);
  private size = 0;
  private total = 0;

  get count(): number {
    return this.size;
  }

  add(text: string): void {
    if (this.size >= MAX_SHARED_STRINGS) throw overLimit(limitMessages.sharedStrings);
    const bytes = Buffer.from(text, 'utf8');
    if (this.total + bytes.length > MAX_SHARED_STRING_BYTES) throw overLimit(limitMessages.sharedStringBytes);
    let written = 0;
    while (written < bytes.length) {
      const position = this.total + written;
      const index = Math.floor(position / CHUNK_BYTES);
      if (index >= this.chunks.length) this.chunks.push(Buffer.allocUnsafe(CHUNK_BYTES));
      written += bytes.copy(this.chunks[index] as Buffer, position % CHUNK_BYTES, written);
    }
    this.total += bytes.length;
    if (this.size + 2 > this.starts.length) {
      const grown = new Uint32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.size++;
    this.starts[this.size] = this.total;
  }

  /** Text `index`, or '' for a number the table does not have (as Excel shows it). */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) return '';
    const start = this.starts[index] as number;
    const end = this.starts[index + 1] as number;
    const first = Math.floor(start / CHUNK_BYTES);
    const last = Math.floor((end - 1) / CHUNK_BYTES);
    if (end === start) return '';
    if (first === last) {
      return (this.chunks[first] as Buffer).toString(
        'utf8',
        start % CHUNK_BYTES,
        ((end - 1) % CHUNK_BYTES) + 1,
      );
    }
    const parts: Buffer[] = [];
    for (let c = first; c <= last; c++) {
      const from = c === first ? start % CHUNK_BYTES : 0;
      const to = c === last ? ((end - 1) % CHUNK_BYTES) + 1 : CHUNK_BYTES;
      parts.push((this.chunks[c] as Buffer).subarray(from, to));
    }
    return Buffer.concat(parts).toString('utf8');
  }
}
