/**
 * reports/records.jsonl, the exchange log: every record of a run, one JSON object a line, appended as the records
 * arrive. It is what `merge-reports` rebuilds a sharded run's reports from, and an interrupted
 * run keeps in it what finished. The records are the ones the other reports are made from
 * (passing exchanges compacted, see results/compact.ts; secrets already replaced).
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { dropped } from '../runtime/garbage.js';
import type { ExchangeRecord } from './record.js';
import { BufferedWriter } from './buffered-writer.js';

export const EXCHANGE_LOG_FILE = 'records.jsonl';

/** Lines are buffered up to this size between writes: one system call per record would cost more
 * than the record. */
const FLUSH_BYTES = 64 * 1024;

export interface ExchangeLog {
  /** `text`: the record's JSON text when the caller has it (JSON.stringify(record) otherwise). */
  write(record: ExchangeRecord, text?: string): void;
  /** A record's JSON text, the record itself not at hand. */
  writeText(text: string): void;
  /** Records' JSON lines as bytes, each line ending in a newline. */
  writeLines(lines: Buffer): void;
  /** Everything written so far onto the file, to be read back (exchangeLogSource). */
  flush(): void;
  close(): void;
}

/** Starts dir/records.jsonl afresh. */
export function openExchangeLog(dir: string): ExchangeLog {
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, EXCHANGE_LOG_FILE), 'w');
  const lines = new BufferedWriter(fd);
  let closed = false;
  return {
    write(record, text) {
      this.writeText(text ?? JSON.stringify(record));
    },
    writeText(text) {
      if (closed) return; // a test worker that outlives an interrupted run reports too late
      lines.line(text);
      if (lines.pending >= FLUSH_BYTES) lines.flush();
    },
    writeLines(bytes) {
      if (closed) return;
      lines.bytes(bytes);
      if (lines.pending >= FLUSH_BYTES) lines.flush();
    },
    flush() {
      if (!closed) lines.flush();
    },
    close() {
      if (closed) return;
      lines.flush();
      closeSync(fd);
      closed = true;
    },
  };
}

/** A line of the log: where it is, whether it holds only white space, and its text, decoded only
 * when asked for (before the next line is read): finding where the lines are, for
 * exchangeLogSource's at(), decodes none of them. */
interface LogLine {
  readonly offset: number;
  readonly length: number;
  readonly blank: boolean;
  readonly text: string;
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d;

function logLine(buffer: Buffer, start: number, end: number, position: number): LogLine {
  let first = start;
  while (first < end && isSpace(buffer[first]!)) first++;
  return { offset: position + start, length: end - start, blank: first === end, get text() { return buffer.toString('utf8', start, end); } };
}

/** An exchange log's lines from byte `from` on (a line's start), read a block at a time (never the
 * whole file as one string), each with the byte offset and length that read it again
 * (exchangeLogSource). One buffer is reused (grown for a line longer than it): a buffer per block
 * would be memory outside the heap that waits for the garbage collector. */
function* linesOf(path: string, from = 0): Generator<LogLine> {
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.alloc(READ_BYTES);
    let filled = 0; // bytes of buffer holding the file from `position` on
    let position = from;
    for (;;) {
      if (filled === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(buffer.length)]);
      const read = readSync(fd, buffer, filled, buffer.length - filled, position + filled);
      filled += read;
      // Every line read becomes a record dropped soon after: see garbage.ts.
      dropped(read);
      let start = 0;
      for (let end = buffer.indexOf(0x0a); end !== -1 && end < filled; end = buffer.indexOf(0x0a, start)) {
        yield logLine(buffer, start, end, position);
        start = end + 1;
      }
      if (read === 0) {
        if (start < filled) yield logLine(buffer, start, filled, position);
        return;
      }
      buffer.copyWithin(0, start, filled);
      filled -= start;
      position += start;
    }
  } finally {
    closeSync(fd);
  }
}

const READ_BYTES = 1024 * 1024;

/** Bytes between two asked-for lines that one read may take in rather than read them apart. */
const READ_GAP = 4096;

/** Where one read from the line `indexes[k]` should end: after it, and after each asked-for line that
 * follows within READ_GAP bytes of the last, as long as the read stays within `limit` bytes. */
function readEnd(indexes: readonly number[], k: number, offsets: readonly number[], lengths: readonly number[], limit: number): number {
  const start = offsets[indexes[k]!]!;
  let end = start + lengths[indexes[k]!]!;
  for (let n = k + 1; n < indexes.length; n++) {
    const next = offsets[indexes[n]!]!;
    const nextEnd = next + lengths[indexes[n]!]!;
    if (next < end || next - end > READ_GAP || nextEnd - start > limit) break;
    end = nextEnd;
  }
  return end;
}

/** One line of path as a record; a broken line is named with how to fix it. */
function recordOf(path: string, index: number, line: string): ExchangeRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    throw new ConfigError(`${path} line ${index + 1} is not JSON (${(err as Error).message}); the file is damaged: re-run that shard`);
  }
  const r = value as Partial<ExchangeRecord> | null;
  if (!r || typeof r.operation !== 'string' || typeof r.transport !== 'string' || typeof r.caseId !== 'string' || !Array.isArray(r.checks)) {
    throw new ConfigError(`${path} line ${index + 1} is not an exchange record (operation, transport, caseId, checks); the file is damaged: re-run that shard`);
  }
  return value as ExchangeRecord;
}

