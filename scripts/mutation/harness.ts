/**
 * Runs the subjects of a plan, a few at a time in child processes, and judges them: the clean runs
 * must have no errors (a strict baseline may, see below; warnings are counted) and no tool errors,
 * and each mutant must make every check meant to catch it fire, as an error or as a warning. A
 * mutant caught by warnings alone differs only in ASMX behaviour the contract leaves open (wording,
 * the shape of an error): it is caught under --fail-on warning, and the table says so. Checks that fire on the clean control of the same
 * configuration (for a regression-run mutant: the clean server replaying its own recording) are
 * not credited to a mutant.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ALL_CHECKS, referenceChecks } from '../../src/checks/registry.js';

/** The checks each of which some mutant must fire. An info-level check notes what the contract
 * allows (reference-outcome-explained: a host refusal on one side), so no mutant is caught by it;
 * and every mutant is caught with no --reference-url (issue 59), so a check against a reference
 * deployment is an extra (test/cli/reference.test.ts shows matches-reference catching one). */
export const CATCHABLE_CHECK_IDS: readonly string[] = ALL_CHECKS.filter((c) => c.level !== 'info' && !referenceChecks.some((r) => r.id === c.id)).map((c) => c.id);
import { catalogMutant } from './catalog.js';
import { baselineName, plan, type PlanOptions, type Subject } from './plan.js';
import type { SubjectResult } from './run-subject.js';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** What every run in the table reports, the clean ones and the mutants alike. */
interface RunVerdict {
  readonly name: string;
  readonly config: string;
  /** Checks that fired as errors (for a mutant: errors or warnings beyond its clean baseline). */
  readonly fired: readonly string[];
  /** Why the run (or its baseline recording) did not complete: such a mutant is never caught, and a
   * clean run must have none. */
  readonly toolErrors: readonly string[];
  readonly durationMs: number;
  readonly cpuMs: number;
  readonly exchanges: number;
}

export interface MutantVerdict extends RunVerdict {
  /** For a tolerated variant (real ASMX behaviour): true when no check fired, as required. */
  readonly caught: boolean;
  readonly tolerated: boolean;
  /** The checks meant to catch it that did not fire. */
  readonly missing: readonly string[];
  readonly errors: number;
  /** Caught by warnings only: its run conforms unless --fail-on warning. */
  readonly byWarnings: boolean;
  /** Regression findings of class shape-drift (the mutant changed a result's shape). */
  readonly shapeDrift?: number;
  /** A deployment mistake: whether its run named the diagnosis, and the findings no diagnosis explained. */
  readonly diagnosis?: { readonly id: string; readonly named: boolean; readonly unexplained: number };
}

export interface CleanVerdict extends RunVerdict {
  /** The first failure of each check that fired. */
  readonly samples: Readonly<Record<string, string>>;
  /** The default and asmx baselines must have no errors; a strict baseline is only a reference. */
  readonly mustBeClean: boolean;
  /** Checks that warned, and how often (allowed; shown). */
  readonly warned: Readonly<Record<string, number>>;
  /** Diagnoses the run named: none is allowed on a clean server that must be clean. */
  readonly diagnosed: readonly string[];
}

export interface CatalogResult {
  readonly clean: readonly CleanVerdict[];
  readonly mutants: readonly MutantVerdict[];
  /** Catalog checks that caught no mutant. */
  readonly unfired: readonly string[];
  readonly seed: number;
  readonly parallel: number;
  readonly durationMs: number;
  /** CPU time of all runs together (see SubjectResult.cpuMs). */
  readonly cpuMs: number;
  readonly ok: boolean;
}

/** A worker process (worker.ts) that runs the subjects it is given, one at a time. */
class Worker {
  private readonly child: ChildProcess;
  private readonly lines: AsyncIterator<string>;
  private stderr = '';

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', WORKER], { stdio: ['pipe', 'ignore', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-4000)));
    this.lines = createInterface({ input: this.child.stdio[3] as Readable })[Symbol.asyncIterator]();
  }

  async run(subject: Subject): Promise<SubjectResult> {
    this.child.stdin!.write(`${JSON.stringify(subject)}\n`);
    const next = await this.lines.next();
    if (next.done) throw new Error(`the worker running ${subject.name} ended (exit code ${this.child.exitCode}): ${this.stderr.trim()}`);
    const answer = JSON.parse(next.value) as { ok: true; result: SubjectResult } | { ok: false; error: string };
    if (!answer.ok) throw new Error(`the run of ${subject.name} failed: ${answer.error}`);
    return answer.result;
  }

  close(): void {
    this.child.stdin!.end();
  }
}

