/** Service-level conformance: the published WSDL against the reconstructed contract. */
import { test } from 'vitest';
import { servicePlan } from '../src/engine/run/plan.js';
import { runServiceChecks } from '../src/engine/run/run-service.js';
import { report, useTarget } from './support.js';

const { settings, client } = useTarget();

// One unit, made by the first --shard.
if (servicePlan(settings) > 0) {
  test('tsiWS ?WSDL', async (context) => {
    report(context, await runServiceChecks(settings, client));
  });
}