function recordsPath(dir: string): string {
  const path = join(dir, EXCHANGE_LOG_FILE);
  if (!existsSync(path)) throw new ConfigError(`${path} does not exist: give a reports folder written by tsiws-conform run (each shard's --reports)`);
  return path;
}

/** The records of dir/records.jsonl; a missing file or a broken line is named with how to fix it. */
export function readExchangeLog(dir: string): ExchangeRecord[] {
  const path = recordsPath(dir);
  const records: ExchangeRecord[] = [];
  let index = 0;
  for (const line of linesOf(path)) {
    if (!line.blank) records.push(recordOf(path, index, line.text));
    index++;
  }
  return records;
}

/** Records a report reads more than once (junit.xml: once to count, once to write), without
 * holding them: records() yields them in order, at(indexes) again those at these positions in
 * that order (a position the source does not hold, a record that came after records.jsonl was
 * closed, is passed over). */
export interface RecordSource {
  records(): Iterable<ExchangeRecord>;
  at(indexes: readonly number[]): Iterable<ExchangeRecord>;
}

/** The records already held. */
export function heldRecords(records: readonly ExchangeRecord[]): RecordSource {
  return { records: () => records, at: (indexes) => indexes.filter((i) => i < records.length).map((i) => records[i]!) };
}

/** Where each record's line of a log is: found as a pass reads them all, and extended by the lines
 * appended after it (a run's verdicts made over the whole run), read from where the pass ended:
 * a run's reports take the source its digest read, and indexing all of records.jsonl again for
 * junit.xml was 4 µs of the main process an exchange, and its garbage collections (dropped) more
 * (profiled, issue 61). */
class LineIndex {
  offsets: number[] = [];
  lengths: number[] = [];
  lineNumbers: number[] = [];
  private indexed = false;
  /** Where the lines indexed so far end (the start of the next one), how many there were (blank
   * ones too), and whether the last one ended in a newline. */
  private indexedTo = 0;
  private lineCount = 0;
  private ended = true;

  constructor(private readonly path: string) {}

  /** The lines from `from` on (0: afresh), indexed as they are read. */
  *lines(from = 0): Generator<{ line: LogLine; index: number }> {
    this.indexed = false;
    if (from === 0) Object.assign(this, { offsets: [], lengths: [], lineNumbers: [], lineCount: 0 });
    let index = this.lineCount;
    let end = from;
    for (const line of linesOf(this.path, from)) {
      if (!line.blank) {
        this.offsets.push(line.offset);
        this.lengths.push(line.length);
        this.lineNumbers.push(index);
        yield { line, index };
      }
      index++;
      end = line.offset + line.length + 1;
    }
    // linesOf yields a last line without its newline too: then `end` is one past the file's end.
    Object.assign(this, { lineCount: index, indexedTo: end, ended: end <= statSync(this.path).size, indexed: true });
  }

  /** Indexes what is not yet: everything, or the lines appended since the last pass (all again
   * when that pass ended in a line without its newline, which may have been finished since). */
  upTo(asked: readonly number[]): void {
    if (!this.indexed) for (const _ of this.lines());
    else if (!this.ended || asked.some((i) => i >= this.offsets.length)) {
      const size = statSync(this.path).size;
      if (size > this.indexedTo - (this.ended ? 0 : 1)) for (const _ of this.lines(this.ended ? this.indexedTo : 0));
    }
  }
}

/** The records of dir/records.jsonl, read from disk each time: only where each line starts and
 * how long it is are kept (two numbers a record), so a large run's reports need not hold its
 * passing records. */
export function exchangeLogSource(dir: string): RecordSource {
  const path = recordsPath(dir);
  const index = new LineIndex(path);
  return {
    *records() {
      for (const { line, index: n } of index.lines()) yield recordOf(path, n, line.text);
    },
    *at(asked) {
      if (asked.length === 0) return;
      index.upTo(asked);
      const { offsets, lengths, lineNumbers } = index;
      const indexes = asked.filter((i) => i < offsets.length);
      const fd = openSync(path, 'r');
      let bytes = Buffer.alloc(READ_BYTES);
      // The part of the file `bytes` holds: [from, to).
      let from = 0;
      let to = 0;
      try {
        for (let k = 0; k < indexes.length; k++) {
          const i = indexes[k]!;
          const start = offsets[i]!;
          const end = start + lengths[i]!;
          if (start < from || end > to) {
            // One read for this line and the asked-for lines that follow it closely: a read of each
            // line alone was a tenth of writing junit.xml (a system call per line, profiled, issue 20).
            to = readEnd(indexes, k, offsets, lengths, Math.max(bytes.length, end - start));
            if (to - start > bytes.length) bytes = Buffer.alloc(to - start);
            readSync(fd, bytes, 0, to - start, start);
            dropped(to - start);
            from = start;
          }
          yield recordOf(path, lineNumbers[i]!, bytes.toString('utf8', start - from, end - from));
        }
      } finally {
        closeSync(fd);
      }
    },
  };
}
