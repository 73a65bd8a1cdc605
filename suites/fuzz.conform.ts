/**
 * Property-based fuzzing: for every selected operation, --runs cases with values from the
 * contract's arbitraries (src/cases/arbitraries.ts), seeded from --seed, each sent over every
 * selected transport and compared across them. A failure is shrunk to a minimal counterexample and
 * recorded with its seed and path. Which properties run (--repeat, --shard) is the run's plan
 * (src/engine/run/plan.ts).
 */
import { test } from 'vitest';
import { getOperation } from '../src/contract/index.js';
import { fuzzOperation } from '../src/engine/fuzz/fuzz.js';
import { climbLadder } from '../src/engine/fuzz/ladder.js';
import type { ExchangeRecord } from '../src/results/record.js';
import { fuzzPlan, repetitionId, repetitionLabel } from '../src/engine/run/plan.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { handOver, laneOf, report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();

const rows = laneOf('fuzz', fuzzPlan(settings)).map((u) => ({ ...u, label: `${u.operation}${repetitionLabel(u.repetition)}` }));

test.concurrent.for(rows)('$label fuzz', async ({ operation: name, repetition }, context) => {
  withinBudget(settings, context);
  if (mutationGuarded(settings, name)) {
    return report(context, settings.transports.map((t) => skippedRecord(settings, name, t, repetitionId(`${name}-fuzz`, repetition), 'fuzz')));
  }
  // A recorded baseline (--record) holds every sample sent, not only the one reported.
  const samples: ExchangeRecord[] = [];
  const records = await fuzzOperation(settings, client, getOperation(name), settings.transports, {
    repetition,
    ...(settings.deadline === undefined ? {} : { deadline: settings.deadline }),
    ...(settings.record ? { onSample: (rs: readonly ExchangeRecord[]) => samples.push(...rs) } : {}),
  });
  if (records.length === 0) return context.skip('cut short by --max-duration before the first run');
  // The adversarial ladder once per operation (not per repetition: it is the same requests), and
  // not past --max-duration.
  const climb = repetition === 0 && (settings.deadline === undefined || Date.now() < settings.deadline);
  const ladder = climb ? await climbLadder(settings, client, getOperation(name), settings.transports) : [];
  const fuzz = records[0]!.fuzz!;
  const sampled = settings.record ? handOver(samples.map((r) => ({ ...r, kind: 'fuzz', fuzz: { seed: fuzz.seed, runs: fuzz.runs, planned: fuzz.planned, interrupted: fuzz.interrupted } }))) : undefined;
  if (sampled) context.task.meta.tsiwsSamples = sampled;
  report(context, [...records, ...ladder]);
});
