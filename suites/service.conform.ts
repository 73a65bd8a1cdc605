/** Service-level conformance: the published WSDL against the reconstructed contract. */
import { test } from 'vitest';
import { runServiceChecks } from '../src/engine/run-service.js';
import { report, useTarget } from './support.js';

const { settings, client } = useTarget();

test('tsiWS ?WSDL', async ({ task, expect }) => {
  report(task, expect, await runServiceChecks(settings, client));
});
