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
import type { ExchangeRecord } from '../results/record.js';
import { BufferedWriter } from '../results/buffered-writer.js';

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
    return this.readTexts(at).map((text) => ({ record: JSON.parse(text) as ExchangeRecord, text }));
  }

  /** Each record's JSON text as the worker wrote it, not parsed: a run's main process appends them
   * to records.jsonl as they come and reads them once the sending is done (session/run-and-report.ts). */
  readTexts(at: RecordsAt): string[] {
    if (this.closed) return []; // a test worker that outlives an interrupted run reports too late
    let fd = this.fds.get(at.file);
    if (fd === undefined) {
      fd = openSync(join(this.dir, at.file), 'r');
      this.fds.set(at.file, fd);
    }
    // Each line is decoded by itself from one reused buffer: decoding the test's bytes as one
    // string and splitting it cost twice as much (a fresh zeroed buffer and a string in V8's large
    // object space each time; 5.9 against 11.6 µs a record, measured as in buffered-writer.ts).
    const buffer = at.bytes <= READ_BUFFER_BYTES ? (this.scratch ??= Buffer.allocUnsafe(READ_BUFFER_BYTES)) : Buffer.allocUnsafe(at.bytes);
    for (let done = 0; done < at.bytes; ) {
      const read = readSync(fd, buffer, done, at.bytes - done, at.offset + done);
      if (read === 0) throw new Error(`handover file ${at.file} ends before byte ${at.offset + at.bytes}`);
      done += read;
    }
    const out: string[] = [];
    for (let start = 0; start < at.bytes; ) {
      const newline = buffer.indexOf(0x0a, start);
      const end = newline === -1 || newline >= at.bytes ? at.bytes : newline;
      if (end > start) out.push(buffer.toString('utf8', start, end));
      start = end + 1;
    }
    return out;
  }

  /** Closes the files and removes the folder. */
  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
    this.closed = true;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
