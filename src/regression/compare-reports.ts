/**
 * `tsiws-conform compare OLD NEW`: what changed between two runs' results.json (pure). A failure
 * is identified by its stable case key (results/verdicts.ts), transport and check. A failure of OLD that
 * NEW does not have counts as newly passing only when NEW ran that exchange; otherwise it is "no
 * longer run" (a narrower run, or mutation safety), which hides nothing.
 */
import { stableCaseId } from '../results/verdicts.js';
import { failOnOf, failsRun, type FailOn, type Level } from '../results/levels.js';
import type { ShapeComparison } from '../shapes/compare-shapes.js';
import type { ReferenceCounts } from '../results/reference.js';

/** The parts of results.json that compare reads. */
export interface ResultsFile {
  readonly run?: { readonly startedAt?: string; readonly target?: string; readonly tool?: { readonly version?: string }; readonly configuration?: Readonly<Record<string, unknown>> };
  /** `level` is absent in reports written before graded findings: every failure was an error then. */
  readonly failures: ReadonlyArray<{ readonly operation: string; readonly transport: string; readonly caseId: string; readonly kind: string; readonly check: string; readonly status: string; readonly level?: Level; readonly message?: string }>;
  /** Absent in reports written before compare existed: then every failure's exchange counts as run. */
  readonly verdicts?: Readonly<Record<string, string>>;
  /** `summary.reference`: present in runs given --reference-url. */
  readonly summary?: { readonly reference?: ReferenceCounts };
}

export interface CheckChange {
  readonly case: string;
  readonly transport: string;
  readonly check: string;
  readonly message: string;
}

export interface ReportComparison {
  /** Findings that fail the new run (errors, and warnings under its --fail-on warning). */
  readonly newlyFailing: readonly CheckChange[];
  readonly newlyPassing: readonly CheckChange[];
  readonly noLongerRun: readonly CheckChange[];
  /** Warnings that do not fail the new run: new ones, and those gone from an exchange run again. */
  readonly newWarnings: readonly CheckChange[];
  readonly goneWarnings: readonly CheckChange[];
  readonly changedVerdicts: ReadonlyArray<{ readonly case: string; readonly transport: string; readonly old: string; readonly new: string }>;
  readonly newCases: number;
  readonly goneCases: number;
  /** How each operation's result shape changed (both folders' records.jsonl); undefined: not compared. */
  readonly shapes?: ShapeComparison;
  /** Each run's counts against its --reference-url (null: that run had none); absent when neither had. */
  readonly reference?: { readonly old: ReferenceCounts | null; readonly new: ReferenceCounts | null };
}

type Failure = ResultsFile['failures'][number];

/** The failures that fail a run with `failOn`, or (`warnings`) the warnings that do not. */
function failureMap(results: ResultsFile, failOn: FailOn, which: 'failing' | 'warnings' = 'failing'): Map<string, CheckChange> {
  const failing = (f: Failure) => f.status === 'error' || failsRun(f.level, failOn);
  const out = new Map<string, CheckChange>();
  for (const f of results.failures.filter((x) => (which === 'failing' ? failing(x) : x.status === 'failed' && x.level === 'warning' && !failing(x)))) {
    const change = { case: stableCaseId(f), transport: f.transport, check: f.check, message: (f.message ?? '').split('\n')[0]!.slice(0, 200) };
    out.set(`${change.case} ${change.transport} ${change.check}`, change);
  }
  return out;
}

const exchangeKey = (c: CheckChange) => `${c.case} ${c.transport}`;

/** Whether the comparison fails the release: a check newly fails, or a result's shape drifted. */
export const comparisonFails = (c: ReportComparison): boolean => c.newlyFailing.length > 0 || (c.shapes?.drift.length ?? 0) > 0;

