/**
 * Positive conformance: every selected operation with a valid request over every selected
 * transport, compared across them. Each test records its exchanges in task.meta for the reporters,
 * and fails naming every check that fired. Which cases run (--repeat, --shard) is the run's plan
 * (src/engine/plan.ts).
 */
import { test } from 'vitest';
import { positivePlan, repetitionLabel } from '../src/engine/plan.js';
import { runCaseUnit } from '../src/engine/run-unit.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

// One flat list of concurrent tests: describe blocks would make each operation wait for the last.
const rows = laneOf('positive', positivePlan(settings)).map((u) => ({ ...u, label: `${u.testCase.operation}${repetitionLabel(u.repetition)}` }));

test.concurrent.for(rows)('$label', async ({ testCase, transports }, context) => {
  withinBudget(settings, context);
  const name = testCase.operation;
  if (mutationGuarded(settings, name)) return report(context, transports.map((t) => skippedRecord(settings, name, t, testCase.id, 'positive')));
  report(context, await runCaseUnit(settings, client, testCase, transports));
});
