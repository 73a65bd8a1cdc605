/**
 * Positive conformance: every selected operation over every selected transport with a valid
 * request. Each test records its exchange in task.meta for the reporters, and fails naming every
 * check that fired. Which cases run (--repeat, --shard) is the run's plan (src/engine/plan.ts).
 */
import { describe, test } from 'vitest';
import { positivePlan, repetitionLabel } from '../src/engine/plan.js';
import { runCase } from '../src/engine/run-case.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

for (const { testCase, transports, repetition } of positivePlan(settings)) {
  const name = testCase.operation;
  describe(`${name}${repetitionLabel(repetition)}`, () => {
    test.concurrent.for(transports)('%s', async (transport, context) => {
      withinBudget(settings, context);
      if (mutationGuarded(settings, name)) return report(context.task, context.expect, skippedRecord(settings, name, transport, testCase.id, 'positive'));
      report(context.task, context.expect, await runCase(settings, client, testCase, transport));
    });
  });
}
