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

test('the forwarding rate is autocannon\'s through the proxy over the direct rate around it; judged, --judge all and the added latency beside it', async () => {
  const requests = await prebuiltRequests(DEFAULTS);
  const r = await proxyRate(server.url, requests, 2, 1);
  expect(r.through.requests).toBeGreaterThan(0);
  expect(r.ratio).toBeCloseTo(r.through.perSecond / ((r.direct.perSecond + r.directAfter.perSecond) / 2), 2);
  // Every answer autocannon got was forwarded and counted (a few more may be cut at its end); judged
  // at most as many.
  expect(r.judged.exchanges).toBeGreaterThanOrEqual(r.through.requests);
  expect(r.judged.judged).toBeGreaterThan(0);
  expect(r.judged.judged).toBeLessThanOrEqual(r.judged.exchanges);
  // The rate is taken from the unrounded seconds; the seconds are shown to two decimals.
  expect(Math.abs(r.judged.perSecond - r.judged.judged / r.judged.seconds)).toBeLessThanOrEqual(0.5 + r.judged.perSecond * 0.01);
  // --judge all: every exchange judged.
  expect(r.all.judged.judged).toBe(r.all.judged.exchanges);
  expect(r.all.judged.exchanges).toBeGreaterThanOrEqual(r.all.through.requests);
  expect(r.latency.perSecond).toBe(Math.round((r.direct.perSecond + r.directAfter.perSecond) / 4));
  expect(r.latency.direct.sent).toBeGreaterThan(0);
  expect(r.latency.through.p50Ms).toBeGreaterThan(0);
  expect(r.latency.addedP50Ms).toBeCloseTo(r.latency.through.p50Ms - r.latency.direct.p50Ms, 3);
}, 180_000);

test('the memory figure compares the proxy\'s peak after two amounts of exchanges', async () => {
  const requests = await prebuiltRequests(DEFAULTS);
  const m = await proxyMemory(server.url, requests, 2, [50, 200]);
  expect(m.exchanges[0]).toBeGreaterThanOrEqual(50);
  expect(m.exchanges[1]).toBeGreaterThanOrEqual(200);
  expect(m.peakBytes[1]).toBeGreaterThan(0);
  expect(m.growth).toBeCloseTo(m.peakBytes[1] / m.peakBytes[0], 2);
}, 120_000);
