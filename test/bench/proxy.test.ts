/** The bench's proxy figures (issue 53): a real proxy process between autocannon and a reference
 * server, its exchanges counted from the reports it writes on SIGTERM. A system test: three child
 * processes and two autocannon windows. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer } from '../../src/bench/child.js';
import { proxyMemory, proxyRate } from '../../src/bench/proxy.js';
import { prebuiltRequests } from '../../src/bench/requests.js';
import { DEFAULTS } from '../../src/config/settings.js';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => server?.stop());

test('the rate through the proxy counts what it judged and reported, over the direct rate around it', async () => {
  const requests = await prebuiltRequests(DEFAULTS);
  const r = await proxyRate(server.url, requests, 2, 1);
  expect(r.through.requests).toBeGreaterThan(0);
  // Every answer autocannon got was judged and reported (a few more may be cut at its end).
  expect(r.judged).toBeGreaterThanOrEqual(r.through.requests);
  expect(r.ratio).toBeCloseTo(r.judged / r.judgedSeconds / ((r.direct.perSecond + r.directAfter.perSecond) / 2), 1);
}, 120_000);

test('the memory figure compares the proxy\'s peak after two amounts of exchanges', async () => {
  const requests = await prebuiltRequests(DEFAULTS);
  const m = await proxyMemory(server.url, requests, 2, [50, 200]);
  expect(m.exchanges[0]).toBeGreaterThanOrEqual(50);
  expect(m.exchanges[1]).toBeGreaterThanOrEqual(200);
  expect(m.peakBytes[1]).toBeGreaterThan(0);
  expect(m.growth).toBeCloseTo(m.peakBytes[1] / m.peakBytes[0], 2);
}, 120_000);
