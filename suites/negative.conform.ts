/**
 * Negative conformance: for every selected operation, the invalid requests of
 * src/cases/negative.ts over the transports each applies to, compared across them. What a
 * conforming target must answer comes from the --profile; the authentication scenarios run only
 * when a signer or a sig is configured. Which cases run (--repeat, --shard) is the run's plan
 * (src/engine/plan.ts).
 */
import { test } from 'vitest';
import { negativePlan, repetitionLabel } from '../src/engine/plan.js';
import { runCaseUnit } from '../src/engine/run-unit.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

// One flat list of concurrent tests: describe blocks would make each operation wait for the last.
const rows = laneOf('negative', negativePlan(settings)).map((u) => {
  const c = u.testCase;
  return { ...u, label: `${c.operation} ${c.scenario}${c.param ? `(${c.param})` : ''}${repetitionLabel(u.repetition)}` };
});

test.concurrent.for(rows)('$label', async ({ testCase, transports }, context) => {
  withinBudget(settings, context);
  const name = testCase.operation;
  if (mutationGuarded(settings, name)) return report(context, transports.map((t) => skippedRecord(settings, name, t, testCase.id, 'negative')));
  report(context, await runCaseUnit(settings, client, testCase, transports));
});
