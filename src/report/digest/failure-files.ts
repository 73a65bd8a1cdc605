/**
 * reports/failures/<id>.json: one file per failing exchange, enough to reproduce it from the file
 * alone (schemathesis' "Reproduce with", fast-check's seed and path): the case's values, the exact
 * request and response (secrets as the spec's placeholders), the checks that fired, a curl command
 * and the replay command. Secrets never enter a record, so none enter these files.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findingsOf } from '../../results/findings.js';
import { EXCERPT_BYTES } from '../../results/recorded-http.js';
import { redactClip } from '../../results/redact.js';
import type { ExchangeRecord } from '../../results/record.js';
import type { FieldDifference, ReferenceAnswer } from '../../results/reference.js';
import { transportOutcomeOf } from '../../results/outcome-of-record.js';
import type { TransportOutcome } from '../../results/transport-outcome.js';
import type { RunInfo } from './summary.js';
import { writeFileAtomic } from '../../results/write-atomic.js';
import type { ResultFormat } from '../../results/result-format.js';

export const FAILURE_FILE_VERSION = 1;

export interface FailureFile {
  readonly version: number;
  readonly id: string;
  readonly target: string;
  readonly embedded: boolean;
  /** The embedded server was the stateful reference implementation (run --stateful). */
  readonly stateful?: true;
  readonly namespace: string;
  readonly profile: unknown;
  readonly echo: boolean;
  /** The result format the echo was read in (absent in older files: json). */
  readonly resultFormat?: ResultFormat;
  /** The --checks-module of the run, whose checks the replay runs again. */
  readonly checksModule?: string;
  readonly seed: number;
  /** The run's --result-schemas, which result-schema findings need to be judged again. */
  readonly resultSchemas?: string;
  readonly record: ExchangeRecord;
  /** With --reference-url: the candidate's answer beside the reference's to the same case. */
  readonly reference?: ReferenceSideBySide;
  readonly findings: readonly string[];
  readonly curl: string;
  readonly replay: string;
}

export interface ReferenceSideBySide {
  readonly candidate: Pick<TransportOutcome, 'status' | 'outcome' | 'text'>;
  /** The reference's answers (primary first), as the record keeps them. */
  readonly answers: readonly ReferenceAnswer[];
  /** The candidate's differences from the primary answer, noise included (the record's). */
  readonly differences: readonly FieldDifference[];
}

/** What a vendor compares first, taken out of the record: the reference's answer and the
 * candidate's, clipped alike (the record's texts are redacted already). */
function sideBySide(r: ExchangeRecord): ReferenceSideBySide | undefined {
  if (!r.reference || r.reference.answers.length === 0) return undefined;
  const { status, outcome, text } = transportOutcomeOf(r);
  return { candidate: { status, outcome, text: text === null ? null : redactClip(text, EXCERPT_BYTES, []) }, answers: r.reference.answers, differences: r.reference.differences };
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');

export function failureId(r: Pick<ExchangeRecord, 'caseId' | 'transport'>): string {
  return safe(`${r.caseId}-${r.transport}`);
}

export function failureFile(r: ExchangeRecord, run: RunInfo, path: string): FailureFile {
  const reference = sideBySide(r);
  return {
    version: FAILURE_FILE_VERSION,
    id: failureId(r),
    target: run.target,
    embedded: run.embedded,
    ...(run.embedded && run.configuration['stateful'] === true ? { stateful: true as const } : {}),
    namespace: run.namespace,
    profile: run.configuration['profile'],
    // The echo is read where the run read it: by default from the embedded echo server only.
    echo: run.configuration['echo'] === true || (run.configuration['echo'] === undefined && run.embedded && run.configuration['stateful'] !== true),
    resultFormat: run.configuration['resultFormat'] === 'xml' ? 'xml' : 'json',
    ...(typeof run.configuration['checksModule'] === 'string' ? { checksModule: run.configuration['checksModule'] } : {}),
    seed: run.seed,
    ...(typeof run.configuration['resultSchemas'] === 'string' ? { resultSchemas: run.configuration['resultSchemas'] } : {}),
    record: r,
    ...(reference ? { reference } : {}),
    findings: findingsOf(r, 'warning'),
    curl: r.request.curl,
    replay: `npx tsiws-conform replay ${path}${run.embedded ? '' : ' --base-url <target>'}`,
  };
}

/** Replaces the failures folder's files with one per failing record; returns how many. */
export function writeFailureFiles(reportsDir: string, records: readonly ExchangeRecord[], run: RunInfo): number {
  const dir = join(reportsDir, 'failures');
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (old.endsWith('.json')) rmSync(join(dir, old));
  let count = 0;
  for (const r of records) {
    // Warnings get a replayable file too: a vendor is handed a reproducible request for each.
    if (findingsOf(r, 'warning').length === 0) continue;
    const path = join(dir, `${failureId(r)}.json`);
    writeFileAtomic(path, `${JSON.stringify(failureFile(r, run, path), null, 2)}\n`);
    count++;
  }
  return count;
}
