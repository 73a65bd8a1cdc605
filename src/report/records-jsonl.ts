/**
 * reports/records.jsonl: every record of a run, one JSON object a line, appended as the records
 * arrive. It is what `merge-reports` rebuilds a sharded run's reports from, and an interrupted
 * run keeps in it what finished. The records are the ones the other reports are made from
 * (passing exchanges compacted, see engine/compact.ts; secrets already replaced).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import type { ExchangeRecord } from '../results/record.js';

export const RECORDS_FILE = 'records.jsonl';

/** Lines are buffered up to this size between writes: one system call per record would cost more
 * than the record. */
const FLUSH_BYTES = 64 * 1024;

export interface RecordStream {
  write(record: ExchangeRecord): void;
  close(): void;
}

/** Starts dir/records.jsonl afresh. */
export function openRecordStream(dir: string): RecordStream {
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, RECORDS_FILE), 'w');
  let pending: string[] = [];
  let size = 0;
  let closed = false;
  const flush = () => {
    if (pending.length > 0) writeSync(fd, pending.join(''));
    pending = [];
    size = 0;
  };
  return {
    write(record) {
      if (closed) return; // a test worker that outlives an interrupted run reports too late
      const line = `${JSON.stringify(record)}\n`;
      pending.push(line);
      size += line.length;
      if (size >= FLUSH_BYTES) flush();
    },
    close() {
      if (closed) return;
      flush();
      closeSync(fd);
      closed = true;
    },
  };
}

/** The records of dir/records.jsonl; a missing file or a broken line is named with how to fix it. */
export function readRecords(dir: string): ExchangeRecord[] {
  const path = join(dir, RECORDS_FILE);
  if (!existsSync(path)) throw new ConfigError(`${path} does not exist: give a reports folder written by tsiws-conform run (each shard's --reports)`);
  const records: ExchangeRecord[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
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
    records.push(value as ExchangeRecord);
  }
  return records;
}
