/** One conformance run of one subject (or, for a replay subject, a regression run: record, then
 * replay), in this process, reduced to what the mutation table needs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunSettings } from '../../src/config/settings.js';
import { runWritingBaseline } from '../../src/engine/run/run-writing-baseline.js';
import { SequenceParity } from '../../src/engine/sequences/sequence-parity.js';
import { conformanceRun, type RunOptions, type RunResult } from '../../src/engine/run/run.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { readBaseline } from '../../src/regression/baseline.js';
import { inferSchemas } from '../../src/shapes/infer-schemas.js';
import { resultSamples } from '../../src/regression/result-samples.js';
import { toolInfo } from '../../src/results/tool-info.js';
import { AUTH_SECRET, type Subject } from './plan.js';
import { processCpuMs } from '../../src/bench/cpu.js';
import { diagnose, findingsIn } from '../../src/diagnoses/diagnose.js';
import { outcomeOf } from '../../src/results/findings.js';
import { startReferenceServer } from '../../src/server/server.js';
import { ReferenceVerdicts } from '../../src/session/reference-records.js';
import { TransportReachVerdicts } from '../../src/session/transport-reach.js';

export interface SubjectResult {
  readonly name: string;
  readonly config: string;
  /** Check ids with at least one failed verdict of level error, and how many. */
  readonly fired: Readonly<Record<string, number>>;
  /** Check ids with at least one warning (src/results/levels.ts), and how many; info is not counted. */
  readonly warned: Readonly<Record<string, number>>;
  /** The first failure message of each check that fired, to show why. */
  readonly samples: Readonly<Record<string, string>>;
  /** matches-baseline findings of class shape-drift (a result's shape left the baseline's). */
  readonly shapeDrift?: number;
  readonly exchanges: number;
  /** Records the run could not complete (timeouts, tool errors): never credited as catching. */
  readonly errors: number;
  readonly toolErrors: readonly string[];
  readonly durationMs: number;
  /** CPU time of the run: this process and the suites' forks (Linux), or this process only. */
  readonly cpuMs: number;
  /** The run's diagnoses (src/diagnoses/): how many findings each explains; and the findings none explains. */
  readonly diagnoses?: Readonly<Record<string, number>>;
  readonly unexplained?: number;
}

/** What the reports' diagnoses say of the run (report/digest/diagnoses-of.ts reads the same from the digest). */
function diagnosed(records: readonly ExchangeRecord[], settings: RunSettings): { diagnoses: Record<string, number>; unexplained: number } {
  const kept = records.filter((r) => r.kind === 'service' || findingsIn(r).length > 0);
  const passedOver = new Set(records.filter((r) => r.kind === 'positive' && outcomeOf(r, settings.failOn) === 'passed').map((r) => r.transport));
  const sentOver = new Set(records.filter((r) => !r.skipped).map((r) => r.transport));
  const found = diagnose({ records: kept, namespace: settings.namespace, sentOver, passedOver });
  const explained = found.reduce((n, d) => n + d.explains.length, 0);
  return { diagnoses: Object.fromEntries(found.map((d) => [d.id, d.explains.length])), unexplained: kept.flatMap(findingsIn).length - explained };
}

/** CPU milliseconds of this process and its reaped children; undefined where there is no /proc. */
function cpuWithChildren(): number | undefined {
  const cpu = processCpuMs();
  return cpu && cpu.self + cpu.children;
}

/** A run with its records: the engine keeps none (a large run's would fill the process); a
 * subject's run is small, and every record is tallied here. */
type RunWithRecords = RunResult & { readonly records: readonly ExchangeRecord[] };

async function runWithRecords(settings: RunSettings, options: RunOptions = {}): Promise<RunWithRecords> {
  const records: ExchangeRecord[] = [];
  const result = await conformanceRun(settings, { ...options, onRecord: (r) => records.push(r) });
  // As the session does once every record is in (session/run-and-report.ts): the sequences over
  // the transports compared (engine/sequences/sequence-parity.ts), and whether each transport reached the service.
  const sequences = new SequenceParity();
  const reach = new TransportReachVerdicts(settings);
  for (const r of records) {
    sequences.add(r);
    reach.add(r);
  }
  return { ...result, records: [...records, ...sequences.records(), ...reach.records()] };
}

/** A regression run as `run --record DIR` then `run --baseline DIR` make it: the baseline is
 * recorded against the clean server with the subject's settings, by the CLI's own baseline writer, and
 * replayed against the subject (the clean server or a mutant). Only the replay's records count. */