/** Runs `subjects` in plan order, at most `parallel` at a time. */
export async function runAll(subjects: readonly Subject[], parallel: number, onResult: (r: SubjectResult) => void): Promise<Map<string, SubjectResult>> {
  const results = new Map<string, SubjectResult>();
  let next = 0;
  const workers = Array.from({ length: Math.min(parallel, subjects.length) }, () => new Worker());
  try {
    await Promise.all(workers.map(async (worker) => {
      while (next < subjects.length) {
        const subject = subjects[next++]!;
        const result = await worker.run(subject);
        results.set(subject.name, result);
        onResult(result);
      }
    }));
  } finally {
    for (const w of workers) w.close();
  }
  return results;
}

export interface CatalogOptions extends PlanOptions {
  readonly parallel?: number;
  readonly onResult?: (r: SubjectResult) => void;
}

export const defaultParallel = () => Math.max(1, Math.min(4, availableParallelism()));

export async function runCatalog(options: CatalogOptions = {}): Promise<CatalogResult> {
  const started = Date.now();
  const subjects = plan(options);
  const parallel = options.parallel ?? defaultParallel();
  const results = await runAll(subjects, parallel, options.onResult ?? (() => {}));
  return { ...judge(subjects, results, options.only === undefined), parallel, durationMs: Date.now() - started };
}

/** The verdicts on finished runs. `wholeCatalog`: also require that every check caught a mutant. */
export function judge(subjects: readonly Subject[], results: ReadonlyMap<string, SubjectResult>, wholeCatalog: boolean): Omit<CatalogResult, 'parallel' | 'durationMs'> {
  const get = (name: string) => results.get(name)!;
  const firedOf = (r: SubjectResult) => Object.keys(r.fired).sort();

  const clean: CleanVerdict[] = subjects.filter((s) => !s.mutant).map((s) => {
    const r = get(s.name);
    return { name: s.name, config: s.config, fired: firedOf(r), warned: r.warned, samples: r.samples, mustBeClean: s.settings.profile === 'asmx', diagnosed: Object.keys(r.diagnoses ?? {}), toolErrors: r.toolErrors, durationMs: r.durationMs, cpuMs: r.cpuMs, exchanges: r.exchanges };
  });

  const mutants: MutantVerdict[] = subjects.filter((s) => s.mutant).map((s) => {
    const m = catalogMutant(s.mutant!)!;
    const r = get(s.name);
    // The default run is the control of a plain asmx mutant when it needs nothing more (plan.ts);
    // a replay has its own control always.
    const control = baselineName(s.settings.profile, s.replay, s.payload, s.settings.stateful, s.reference);
    const baseline = results.get(control) ?? (s.replay ? undefined : results.get('clean'));
    if (!baseline) throw new Error(`the plan has no clean control for ${s.name} (${control})`);
    const seen = (x: SubjectResult) => new Set([...Object.keys(x.fired), ...Object.keys(x.warned)]);
    const before = seen(baseline);
    const fired = [...seen(r)].filter((id) => !before.has(id)).sort();
    const byWarnings = fired.length > 0 && fired.every((id) => !(id in r.fired));
    const missing = m.caughtBy.filter((id) => !fired.includes(id));
    // A deployment mistake is caught only when its run names it and explains every finding with it.
    const diagnosis = m.diagnosis === undefined ? undefined : { id: m.diagnosis, named: (r.diagnoses?.[m.diagnosis] ?? 0) > 0, unexplained: r.unexplained ?? 0 };
    const judged = (m.tolerated ? fired.length === 0 : missing.length === 0) && (!diagnosis || (diagnosis.named && diagnosis.unexplained === 0));
    return { name: m.name, ...(diagnosis ? { diagnosis } : {}), caught: judged && r.toolErrors.length === 0, tolerated: m.tolerated !== undefined, byWarnings, missing, fired, ...(r.shapeDrift ? { shapeDrift: r.shapeDrift } : {}), config: s.config, durationMs: r.durationMs, cpuMs: r.cpuMs, exchanges: r.exchanges, errors: r.errors, toolErrors: r.toolErrors };
  });

  const credited = new Set(mutants.filter((m) => m.caught && !m.tolerated).flatMap((m) => m.fired));
  const unfired = CATCHABLE_CHECK_IDS.filter((id) => !credited.has(id));
  const ok = clean.every((c) => c.toolErrors.length === 0 && (!c.mustBeClean || (c.fired.length === 0 && c.diagnosed.length === 0))) && mutants.every((m) => m.caught) && (!wholeCatalog || unfired.length === 0);
  return { clean, mutants, unfired, seed: subjects[0]!.settings.seed, cpuMs: [...results.values()].reduce((sum, r) => sum + r.cpuMs, 0), ok };
}
