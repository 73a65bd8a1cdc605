/**
 * Positive conformance: every selected operation over every selected transport with a valid
 * request. Each test records its exchange in task.meta for the reporters, and fails naming every
 * check that fired.
 */
import { describe, test } from 'vitest';
import { exampleCase } from '../src/cases/examples.js';
import { getOperation } from '../src/contract/index.js';
import { runCase } from '../src/engine/run-case.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

for (const name of settings.operations) {
  const testCase = exampleCase(getOperation(name));
  describe(name, () => {
    test.concurrent.for(settings.transports)('%s', async (transport, context) => {
      withinBudget(settings, context);
      if (mutationGuarded(settings, name)) return report(context.task, context.expect, skippedRecord(settings, name, transport, testCase.id, 'positive'));
      report(context.task, context.expect, await runCase(settings, client, testCase, transport));
    });
  });
}