async function replayRun(subject: Subject): Promise<RunWithRecords> {
  const { settings, mutant } = subject;
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-mutation-baseline-'));
  const schemas = join(dir, 'result-schemas');
  try {
    const recordSettings: RunSettings = { ...settings, record: dir };
    let recordedCount = 0;
    const { result: recorded, complete } = await runWritingBaseline(recordSettings, toolInfo(), { onRecord: () => recordedCount++ });
    // An incomplete baseline would compare less than it should: the subject is then not caught.
    if (!complete) {
      const why = [...(recorded.cutShort > 0 ? [`${recorded.cutShort} cases not run`] : []), ...recorded.toolErrors];
      return { ...recorded, records: [], toolErrors: [`the baseline recorded against the clean server is incomplete: ${why.join('; ')}`] };
    }
    // A payload subject: the schemas `shapes infer` learns from the clean server's recorded results.
    if (subject.payload) inferSchemas(resultSamples(dir, 'shapes infer'), schemas);
    // As cli/run.ts does: the replay runs with the seed the baseline was recorded with.
    const replay = await runWithRecords({ ...settings, baseline: dir, seed: readBaseline(dir).manifest.seed, ...(subject.payload ? { resultSchemas: schemas } : {}) }, mutant ? { mutant } : {});
    // A replay that compared nothing would pass its clean control for no reason.
    const compared = replay.records.filter((r) => r.checks.some((c) => c.id === 'matches-baseline' && (c.status === 'passed' || c.status === 'failed'))).length;
    return compared > 0 ? replay : { ...replay, toolErrors: [...replay.toolErrors, `the replay compared no answer with the ${recordedCount} records recorded against the clean server`] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A run against a reference (`needs.reference`): a clean stateful server, started for this run
 * alone (a fresh store, as the candidate's), takes every case as `--reference-url`; the verdicts
 * the session makes once every record is in (session/reference-records.ts) are added. */
async function referenceRun(subject: Subject): Promise<RunWithRecords> {
  const { settings, mutant } = subject;
  const reference = await startReferenceServer({ stateful: true, resultFormat: settings.resultFormat, ...(settings.signer ? { authSecret: AUTH_SECRET } : {}), ...(subject.personality ? { personality: subject.personality } : {}) });
  try {
    const run = subject.personality ? await personalityRun(subject, { referenceUrl: reference.url }) : await runWithRecords({ ...settings, referenceUrl: reference.url }, mutant ? { mutant } : {});
    const verdicts = new ReferenceVerdicts(settings);
    for (const r of run.records) verdicts.add(r);
    const made = verdicts.records();
    // A reference run that compared nothing would pass its clean control for no reason.
    const toolErrors = made.length > 0 ? run.toolErrors : [...run.toolErrors, 'the run compared no answer with the reference'];
    return { ...run, records: [...run.records, ...made], toolErrors };
  } finally {
    await reference.close();
  }
}

/** A run against the stateful service with a personality (and the subject's mutant), started here
 * as a live target is: the run is given its URL and --allow-mutations, and knows nothing of it. */
async function personalityRun(subject: Subject, extra: Partial<RunSettings> = {}): Promise<RunWithRecords> {
  const { settings, mutant } = subject;
  const server = await startReferenceServer({ stateful: true, personality: subject.personality!, ...(settings.signer ? { authSecret: AUTH_SECRET } : {}), ...(mutant ? { mutant } : {}) });
  try {
    return await runWithRecords({ ...settings, ...extra, stateful: false, baseUrl: server.url, allowMutations: true });
  } finally {
    await server.close();
  }
}

export async function runSubject(subject: Subject): Promise<SubjectResult> {
  // examples/signer.mjs reads the shared secret from the environment (the suites' workers inherit it).
  if (subject.settings.signer) process.env['TSIWS_AUTH_SECRET'] = AUTH_SECRET;
  const started = Date.now();
  const cpu = process.cpuUsage();
  const cpuAll = cpuWithChildren();
  const result = subject.replay ? await replayRun(subject) : subject.reference ? await referenceRun(subject)
    : subject.personality ? await personalityRun(subject) : await runWithRecords(subject.settings, subject.mutant ? { mutant: subject.mutant } : {});
  const fired: Record<string, number> = {};
  const warned: Record<string, number> = {};
  const samples: Record<string, string> = {};
  let shapeDrift = 0;
  for (const record of result.records) {
    if (record.regression?.difference?.class === 'shape-drift') shapeDrift++;
    for (const c of record.checks) {
      if (c.status !== 'failed' || c.level === 'info') continue;
      const tally = c.level === 'warning' ? warned : fired;
      tally[c.id] = (tally[c.id] ?? 0) + 1;
      samples[c.id] ??= `${record.operation} ${record.transport} ${record.caseId}: ${c.message ?? ''}`.slice(0, 300);
    }
  }
  const used = process.cpuUsage(cpu);
  return {
    name: subject.name,
    config: subject.config,
    fired,
    warned,
    samples,
    ...(shapeDrift > 0 ? { shapeDrift } : {}),
    exchanges: result.records.length,
    errors: result.records.filter((r) => r.error).length,
    toolErrors: result.toolErrors,
    durationMs: Date.now() - started,
    cpuMs: cpuAll !== undefined ? cpuWithChildren()! - cpuAll : Math.round((used.user + used.system) / 1000),
    ...diagnosed(result.records, subject.settings),
  };
}
