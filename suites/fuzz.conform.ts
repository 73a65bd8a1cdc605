/**
 * Property-based fuzzing: for every selected operation and transport, --runs requests with values
 * from the contract's arbitraries (src/cases/arbitraries.ts), seeded from --seed. A failure is
 * shrunk to a minimal counterexample and recorded with its seed and path.
 */
import { describe, test } from 'vitest';
import { getOperation } from '../src/contract/index.js';
import { fuzzProperty } from '../src/engine/fuzz.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

for (const name of settings.operations) {
  describe(`${name} fuzz`, () => {
    test.concurrent.for(settings.transports)('%s', async (transport, context) => {
      withinBudget(settings, context);
      const record = await fuzzProperty(settings, client, getOperation(name), transport, settings.deadline === undefined ? {} : { deadline: settings.deadline });
      if (!record) return context.skip('cut short by --max-duration before the first run');
      report(context.task, context.expect, record);
    });
  });
}
