/**
 * Text appended to an open file through one buffer that is reused: records leave a test worker as
 * JSON lines (engine/run/worker-handover.ts), reach records.jsonl the same way (results/exchange-log.ts),
 * and a large report is written a piece at a time (write-atomic.ts). One system call per record or
 * testcase would cost more than the record. Gathering the pieces in an array and joining them
 * costs as much as their JSON.stringify: a joined text of more than about 128 KB (80 records are
 * 140 KB) lands in V8's large object space, which maps fresh pages for each (system time), and is
 * then copied into a fresh Buffer. Encoding each piece straight into this buffer cut a worker's cost
 * of handing a record over by a third (7.3 against 11.1 µs, CPU, medians of 12 blocks of the
 * positive suite's records, old and new code in one process; issue 20).
 * Each piece is encoded by itself, so a piece must not end inside a surrogate pair: JSON texts and
 * XML fragments never do.
 */
import { writeSync } from 'node:fs';

/** Bytes of the buffer. A piece that might not fit (UTF-8 takes up to 3 bytes a UTF-16 unit) is
 * written by itself, so the buffer never grows. */
export const WRITE_BUFFER_BYTES = 256 * 1024;

export class BufferedWriter {
  private readonly buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  private used = 0;

  constructor(private readonly fd: number) {}

  /** Bytes waiting in the buffer. */
  get pending(): number {
    return this.used;
  }

  /** Appends `text` (written by flush, or once the buffer is full); returns the bytes it takes. */
  write(text: string): number {
    return this.append(text, false);
  }

  /** Appends `text` and a newline; returns the bytes they take. */
  line(text: string): number {
    return this.append(text, true);
  }

  /** Appends bytes already encoded (records.jsonl takes a worker's JSON lines as they are). */
  bytes(bytes: Buffer): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) writeAll(this.fd, bytes, bytes.length);
    else this.used += bytes.copy(this.buffer, this.used);
  }

  /** Writes what the buffer holds. */
  flush(): void {
    if (this.used === 0) return;
    const used = this.used;
    this.used = 0;
    writeAll(this.fd, this.buffer, used);
  }

  private append(text: string, newline: boolean): number {
    const worst = text.length * 3 + (newline ? 1 : 0);
    if (this.used + worst > this.buffer.length) this.flush();
    if (worst > this.buffer.length) {
      const bytes = Buffer.from(newline ? `${text}\n` : text);
      writeAll(this.fd, bytes, bytes.length);
      return bytes.length;
    }
    let bytes = this.buffer.write(text, this.used, 'utf8');
    if (newline) this.buffer[this.used + bytes++] = 0x0a;
    this.used += bytes;
    return bytes;
  }
}

/** write(2) may write less than it was given (a signal, a full disk's last bytes): the rest follows. */
function writeAll(fd: number, buffer: Buffer, length: number): void {
  for (let done = 0; done < length; ) done += writeSync(fd, buffer, done, length - done);
}
