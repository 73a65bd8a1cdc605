/** Writing report files is a separate step from formatting them; each file is replaced atomically. */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import type { RunDigest } from './digest/digest.js';
import { writeChunksAtomic, writeFileAtomic } from '../results/write-atomic.js';
import { CERTIFICATE_FILE, certificateJson, hashWritten } from './formats/certificate.js';
import { writeFailureFiles } from './digest/failure-files.js';
import { reportHtml } from './html/page.js';
import { failingExchanges, failuresHar, HAR_FILE } from './foreign/har.js';
import { exportedExchanges, POSTMAN_FILE, postmanCollection } from './foreign/postman.js';
import { junitChunks } from './foreign/junit.js';
import { parityJsonChunks } from './formats/parity-json.js';
import { heldRecords, EXCHANGE_LOG_FILE, exchangeLogSource, type RecordSource } from '../results/exchange-log.js';
import { regressionJson } from './formats/regression-json.js';
import { resultsJsonChunks } from './formats/results-json.js';
import { diagnosesOf } from './digest/diagnoses-of.js';
import type { RunInfo } from './digest/summary.js';
import { WSI_REPORT_FILE, wsiReportXml } from './digest/wsi-report.js';

/** Every file a run may write into its reports folder (failures/ holds one .json per failure). */
export const REPORT_FILES = ['junit.xml', 'results.json', 'report.html', 'parity.json', 'regression.json', WSI_REPORT_FILE, HAR_FILE, POSTMAN_FILE, 'records.jsonl', CERTIFICATE_FILE] as const;

/** Removes an earlier run's reports from dir, so that a folder never mixes two runs (a CI job that
 * uploads it whatever happened must not publish the previous target's results). Only the files
 * a run writes: anything else the user keeps there stays. */
export function clearReports(dir: string): void {
  for (const name of REPORT_FILES) rmSync(join(dir, name), { force: true });
  const failures = join(dir, 'failures');
  if (!existsSync(failures)) return;
  for (const name of readdirSync(failures)) if (name.endsWith('.json')) rmSync(join(failures, name), { force: true });
  if (readdirSync(failures).length === 0) rmSync(failures, { recursive: true, force: true });
}

/** The --reports folder itself is unusable: the error can only be printed. */
export class ReportsFolderError extends ConfigError {}


/** Empties dir of an earlier run's reports, or says in one line why the folder cannot be used. */
export function prepareReportsFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    clearReports(dir);
  } catch (err) {
    throw new ReportsFolderError(`--reports ${dir}: cannot write the reports there (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a folder you can write to`);
  }
}

/** `digest`: the run's records as they were taken (digest.ts). `streamed`: files the caller
 * already wrote into `dir` during the run (records.jsonl), to be listed and certified with the
 * rest. What needs every record (junit.xml, results.json's verdicts) or records the digest did not
 * keep (the differing parity records) reads them back from records.jsonl when it is among them;
 * without it (a run that ended before its first test) there are none. */
export function writeReports(dir: string, digest: RunDigest, run: RunInfo, streamed: readonly string[] = [], read?: RecordSource): string[] {
  mkdirSync(dir, { recursive: true });
  // One source for every report: the reports read after junit.xml find its lines where it found
  // them. `read`: the source the digest was taken from, which knows where its lines are already.
  const source: RecordSource = streamed.includes(EXCHANGE_LOG_FILE) ? (read ?? exchangeLogSource(dir)) : heldRecords([]);
  // Each report is formatted and written before the next is formatted, in parts where it grows
  // with the run: a large run's texts are never all held at once.
  const files: Array<[string, () => string | Iterable<string>]> = [
    // junit.xml's counts and results.json's verdicts were taken by the digest, in records.jsonl's
    // order: only junit.xml's testcases read the records back (one pass over them, issue 52).
    ['junit.xml', () => junitChunks(source, run, diagnosesOf(digest, run), digest.junit)],
    ['results.json', () => resultsJsonChunks(digest, run)],
    ['parity.json', () => parityJsonChunks(digest.parity, source.at(digest.differingAt), run)],
    ['report.html', () => reportHtml(digest, run, source)],
  ];
  if (digest.compared) files.push(['regression.json', () => regressionJson(digest.regression.data(), run)]);
  // Whenever the WS-I checks judged anything (they run by default; --skip-checks leaves them out).
  if (digest.wsi.subjects > 0) files.push([WSI_REPORT_FILE, () => wsiReportXml(digest.wsi, run)]);
  // Only with failures, as failures/ (docs/reports.md): an empty HAR would only say what the verdict says.
  if (failingExchanges(digest.kept, digest.failOn).length > 0) files.push([HAR_FILE, () => failuresHar(digest.kept, run, digest.failOn)]);
  // Read from the run's recorded configuration, so merge-reports exports as the run did.
  const exportAll = run.configuration['exportAll'] === true;
  // --export-all needs the passing exchanges, which the digest does not keep: read back from
  // records.jsonl and held whole (the SDK builds one object), which is why it is opt-in.
  const exported = exportAll ? [...source.records()] : digest.kept;
  if (exportedExchanges(exported, digest.failOn, exportAll).length > 0) files.push([POSTMAN_FILE, () => postmanCollection(exported, run, digest.failOn, exportAll)]);
  const written = files.map(([name, format]) => {
    const path = join(dir, name);
    const content = format();
    if (typeof content === 'string') writeFileAtomic(path, content);
    else writeChunksAtomic(path, content);
    return path;
  });
  written.push(...streamed.map((name) => join(dir, name)));
  if (writeFailureFiles(dir, digest.kept, run) > 0) written.push(join(dir, 'failures', '*.json'));
  // Last: it holds the sha256 of every file written above (verify-certificate checks them).
  const certificate = join(dir, CERTIFICATE_FILE);
  writeFileAtomic(certificate, certificateJson(digest, run, hashWritten(dir, written)));
  written.push(certificate);
  return written;
}
