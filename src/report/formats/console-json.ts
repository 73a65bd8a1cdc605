/**
 * `run --format json`: the one document a machine reads from stdout. Small on purpose: the verdict,
 * the counts, where the reports are, and one line per failure pointing at its replayable file;
 * everything else is in results.json.
 */
import { asDigest, type Reported } from '../digest/digest.js';
import { failureId } from '../digest/failure-files.js';
import { failuresOf, type RunInfo } from '../digest/summary.js';
import { diagnosesOf } from '../digest/diagnoses-of.js';

export interface ConsoleJsonExtra {
  /** Undefined when the run could not tell where its reports go (a bad --reports). */
  readonly reportsDir: string | undefined;
  /** Paths writeReports returned (failures/ as a glob). */
  readonly files: readonly string[];
  readonly exitCode: number;
  readonly interrupted?: string;
}

/** `reported`: the run's digest (or its records); failures are in the records it keeps. */
export function consoleJson(reported: Reported, run: RunInfo, extra: ConsoleJsonExtra): string {
  const digest = asDigest(reported, run);
  const s = digest.summary(run);
  const failures = digest.kept.flatMap((r) => failuresOf([r]).map((f) => ({
    operation: f.operation, transport: f.transport, kind: f.kind,
    ...(f.scenario ? { scenario: f.scenario } : {}), ...(f.param ? { param: f.param } : {}),
    check: f.check, status: f.status, level: f.level, message: f.message.split('\n')[0],
    file: `failures/${failureId(r)}.json`,
  })));
  return JSON.stringify({
    tool: run.tool,
    verdict: s.verdict,
    exitCode: extra.exitCode,
    ...(extra.interrupted ? { interrupted: extra.interrupted } : {}),
    ...(run.incomplete ? { incomplete: run.incomplete } : {}),
    ...(run.failure ? { error: { code: run.failure.code, message: run.failure.message } } : {}),
    target: run.target,
    profile: run.configuration['profile'],
    seed: run.seed,
    durationMs: run.durationMs,
    failOn: s.failOn,
    summary: { exchanges: s.exchanges, checks: s.checks, levels: s.levels, cells: s.cells, ...(s.dataPath ? { dataPath: s.dataPath } : {}) },
    reports: { dir: extra.reportsDir ?? null, files: extra.files },
    toolErrors: run.toolErrors,
    // The root causes first (src/diagnoses/): what to fix, and how many findings each explains.
    diagnoses: diagnosesOf(digest, run).map((d) => ({ id: d.id, level: d.level, summary: d.summary, fix: d.fix, explains: d.explains.length })),
    failures,
  }, null, 2);
}
