/**
 * Replay of captured traffic (`tsiws-conform run --traffic DIR|FILE.har`, engine/replay/traffic.ts): each
 * captured call, in the capture's order, sent again as a case of the engine's own, so every
 * selected check, the run's signing, the mutation guard and --reference-url apply. The tests are
 * not concurrent: a create reaches the target before the read that follows it in the capture.
 */
import { describe, test } from 'vitest';
import { runCase } from '../src/engine/exchange/run-case.js';
import { runCaseUnit } from '../src/engine/exchange/run-unit.js';
import { trafficRows, withTrafficRef } from '../src/engine/replay/traffic.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { report, useTarget, withinBudget } from './support.js';

const { settings, client } = useTarget();
// Under plain vitest without TSIWS_TRAFFIC there is nothing to replay.
if (!settings.traffic) test.skip('replays captured traffic: give --traffic DIR|FILE.har (or TSIWS_TRAFFIC)', () => {});
const rows = settings.traffic ? (await trafficRows({ ...settings, traffic: settings.traffic })).map((r) => ({ ...r, label: `${r.testCase.id}` })) : [];

if (rows.length > 0) describe('traffic', () => {
  test.for(rows)('$label', async ({ testCase: c, transports, ref }, context) => {
    withinBudget(settings, context);
    const records = mutationGuarded(settings, c.operation)
      ? transports.map((t) => ({ ...skippedRecord(settings, c.operation, t, c.id, c.kind), values: c.values }))
      // Over all four transports a call is a case like a run's: side by side, with its parity record.
      : transports.length > 1 ? await runCaseUnit(settings, client, c, transports, ref.entry) : [await runCase(settings, client, c, transports[0]!)];
    report(context, withTrafficRef(records, ref));
  });
});