export function compareReports(older: ResultsFile, newer: ResultsFile, shapes?: ShapeComparison): ReportComparison {
  // Both runs are judged by the new run's --fail-on: what would fail the release now.
  const failOn = failOnOf({ configuration: newer.run?.configuration ?? {} });
  const was = failureMap(older, failOn);
  const now = failureMap(newer, failOn);
  const warnedBefore = failureMap(older, failOn, 'warnings');
  const warnsNow = failureMap(newer, failOn, 'warnings');
  const ranNow = (c: CheckChange) => (newer.verdicts ? (newer.verdicts[exchangeKey(c)] ?? 'skipped') !== 'skipped' : true);
  const gone = [...was].filter(([k]) => !now.has(k)).map(([, c]) => c);
  const oldV = older.verdicts ?? {};
  const newV = newer.verdicts ?? {};
  const changedVerdicts = Object.entries(newV)
    .filter(([k, v]) => k in oldV && oldV[k] !== v)
    .map(([k, v]) => {
      const i = k.lastIndexOf(' ');
      return { case: k.slice(0, i), transport: k.slice(i + 1), old: oldV[k]!, new: v };
    });
  return {
    newlyFailing: [...now].filter(([k]) => !was.has(k)).map(([, c]) => c),
    newlyPassing: gone.filter(ranNow),
    noLongerRun: gone.filter((c) => !ranNow(c)),
    newWarnings: [...warnsNow].filter(([k]) => !warnedBefore.has(k)).map(([, c]) => c),
    goneWarnings: [...warnedBefore].filter(([k]) => !warnsNow.has(k)).map(([, c]) => c).filter(ranNow),
    changedVerdicts,
    newCases: Object.keys(newV).filter((k) => !(k in oldV)).length,
    goneCases: Object.keys(oldV).filter((k) => !(k in newV)).length,
    ...(shapes ? { shapes } : {}),
    ...(countsIn(older) || countsIn(newer) ? { reference: { old: countsIn(older), new: countsIn(newer) } } : {}),
  };
}

/** A results.json's counts against its reference; null without (or with an unreadable) one. */
function countsIn(results: ResultsFile): ReferenceCounts | null {
  const c = results.summary?.reference;
  return c && typeof c === 'object' && (['compared', 'same', 'noise', 'different'] as const).every((k) => typeof c[k] === 'number') ? c : null;
}

/** A run's counts against its reference, for compare's output. */
const referenceText = (c: ReferenceCounts | null): string => (c ? `${c.compared} compared with ${c.url}: ${c.same} same, ${c.noise} noise, ${c.different} different` : 'no reference');

export function formatComparison(c: ReportComparison): string {
  const lines: string[] = [];
  const list = (title: string, items: readonly CheckChange[]) => {
    lines.push(`${title} (${items.length})${items.length ? ':' : ''}`);
    for (const i of items) lines.push(`  ${i.case} ${i.transport} ${i.check}${i.message ? `: ${i.message}` : ''}`);
  };
  list('Newly failing checks', c.newlyFailing);
  list('Newly passing checks', c.newlyPassing);
  if (c.noLongerRun.length > 0) list('Failing before, not run now', c.noLongerRun);
  // Warnings never fail the comparison (unless the new run fails on them), and are never hidden.
  if (c.newWarnings.length > 0 || c.goneWarnings.length > 0) {
    list('New warnings', c.newWarnings);
    list('Warnings gone', c.goneWarnings);
  }
  lines.push(`Cases that changed verdict (${c.changedVerdicts.length})${c.changedVerdicts.length ? ':' : ''}`);
  for (const v of c.changedVerdicts) lines.push(`  ${v.case} ${v.transport}: ${v.old} -> ${v.new}`);
  if (c.shapes) {
    // Shape drift fails the comparison like a newly failing check: a client parsing the result breaks.
    lines.push(`Shape drift (${c.shapes.drift.length} of ${c.shapes.compared} operations compared)${c.shapes.drift.length ? ':' : ''}`);
    for (const d of c.shapes.drift) lines.push(`  ${d.operation}: ${d.changes.join('; ')}`);
    if (c.shapes.notCompared.length > 0) lines.push(`  not compared (results of valid requests in one run only): ${c.shapes.notCompared.join(', ')}`);
  }
  if (c.reference) lines.push(`Reference: old run ${referenceText(c.reference.old)}; new run ${referenceText(c.reference.new)}`);
  if (c.newCases || c.goneCases) lines.push(`${c.newCases} exchanges only in the new run, ${c.goneCases} only in the old one`);
  return lines.join('\n');
}
