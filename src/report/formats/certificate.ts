/**
 * reports/certificate.json: what a vendor hands over with its reports. It names the tool version,
 * the contract (sha256 of the reconstructed WSDL for the run's namespace), the target, profile,
 * seed and verdict, the outcome per operation and transport, and the sha256 of every report file
 * the run wrote, so `tsiws-conform verify-certificate DIR` can tell whether any was altered,
 * removed or added afterwards. It is written last, after every file it lists.
 *
 * Not a signature: anyone can rewrite the reports and the certificate together. It lets the
 * receiver check that the files belong together and match a tool version and contract; to bind
 * them to the sender, hash certificate.json itself into the hand-over (e.g. a signed e-mail).
 */
import { waiversJson } from '../digest/waivers.js';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { failsRun, type FailOn, type LevelCounts } from '../../results/levels.js';
import type { CheckOutcome } from '../../results/check-outcome.js';
import { TRANSPORT_IDS } from '../../transports/index.js';
import { DEFAULT_WSDL_BASE_URL, generateWsdl } from '../../wsdl/generate.js';
import type { CellOutcome } from '../digest/cell-outcome.js';
import { asDigest, type Reported } from '../digest/digest.js';
import { REFERENCE_COLUMN } from '../digest/reference.js';
import type { RunInfo, Summary } from '../digest/summary.js';
import { wsiGroundsOf, type WsiReport } from '../digest/wsi-report.js';
import { WSI_ASSERTIONS } from '../../checks/wsi/catalog.js';

export const CERTIFICATE_FILE = 'certificate.json';
export const CERTIFICATE_FORMAT = 'tsiws-conformance-certificate/1';

