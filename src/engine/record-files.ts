/**
 * How records leave the test workers: each worker appends its records, one JSON object a line, to
 * a file of its own in a folder the run provides, and the test's metadata carries only where they
 * are (RecordsAt). vitest sends task metadata to the main process through its own messages
 * (serialised with v8, then as JSON arrays of numbers: about 0.5 ms of a checked exchange's 1.5 to
 * 2 ms, profiled); a few numbers cost nothing there, and the main process reads the bytes back once
 * the test's result arrives (RecordFileReader), so a record reaches the reporters exactly when it
 * did before: when its test finished. A worker stopped before its test reported leaves lines that
 * no result points to, and they are not reported, as before.
 */
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { ExchangeRecord } from '../results/record.js';

/** Where a test's records are: `bytes` bytes of `file` (in the run's folder) from `offset`. */
export interface RecordsAt {
  readonly file: string;
  readonly offset: number;
  readonly bytes: number;
}

/** A fresh folder for one run's record files (removed by the reader's close). */
export const recordFilesDir = (): string => mkdtempSync(join(tmpdir(), 'tsiws-records-'));

let own: { dir: string; fd: number; position: number; file: string } | undefined;

/** Appends `records` to this worker's file in `dir` and says where they are. */
export function writeRecords(dir: string, records: readonly ExchangeRecord[]): RecordsAt {
  if (own?.dir !== dir) {
    // A worker that served an earlier run's folder lets go of that file first.
    if (own) closeSync(own.fd);
    // One file per process and thread: vitest may run several suite files in one worker.
    const file = `${process.pid}-${threadId}.jsonl`;
    const fd = openSync(join(dir, file), 'a');
    own = { dir, fd, file, position: fstatSync(fd).size };
  }
  const text = Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  writeSync(own.fd, text);
  const at = { file: own.file, offset: own.position, bytes: text.length };
  own.position += text.length;
  return at;
}

/** The main process's side: reads the records a test's metadata points to. */
export class RecordFileReader {
  private readonly fds = new Map<string, number>();
  private closed = false;

  constructor(readonly dir: string) {}

  read(at: RecordsAt): ExchangeRecord[] {
    return this.readWithText(at).map(({ record }) => record);
  }

  /** Each record with its JSON text as the worker wrote it: what JSON.stringify of the record
   * gives again, so that records.jsonl can take the text without a second stringify. */
  readWithText(at: RecordsAt): Array<{ record: ExchangeRecord; text: string }> {
    if (this.closed) return []; // a test worker that outlives an interrupted run reports too late
    let fd = this.fds.get(at.file);
    if (fd === undefined) {
      fd = openSync(join(this.dir, at.file), 'r');
      this.fds.set(at.file, fd);
    }
    const buffer = Buffer.alloc(at.bytes);
    readSync(fd, buffer, 0, at.bytes, at.offset);
    return buffer.toString('utf8').split('\n').filter((line) => line !== '').map((text) => ({ record: JSON.parse(text) as ExchangeRecord, text }));
  }

  /** Closes the files and removes the folder. */
  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
    this.closed = true;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
