import fc from 'fast-check';
import { startReferenceServer } from './src/server/server.ts';
import { createHttpClient } from './src/http/send.ts';
import { propertySeed, caseFor } from './src/engine/fuzz.ts';
import { runCase } from './src/engine/run-case.ts';
import { parityRecord } from './src/engine/parity.ts';
import { findingsOf } from './src/engine/findings.ts';
import { valuesArbitrary } from './src/cases/arbitraries.ts';
import { resolveSettings } from './src/config/resolve.ts';
import { getOperation } from './src/contract/index.ts';
import { targetSettings } from './src/engine/vitest-context.ts';
const server = await startReferenceServer();
const s = targetSettings(resolveSettings({ flags: { seed: '531368434' }, env: {}, envFile: '.env', envFileExplicit: false }), server.url, true);
const client = createHttpClient({ baseUrl: server.url, timeoutMs: 5000, maxResponseBytes: 8 << 20, connections: 4 });
const op = getOperation('MobileTasksList');
let i = 0;
const d = await fc.check(fc.asyncProperty(valuesArbitrary(op, {}), async (values) => {
  const recs = await Promise.all(s.transports.map((t) => runCase(s, client, caseFor(op, values, t, 'x' + i), t)));
  const p = parityRecord(s, recs, 'x' + i++);
  const all = p ? [...recs, p] : recs;
  const f = all.flatMap((r) => findingsOf(r).map((x) => r.transport + ' ' + x.slice(0, 300)));
  if (f.length) { console.log('FAILED sample', i, JSON.stringify(values).slice(0, 400)); console.log(f.join('\n')); }
  return f.length === 0;
}), { seed: propertySeed(s.seed, op.name), numRuns: 10, endOnFailure: true });
console.log('failed', d.failed);
await client.close(); await server.close();