export interface Certificate {
  readonly format: typeof CERTIFICATE_FORMAT;
  readonly tool: { readonly name: string; readonly version: string };
  readonly contract: { readonly namespace: string; readonly wsdlSha256: string; readonly wsdlBaseUrl: string };
  readonly target: string;
  readonly embedded: boolean;
  readonly profile: unknown;
  readonly seed: number;
  readonly startedAt: string;
  readonly verdict: string;
  /** The lowest level that failed the run, and the failed verdicts per level (warnings are never silent). */
  readonly failOn: FailOn;
  readonly levels: LevelCounts;
  readonly incomplete?: RunInfo['incomplete'];
  /** Selected operation x transport cells with nothing sent, and why (verdict conforms-partially). */
  readonly notCovered?: Summary['cells']['notCovered'];
  /** What the valid requests got (report/digest/data-path.ts), when the run classed them: an operation
   * without a success is a warning, and fails the run under --fail-on warning. */
  readonly dataPath?: Summary['dataPath'];
  /** operation -> transport (and parity, when compared) -> outcome. */
  readonly outcomes: Record<string, Record<string, CellOutcome>>;
  /** Service-level checks (the ?WSDL comparison) -> outcome. */
  readonly service: Record<string, CellOutcome>;
  /** The WS-I Basic Profile 1.1 verdict (wsi-report.xml), when the run judged its assertions. */
  readonly wsi?: WsiCertificate;
  /** Every waiver of the run (waivers.ts): what it forgave, how often, whether it expired or was
   * stale; absent without waivers. */
  readonly waivers?: ReturnType<typeof waiversJson>['waivers'];
  /** Report file (relative to the reports folder, `/` separated) -> sha256 of its bytes. */
  readonly files: Readonly<Record<string, string>>;
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const HASH_CHUNK = 1024 * 1024;

/** The one buffer every file is read into: a fresh zeroed megabyte per file cost a failing run
 * 0.1 ms of the main process per failure file (13,696 of them at --repeat 16: 1.5 s, profiled, issue 61). */
let hashBuffer: Buffer | undefined;

/** The sha256 of a file's bytes, read a megabyte at a time: a large run's junit.xml and
 * records.jsonl (hundreds of MiB at --repeat 64) are never held whole. */
export function fileSha256(path: string): string {
  const hash = createHash('sha256');
  const buffer = (hashBuffer ??= Buffer.allocUnsafe(HASH_CHUNK));
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** As in the verdict and junit.xml: an exchange the target did not complete (timeout, reset) is a
 * finding about the target (fail); error is kept for a check of ours that crashed. */
const CHECK_CELL: Record<CheckOutcome['status'], CellOutcome> = { passed: 'pass', failed: 'fail', error: 'error', skipped: 'skipped', waived: 'pass' };

/** Worst outcome per operation and transport; cells the run configured but never reached are not-run. */
export function outcomeTable(reported: Reported, run: RunInfo): Record<string, Record<string, CellOutcome>> {
  const digest = asDigest(reported, run);
  const configured = (key: string) => (Array.isArray(run.configuration[key]) ? (run.configuration[key] as string[]) : []);
  const operations = [...new Set([...configured('operations'), ...digest.operations])];
  const transports = [...new Set([...configured('transports'), ...digest.transports])]
    .sort((a, b) => TRANSPORT_IDS.indexOf(a as never) - TRANSPORT_IDS.indexOf(b as never));
  if ([...digest.operations].some((op) => digest.cell(op, 'parity'))) transports.push('parity');
  if ([...digest.operations].some((op) => digest.cell(op, REFERENCE_COLUMN))) transports.push(REFERENCE_COLUMN);
  // A cell holding only skips is skipped; any exchange made outranks a skip.
  return Object.fromEntries(operations.map((op) => [op, Object.fromEntries(transports.map((t) => [t, digest.cell(op, t)?.certificate ?? 'not-run']))]));
}

/** The files behind writeReports' list of written paths (which names failures/ as a glob). */
export function expandWritten(dir: string, written: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of written) {
    if (path.endsWith(`${sep}*.json`) || path.endsWith('/*.json')) {
      const folder = path.slice(0, -'/*.json'.length);
      if (existsSync(folder)) files.push(...readdirSync(folder).filter((f) => f.endsWith('.json')).sort().map((f) => join(folder, f)));
    } else files.push(path);
  }
  return files.map((f) => relative(dir, f).split(sep).join('/')).filter((f) => f !== CERTIFICATE_FILE);
}

/** The sha256 of each file behind writeReports' list (read back from disk: the bytes as written). */
export function hashWritten(dir: string, written: readonly string[]): Record<string, string> {
  return Object.fromEntries(expandWritten(dir, written).map((name) => [name, fileSha256(join(dir, name))]));
}

/** Pure: the certificate of a run, given the hashes of its report files. */
export function certificateJson(reported: Reported, run: RunInfo, files: Readonly<Record<string, string>>): string {
  const digest = asDigest(reported, run);
  const summary = digest.summary(run);
  const certificate: Certificate = {
    format: CERTIFICATE_FORMAT,
    tool: run.tool,
    contract: { namespace: run.namespace, wsdlSha256: sha256(generateWsdl({ namespace: run.namespace, baseUrl: DEFAULT_WSDL_BASE_URL })), wsdlBaseUrl: DEFAULT_WSDL_BASE_URL },
    target: run.target,
    embedded: run.embedded,
    profile: run.configuration['profile'],
    seed: run.seed,
    startedAt: run.startedAt,
    verdict: summary.verdict,
    failOn: summary.failOn,
    levels: summary.levels,
    ...(run.incomplete ? { incomplete: run.incomplete } : {}),
    ...(summary.cells.notCovered.length > 0 ? { notCovered: summary.cells.notCovered } : {}),
    ...(summary.dataPath ? { dataPath: summary.dataPath } : {}),
    outcomes: outcomeTable(digest, run),
    ...(digest.wsi.subjects > 0 ? { wsi: wsiCertificate(digest.wsi, run) } : {}),
    ...waiversJson(digest.waivers.uses(run)),
    service: Object.fromEntries(digest.kept.filter((r) => r.kind === 'service').flatMap((r) => (r.error ? [[r.transport, 'fail']] : r.checks.map((c) => [c.id, c.status === 'failed' && !failsRun(c.level, summary.failOn) ? 'pass' : CHECK_CELL[c.status]])))),
    files,
  };
  return `${JSON.stringify(certificate, null, 2)}\n`;
}

export interface WsiCertificate {
  readonly profile: 'WS-I Basic Profile 1.1';
  readonly result: 'passed' | 'failed';
  /** Why a failure is an error: the target's own wsi:Claim, --wsi bp11, or neither (a warning). */
  readonly heldBy: 'claim' | 'flag' | 'none';
  /** The target's WSDL claims Basic Profile 1.1 (wsi:Claim); and --wsi as the run was given it. */
  readonly claimFound: boolean;
  readonly asked: 'off' | 'bp11';
  /** The assertions that failed, and those the Analyzer only warned about (a SHOULD). */
  readonly failed: readonly string[];
  readonly warned: readonly string[];
}

function wsiCertificate(report: WsiReport, run: RunInfo): WsiCertificate {
  const failed = report.failedIds();
  const warned = WSI_ASSERTIONS.filter((a) => (report.tally(a.id)?.counts.warning ?? 0) > 0).map((a) => a.id);
  const { heldBy, claimFound, asked } = wsiGroundsOf(report, run);
  return { profile: 'WS-I Basic Profile 1.1', result: failed.length === 0 ? 'passed' : 'failed', heldBy, claimFound, asked, failed, warned };
}

/** Every file under dir, relative and `/` separated. */
export function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split(sep).join('/'))
    .sort();
}
