/**
 * Lines appended to an open file through one buffer that is reused. Records leave a test worker as
 * JSON lines (engine/record-files.ts) and reach records.jsonl the same way (report/records-jsonl.ts).
 * Joining a test's lines into one string and copying that into a fresh Buffer cost as much as the
 * JSON.stringify of the lines: the joined text (80 records, about 140 KB) lands in V8's large
 * object space, which maps fresh pages for each (system time). Encoding each line straight into
 * this buffer cut a worker's cost of handing a record over by a third (7.3 against 11.1 µs, CPU,
 * medians of 12 blocks of the positive suite's records, old and new code in one process; issue 20).
 */
import { writeSync } from 'node:fs';

/** Bytes of the buffer. A line that might not fit (UTF-8 takes up to 3 bytes a UTF-16 unit) is
 * written by itself, so the buffer never grows. */
export const LINE_BUFFER_BYTES = 256 * 1024;

export class LineWriter {
  private readonly buffer = Buffer.allocUnsafe(LINE_BUFFER_BYTES);
  private used = 0;

  constructor(private readonly fd: number) {}

  /** Bytes waiting in the buffer. */
  get pending(): number {
    return this.used;
  }

  /** Appends `text` and a newline (written by flush, or now when the buffer is full); returns the
   * bytes the line takes in the file. */
  line(text: string): number {
    const worst = text.length * 3 + 1;
    if (this.used + worst > this.buffer.length) this.flush();
    if (worst > this.buffer.length) {
      const bytes = Buffer.from(`${text}\n`);
      writeAll(this.fd, bytes, bytes.length);
      return bytes.length;
    }
    const bytes = this.buffer.write(text, this.used, 'utf8') + 1;
    this.buffer[this.used + bytes - 1] = 0x0a;
    this.used += bytes;
    return bytes;
  }

  /** Writes what the buffer holds. */
  flush(): void {
    if (this.used === 0) return;
    const used = this.used;
    this.used = 0;
    writeAll(this.fd, this.buffer, used);
  }
}

/** write(2) may write less than it was given (a signal, a full disk's last bytes): the rest follows. */
function writeAll(fd: number, buffer: Buffer, length: number): void {
  for (let done = 0; done < length; ) done += writeSync(fd, buffer, done, length - done);
}
