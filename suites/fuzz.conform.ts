/**
 * Property-based fuzzing: for every selected operation, --runs cases with values from the
 * contract's arbitraries (src/cases/arbitraries.ts), seeded from --seed, each sent over every
 * selected transport and compared across them. A failure is shrunk to a minimal counterexample and
 * recorded with its seed and path.
 */
import { test } from 'vitest';
import { getOperation } from '../src/contract/index.js';
import { fuzzOperation } from '../src/engine/fuzz.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

test.concurrent.for(settings.operations)('%s fuzz', async (name, context) => {
  withinBudget(settings, context);
  if (mutationGuarded(settings, name)) {
    return report(context.task, context.expect, settings.transports.map((t) => skippedRecord(settings, name, t, `${name}-fuzz`, 'fuzz')));
  }
  const records = await fuzzOperation(settings, client, getOperation(name), settings.transports, settings.deadline === undefined ? {} : { deadline: settings.deadline });
  if (records.length === 0) return context.skip('cut short by --max-duration before the first run');
  report(context.task, context.expect, records);
});
