/**
 * Regression run (`tsiws-conform run --baseline DIR`): every case recorded in the baseline is sent
 * again over the transports it was recorded on (narrowed by --operations and --transports), all
 * selected checks apply, and matches-baseline compares each answer with the recorded one.
 */
import { describe, test } from 'vitest';
import { readBaseline } from '../src/regression/baseline.js';
import { replayCase } from '../src/regression/replay.js';
import { TRANSPORT_IDS } from '../src/transports/index.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();
// Under plain vitest without TSIWS_BASELINE there is nothing to replay.
if (!settings.baseline) test.skip('replays a recorded baseline: give --baseline DIR (or TSIWS_BASELINE)', () => {});
const baseline = settings.baseline ? readBaseline(settings.baseline) : { cases: [], answers: new Map() };

const rows = baseline.cases.filter((c) => settings.operations.includes(c.operation)).map((c) => {
  const answers = baseline.answers.get(c.id) ?? new Map();
  const transports = TRANSPORT_IDS.filter((t) => settings.transports.includes(t) && answers.has(t));
  return { c, answers, transports, label: c.id };
}).filter((r) => r.transports.length > 0);

if (rows.length > 0) describe('baseline', () => {
  test.concurrent.for(rows)('$label', async ({ c, answers, transports }, context) => {
    withinBudget(settings, context);
    const kind = c.kind;
    const skipped = (t: (typeof transports)[number], reason: string) => ({ ...skippedRecord(settings, c.operation, t, c.id, kind), values: c.values, skipped: reason });
    if (mutationGuarded(settings, c.operation)) return report(context.task, context.expect, transports.map((t) => skippedRecord(settings, c.operation, t, c.id, kind)));
    report(context.task, context.expect, await replayCase(settings, client, c, answers, transports, skipped));
  });
});
