/**
 * Negative conformance: for every selected operation and transport, the invalid requests of
 * src/cases/negative.ts. What a conforming target must answer comes from the --profile; the
 * authentication scenarios run only when a signer or a sig is configured.
 */
import { describe, test } from 'vitest';
import { negativeCases } from '../src/cases/negative.js';
import { getOperation } from '../src/contract/index.js';
import { runCase } from '../src/engine/run-case.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();
const auth = settings.signer !== undefined || settings.sig !== undefined;

for (const name of settings.operations) {
  const rows = negativeCases(getOperation(name), { auth }).flatMap((c) =>
    c.transports.filter((t) => settings.transports.includes(t)).map((transport) => ({ c, transport, label: `${transport} ${c.scenario}${c.param ? `(${c.param})` : ''}` })));
  describe(`${name} negative`, () => {
    test.concurrent.for(rows)('$label', async ({ c, transport }, context) => {
      withinBudget(settings, context);
      if (mutationGuarded(settings, name)) return report(context.task, context.expect, skippedRecord(settings, name, transport, c.id, 'negative'));
      report(context.task, context.expect, await runCase(settings, client, c, transport));
    });
  });
}
