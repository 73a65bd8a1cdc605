/** The tests of the suites of cases (positive, negative): this lane's units of the plan in chunks
 * of one case's repetitions (plan.ts, chunked; one unit a test without --repeat), each unit run
 * over all its transports side by side, a guarded mutating operation reported as skipped. */
import { test } from 'vitest';
import type { Case } from '../src/cases/case.js';
import { chunked, repetitionsLabel, type CaseUnit } from '../src/engine/run/plan.js';
import type { TargetSettings } from '../src/engine/run/vitest-context.js';
import { runCaseUnit } from '../src/engine/exchange/run-unit.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, runChunk, useTarget } from './support.js';

export function caseTests<C extends Case>(suite: C['kind'], plan: (settings: TargetSettings) => Array<CaseUnit<C>>, caseLabel: (c: C) => string): void {
  const { settings, client } = useTarget();
  // One flat list of concurrent tests: describe blocks would make each operation wait for the last.
  const rows = chunked(laneOf(suite, plan(settings)), (u) => caseLabel(u.testCase), settings.concurrency)
    .map((units) => ({ units, label: `${caseLabel(units[0]!.testCase)}${repetitionsLabel(units)}` }));
  test.concurrent.for(rows)('$label', ({ units }, context) =>
    runChunk(settings, context, units, ({ testCase: c, transports, repetition }) =>
      mutationGuarded(settings, c.operation)
        ? transports.map((t) => skippedRecord(settings, c.operation, t, c.id, suite))
        : runCaseUnit(settings, client, c, transports, repetition)));
}
