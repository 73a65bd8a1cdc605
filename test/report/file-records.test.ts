/**
 * A run's reports from records.jsonl read back a pass at a time (recordsFileSource, what `run`
 * does so that the CLI never holds every passing record) are the same bytes as from the records
 * held in an array; and a run that streams its records keeps none of them in the collector.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RecordCollector } from '../../src/engine/collector.js';
import type { RecordFileReader } from '../../src/engine/record-files.js';
import { openRecordStream, RECORDS_FILE, recordsFileSource } from '../../src/report/records-jsonl.js';
import { summarise } from '../../src/report/summary.js';
import { writeReports } from '../../src/report/write.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const base = MIXED_RECORDS[0]!;
const RECORDS: ExchangeRecord[] = [
  ...MIXED_RECORDS,
  { ...base, caseId: 'p1', transport: 'parity', kind: 'parity', checks: [{ id: 'transport-parity', status: 'failed', message: 'get differs' }],
    parity: { outcomes: [], rules: [], differences: [{ transport: 'get', reference: 'soap11', class: 'rejection', detail: 'd' }] } },
  { ...base, caseId: 'p5', compacted: true, checks: [{ id: 'http-status-200', status: 'passed' }, { id: 'wording', status: 'failed', level: 'info', message: 'noted' }] },
  { ...base, caseId: 'p6', transport: 'get', checks: [{ id: 'matches-baseline', status: 'failed', message: 'differs' }],
    regression: { same: false, difference: { class: 'value', detail: 'x' }, baseline: { outcome: 'result', status: 200, contentType: 'text/xml', text: 'a' }, rules: [] } as unknown as ExchangeRecord['regression'] },
];
const RUN = { ...MIXED_RUN, configuration: { profile: 'asmx', operations: ['MobileGetEmployee', 'MobileSaveNote', 'MobileGetCompany'], transports: ['soap11', 'soap12', 'get', 'post'] } };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function reportsOf(held: boolean): Map<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-file-records-'));
  dirs.push(dir);
  const stream = openRecordStream(dir);
  RECORDS.forEach((r) => stream.write(r));
  stream.close();
  writeReports(dir, held ? RECORDS : recordsFileSource(dir), RUN, [RECORDS_FILE]);
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (name.endsWith('.json') || name.endsWith('.xml') || name.endsWith('.html')) files.set(name, readFileSync(join(dir, name), 'utf8').split(dir).join('DIR'));
  }
  return files;
}

describe('reports from records.jsonl read back', () => {
  test('are the same as from the records held, every file (regression.json and failure files included)', () => {
    const held = reportsOf(true);
    const read = reportsOf(false);
    expect([...read.keys()].sort()).toEqual([...held.keys()].sort());
    expect(held.has('regression.json')).toBe(true);
    expect([...held.keys()].some((k) => k.startsWith('failures'))).toBe(true);
    // The certificate hashes the failure files, which name their own folder: compared apart.
    for (const [name, text] of held) if (name !== 'certificate.json') expect(read.get(name), name).toBe(text);
  });

  test('a summary is made once per run and records, whatever reads it', () => {
    const records = [...RECORDS];
    expect(summarise(records, RUN)).toBe(summarise(records, RUN));
    expect(summarise(records, { ...RUN })).not.toBe(summarise(records, RUN));
  });
});

describe('RecordCollector', () => {
  const reader = { read: () => RECORDS } as unknown as RecordFileReader;
  const finish = (collector: RecordCollector) => collector.onTestCaseResult({ meta: () => ({ tsiws: { file: 'f', offset: 0, bytes: 1 } }) } as never);

  test('keeps every record for a caller that wants them (the programmatic run, the mutation harness)', () => {
    const seen: ExchangeRecord[] = [];
    const collector = new RecordCollector(reader, (r) => seen.push(r));
    finish(collector);
    expect(collector.records).toHaveLength(RECORDS.length);
    expect(seen).toHaveLength(RECORDS.length);
  });

  test('keeps none when the caller streams them (run writes records.jsonl and reads it back)', () => {
    const seen: ExchangeRecord[] = [];
    const collector = new RecordCollector(reader, (r) => seen.push(r), undefined, undefined, false);
    finish(collector);
    expect(collector.records).toHaveLength(0);
    expect(seen).toHaveLength(RECORDS.length);
  });
});
