/**
 * How records leave the test workers: each worker appends its records, one JSON object a line, to
 * a file of its own in a folder the run provides, and the test's metadata carries only where they
 * are (RecordsAt). vitest sends task metadata to the main process through its own messages
 * (serialised with v8, then as JSON arrays of numbers: about 0.5 ms of a checked exchange's 1.5 to
 * 2 ms, profiled); a few numbers cost nothing there, and the main process reads the bytes back once
 * the test's result arrives (HandoverReader), so a record reaches the reporters exactly when it
 * did before: when its test finished. A worker stopped before its test reported leaves lines that
 * no result points to, and they are not reported, as before.
 */
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { ExchangeRecord } from '../../results/record.js';
import { BufferedWriter } from '../../results/buffered-writer.js';

/** Where a test's records are: `bytes` bytes of `file` (in the run's folder) from `offset`. */
export interface RecordsAt {
  readonly file: string;
  readonly offset: number;
  readonly bytes: number;
}

/** A fresh folder for one run's handover files (removed by the reader's close). */
export const handoverDir = (): string => mkdtempSync(join(tmpdir(), 'tsiws-records-'));

let own: { dir: string; fd: number; position: number; file: string; lines: BufferedWriter } | undefined;

/** Appends `records` to this worker's file in `dir` and says where they are. */
export function handOverRecords(dir: string, records: readonly ExchangeRecord[]): RecordsAt {
  if (own?.dir !== dir) {
    // A worker that served an earlier run's folder lets go of that file first.
    if (own) closeSync(own.fd);
    // One file per process and thread: vitest may run several suite files in one worker.
    const file = `${process.pid}-${threadId}.jsonl`;
    const fd = openSync(join(dir, file), 'a');
    own = { dir, fd, file, position: fstatSync(fd).size, lines: new BufferedWriter(fd) };
  }
  let bytes = 0;
  for (const record of records) bytes += own.lines.line(JSON.stringify(record));
  // The main process reads them once the test's result arrives: they are in the file before that.
  own.lines.flush();
  const at = { file: own.file, offset: own.position, bytes };
  own.position += bytes;
  return at;
}

/** The reader's buffer for a test's records; a test whose records are larger gets one of its own. */
const READ_BUFFER_BYTES = 1024 * 1024;

/** The main process's side: reads the records a test's metadata points to. */
export class HandoverReader {
  private readonly fds = new Map<string, number>();
  private closed = false;
  private scratch: Buffer | undefined;

  constructor(readonly dir: string) {}

  read(at: RecordsAt): ExchangeRecord[] {
    return this.readWithText(at).map(({ record }) => record);
  }

  /** Each record with its JSON text as the worker wrote it: what JSON.stringify of the record
   * gives again, so that records.jsonl can take the text without a second stringify. */
  readWithText(at: RecordsAt): Array<{ record: ExchangeRecord; text: string }> {
    const bytes = this.readBytes(at);
    const out: Array<{ record: ExchangeRecord; text: string }> = [];
    // Each line is decoded by itself: decoding the test's bytes as one string and splitting it cost
    // twice as much (a string in V8's large object space each time; 5.9 against 11.6 µs a record,
    // measured as in buffered-writer.ts).
    for (let start = 0; start < bytes.length; ) {
      const newline = bytes.indexOf(0x0a, start);
      const end = newline === -1 ? bytes.length : newline;
      if (end > start) {
        const text = bytes.toString('utf8', start, end);
        out.push({ record: JSON.parse(text) as ExchangeRecord, text });
      }
      start = end + 1;
    }
    return out;
  }

  /** The test's records as the worker wrote them, JSON lines each ending in a newline, not decoded:
   * a run's main process copies them into records.jsonl as they come and reads them once the
   * sending is done (session/run-and-report.ts). Decoding each line to a string and encoding it
   * again was 0.04 ms of the main process an exchange (profiled, issue 52). The bytes are a view
   * of a buffer the next read reuses: use them before then. */
  readBytes(at: RecordsAt): Buffer {
    if (this.closed) return Buffer.alloc(0); // a test worker that outlives an interrupted run reports too late
    let fd = this.fds.get(at.file);
    if (fd === undefined) {
      fd = openSync(join(this.dir, at.file), 'r');
      this.fds.set(at.file, fd);
    }
    const buffer = at.bytes <= READ_BUFFER_BYTES ? (this.scratch ??= Buffer.allocUnsafe(READ_BUFFER_BYTES)) : Buffer.allocUnsafe(at.bytes);
    for (let done = 0; done < at.bytes; ) {
      const read = readSync(fd, buffer, done, at.bytes - done, at.offset + done);
      if (read === 0) throw new Error(`handover file ${at.file} ends before byte ${at.offset + at.bytes}`);
      done += read;
    }
    return buffer.subarray(0, at.bytes);
  }

  /** Closes the files and removes the folder. */
  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
    this.closed = true;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
