/** One conformance run of one subject, in this process, reduced to what the mutation table needs. */
import { conformanceRun } from '../../src/engine/run.js';
import { AUTH_SECRET, type Subject } from './plan.js';

export interface SubjectResult {
  readonly name: string;
  readonly config: string;
  /** Check ids with at least one failed verdict, and how many. */
  readonly fired: Readonly<Record<string, number>>;
  readonly exchanges: number;
  /** Records the run could not complete (timeouts, tool errors): never credited as catching. */
  readonly errors: number;
  readonly toolErrors: readonly string[];
  readonly durationMs: number;
}

export async function runSubject(subject: Subject): Promise<SubjectResult> {
  // examples/signer.mjs reads the shared secret from the environment (the suites' workers inherit it).
  if (subject.settings.signer) process.env['TSIWS_AUTH_SECRET'] = AUTH_SECRET;
  const started = Date.now();
  const result = await conformanceRun(subject.settings, subject.mutant ? { mutant: subject.mutant } : {});
  const fired: Record<string, number> = {};
  for (const record of result.records) {
    for (const c of record.checks) if (c.status === 'failed') fired[c.id] = (fired[c.id] ?? 0) + 1;
  }
  return {
    name: subject.name,
    config: subject.config,
    fired,
    exchanges: result.records.length,
    errors: result.records.filter((r) => r.error).length,
    toolErrors: result.toolErrors,
    durationMs: Date.now() - started,
  };
}
