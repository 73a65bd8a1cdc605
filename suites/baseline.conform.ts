/**
 * Regression run (`tsiws-conform run --baseline DIR`): every case recorded in the baseline is sent
 * again over the transports it was recorded on (narrowed by --operations and --transports), all
 * selected checks apply, and matches-baseline compares each answer with the recorded one.
 */
import { describe, test } from 'vitest';
import { readBaseline } from '../src/regression/baseline.js';
import { casesToReplay, replayCase } from '../src/engine/replay/baseline-replay.js';
import { baselineNoise } from '../src/regression/baseline-noise.js';
import { rulesFor } from '../src/parity/normalise.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();
// Under plain vitest without TSIWS_BASELINE there is nothing to replay.
if (!settings.baseline) test.skip('replays a recorded baseline: give --baseline DIR (or TSIWS_BASELINE)', () => {});
const baseline = settings.baseline ? readBaseline(settings.baseline) : undefined;
// Learned from the whole baseline before anything is sent (a --repeat 2 recording's repetitions).
const noise = baseline ? baselineNoise(baseline, rulesFor(settings)) : new Map<string, readonly string[]>();
const rows = baseline ? laneOf('baseline', casesToReplay(baseline, settings)).map((r) => ({ ...r, label: r.recorded.id })) : [];

if (rows.length > 0) describe('baseline', () => {
  test.concurrent.for(rows)('$label', async ({ recorded: c, answers, transports, position, fuzzSlot }, context) => {
    withinBudget(settings, context);
    const skipped = (t: (typeof transports)[number], reason?: string) => ({ ...skippedRecord(settings, c.operation, t, c.id, c.kind), values: c.values, ...(reason ? { skipped: reason } : {}) });
    if (mutationGuarded(settings, c.operation)) return report(context, transports.map((t) => skipped(t)));
    report(context, await replayCase(settings, client, c, answers, transports, skipped, { position, ...(fuzzSlot === undefined ? {} : { fuzzSlot }) }, noise.get(c.operation) ?? []));
  });
});
