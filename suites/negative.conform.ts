/**
 * Negative conformance: for every selected operation and transport, the invalid requests of
 * src/cases/negative.ts. What a conforming target must answer comes from the --profile; the
 * authentication scenarios run only when a signer or a sig is configured. Which cases run
 * (--repeat, --shard) is the run's plan (src/engine/plan.ts).
 */
import { describe, test } from 'vitest';
import type { NegativeCase } from '../src/cases/case.js';
import { negativePlan, repetitionLabel } from '../src/engine/plan.js';
import { runCase } from '../src/engine/run-case.js';
import type { TransportId } from '../src/transports/index.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

type Row = { c: NegativeCase; transport: TransportId; label: string };
const byOperation = new Map<string, Row[]>();
for (const { testCase: c, transports, repetition } of negativePlan(settings)) {
  const rows = byOperation.get(c.operation) ?? [];
  for (const transport of transports) rows.push({ c, transport, label: `${transport} ${c.scenario}${c.param ? `(${c.param})` : ''}${repetitionLabel(repetition)}` });
  byOperation.set(c.operation, rows);
}

for (const [name, rows] of byOperation) {
  describe(`${name} negative`, () => {
    test.concurrent.for(rows)('$label', async ({ c, transport }, context) => {
      withinBudget(settings, context);
      if (mutationGuarded(settings, name)) return report(context.task, context.expect, skippedRecord(settings, name, transport, c.id, 'negative'));
      report(context.task, context.expect, await runCase(settings, client, c, transport));
    });
  });
}
