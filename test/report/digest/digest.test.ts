/** The run digest (src/report/digest/digest.ts): fed a record at a time, it gives the same aggregates as
 * the pure functions over the whole array, and keeps only the records reports print in full. */
import { describe, expect, test } from 'vitest';
import { findingsOf, levelCounts } from '../../../src/results/findings.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { coverageOf } from '../../../src/report/digest/coverage.js';
import { digestOf, RunDigest } from '../../../src/report/digest/digest.js';
import { notCoveredCells } from '../../../src/report/digest/not-covered.js';
import { reportOrder } from '../../../src/report/digest/report-order.js';
import { failuresOf, notesOf, summarise, type RunInfo } from '../../../src/report/digest/summary.js';
import { MIXED_RECORDS, MIXED_RUN } from '../../support/records.js';

const passing = MIXED_RECORDS[0]!;
const warning: ExchangeRecord = { ...passing, transport: 'get', caseId: 'w1', checks: [{ id: 'fault-wording', status: 'failed', level: 'warning', message: 'wording' }] };
const info: ExchangeRecord = { ...passing, transport: 'soap12', caseId: 'i1', checks: [{ id: 'fault-wording', status: 'failed', level: 'info', message: 'noted' }] };
const parity = (caseId: string, inherent: boolean): ExchangeRecord => ({
  ...passing, transport: 'parity', kind: 'parity', caseId, checks: [{ id: 'transport-parity', status: inherent ? 'passed' : 'failed' }],
  parity: { outcomes: [], rules: [], differences: [{ transport: 'get', reference: 'soap11', class: 'rejection', detail: 'd', ...(inherent ? { inherent: { id: 'x', evidence: 'e' } } : {}) }] },
});
const agreeing: ExchangeRecord = { ...passing, transport: 'parity', kind: 'parity', caseId: 'agree', parity: { outcomes: [], rules: [], differences: [] } };
const RECORDS: ExchangeRecord[] = [...MIXED_RECORDS, warning, info, parity('d1', false), parity('d2', true), agreeing, { ...passing, caseId: 'p9' }];

const runWith = (configuration: Record<string, unknown>): RunInfo => ({ ...MIXED_RUN, toolErrors: [], configuration: { profile: 'asmx', operations: ['MobileGetEmployee', 'MobileSaveNote', 'MobileGetCompany'], transports: ['soap11', 'soap12', 'get', 'post'], ...configuration } });

describe.each(['error', 'warning'] as const)('fed one record at a time, --fail-on %s', (failOn) => {
  const run = runWith({ failOn });
  const digest = new RunDigest(failOn);
  for (const r of RECORDS) digest.add(r);

  test('its summary is summarise over the array', () => {
    expect(digest.summary(run)).toEqual(summarise(RECORDS, run));
  });

  test('its level counts, not-covered cells and coverage are those of the array', () => {
    expect(digest.levels).toEqual(levelCounts(RECORDS));
    expect(digest.summary(run).cells.notCovered).toEqual(notCoveredCells(RECORDS, run));
    expect(digest.coverage.coverage()).toEqual(coverageOf(RECORDS));
  });

  test('the records it keeps give every failure and note the array does, in report order', () => {
    expect(failuresOf(digest.kept)).toEqual(failuresOf([...RECORDS].sort(reportOrder)));
    expect(notesOf(digest.kept)).toEqual(notesOf(RECORDS));
  });

  test('parity: counted, and the differing records kept in run order', () => {
    expect(digest.parity.summary()).toEqual({ compared: 3, agreeing: 1, withDefects: 1, inherentOnly: 1 });
    expect(digest.differingAt.map((i) => RECORDS[i]!.caseId)).toEqual(['d1', 'd2']);
  });

  test('per cell: records, outcomes and kinds counted', () => {
    const cell = digest.cell('MobileGetEmployee', 'soap11')!;
    expect(cell.total).toBe(2);
    expect(cell.outcomes).toEqual({ passed: 2, failed: 0, error: 0, skipped: 0 });
    expect(digest.cell('MobileSaveNote', 'post')!.firstSkipped).toMatch(/allow-mutations/);
    expect(digest.cell('MobileGetEmployee', 'get')!.warnings).toBe(failOn === 'error' ? 1 : 0);
  });
});

test('a passing record is counted and not kept: only records with findings and the service\'s are; differing parity records by their positions', () => {
  const digest = digestOf(RECORDS, 'error');
  const held = digest.kept;
  // A difference with no finding (inherent to ASMX) is not held; a defect is a finding, and is.
  expect(held.map((r) => r.caseId)).not.toContain('d2');
  expect(held).not.toContain(passing);
  expect(held).not.toContain(RECORDS.at(-1));
  expect(held).not.toContain(info); // an observation is counted (levels, console), not printed in full
  for (const r of digest.kept) expect(r.kind === 'service' || findingsOf(r, 'warning').length > 0).toBe(true);
  expect(digest.records).toBe(RECORDS.length);
});

test('a digest is reported only with the --fail-on it counted with', async () => {
  const { asDigest } = await import('../../../src/report/digest/digest.js');
  expect(() => asDigest(new RunDigest('warning'), runWith({ failOn: 'error' }))).toThrow(/fail-on warning/);
});

test('coverage counts a value sent again (a repetition) each time, a long value too, the classes of one not leaking into another transport\'s', () => {
  const base = { operation: 'MobileContactSearch', kind: 'positive' as const, request: { method: 'GET', url: '', headers: {}, curl: '' }, checks: [] };
  const long = 'x'.repeat(300);
  const records: ExchangeRecord[] = [
    ...[1, 2, 3].map((n) => ({ ...base, transport: 'get' as const, caseId: `c-r${n}`, values: { firstname: ' a ', lastname: long } })),
    { ...base, transport: 'post' as const, caseId: 'c', values: { firstname: ' a ', lastname: long } },
  ];
  const param = (rs: ExchangeRecord[], name: string) => coverageOf(rs).find((o) => o.operation === 'MobileContactSearch')!.params.find((p) => p.name === name)!;
  expect(param(records, 'firstname').byTransport.get).toEqual({ whitespace: 3 });
  expect(param(records, 'firstname').byTransport.post).toEqual({ whitespace: 1 });
  expect(param(records, 'lastname').byTransport.get).toEqual({ long: 3 });
  expect(param(records.slice(0, 1), 'firstname').byTransport.get).toEqual({ whitespace: 1 });
});
