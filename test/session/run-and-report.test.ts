/** runAndReport, the one entry point of a run (src/session/run-and-report.ts), called as a user's
 * script calls it (src/session/api.ts): settings from the run command's flags, each record handed
 * over once it is in records.jsonl, and the reports written. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runAndReport, runSettings, type ExchangeRecord } from '../../src/session/api.js';

const folder = () => mkdtempSync(join(tmpdir(), 'tsiws-session-'));
const FLAGS = ['--suites', 'positive', '--operations', 'MobileContactSearch', '--runs', '1', '--max-string-length', '300', '--seed', '3'];

test('a run hands over each record once it is logged, says its plan, and writes the reports', async () => {
  const reports = folder();
  const settings = await runSettings([...FLAGS, '--reports', reports], {});
  const said: string[] = [];
  const records: ExchangeRecord[] = [];
  const report = await runAndReport(settings, { say: (line) => said.push(line), onRecord: (r) => records.push(r) });
  expect(said).toEqual([
    'tsiws-conform: 1 operations x 4 transports against the embedded reference server',
    'Seed: 3 (repeat these requests with --seed 3); 1 fuzzed requests per operation and transport',
  ]);
  const logged = readFileSync(join(reports, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ExchangeRecord);
  expect(records.length).toBeGreaterThan(0);
  expect(records.map((r) => `${r.caseId} ${r.transport}`)).toEqual(logged.map((r) => `${r.caseId} ${r.transport}`));
  const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8'));
  expect(results.summary).toEqual(report.digest.summary(report.info));
  expect(report.digest.summary(report.info).verdict).toBe('conforms');
  expect(report.files.map((f) => f.slice(reports.length + 1))).toEqual(['junit.xml', 'results.json', 'parity.json', 'report.html', 'wsi-report.xml', 'records.jsonl', 'certificate.json']);
  expect(report.interrupted).toBeUndefined();
  expect(report.baselineWritten).toBeUndefined();
});

test('a reports folder that cannot be written is bad usage, named before anything is said or sent', async () => {
  const parent = folder();
  writeFileSync(join(parent, 'taken'), 'a file, not a folder');
  const settings = await runSettings([...FLAGS, '--reports', join(parent, 'taken', 'reports')], {});
  const said: string[] = [];
  await expect(runAndReport(settings, { say: (line) => said.push(line) })).rejects.toThrow(`--reports ${join(parent, 'taken', 'reports')}: cannot write the reports there (ENOTDIR); give a folder you can write to`);
  expect(said).toEqual([]);
});

test('a flag the run command does not know is refused by name, as the command refuses it', async () => {
  await expect(runSettings(['--suite', 'positive'], {})).rejects.toThrow('unknown flag --suite (did you mean --suites?) (see tsiws-conform run --help)');
});
