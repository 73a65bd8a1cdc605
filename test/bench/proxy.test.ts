/** The bench's proxy figures (issue 53): a real proxy process between autocannon and a reference
 * server, its exchanges counted from the reports it writes on SIGTERM. A system test: three child
 * processes and two autocannon windows. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer } from '../../src/bench/child.js';
import { LATENCY_CONNECTIONS, proxyMemory, proxyMemoryLines, proxyRate } from '../../src/bench/proxy.js';
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
  // The bare proxy, measured the same way: its rate over direct, and the proxy's over it.
  expect(r.bare.through.requests).toBeGreaterThan(0);
  expect(r.bare.ratio).toBeCloseTo(r.bare.through.perSecond / ((r.direct.perSecond + r.directAfter.perSecond) / 2), 2);
  expect(r.bare.proxyOverBare).toBeCloseTo(r.through.perSecond / r.bare.through.perSecond, 2);
  // --judge all: every exchange judged.
  expect(r.all.judged.judged).toBe(r.all.judged.exchanges);
  expect(r.all.judged.exchanges).toBeGreaterThanOrEqual(r.all.through.requests);
  expect(r.latency.perSecond).toBe(Math.round((r.direct.perSecond + r.directAfter.perSecond) / 4));
  expect(r.latency.direct.sent).toBeGreaterThan(0);
  // Sent at a fixed rate over more connections than the run's: the client's pool never queues.
  expect(r.latency.connections).toBe(LATENCY_CONNECTIONS);
  expect(r.latency.through.p50Ms).toBeGreaterThan(0);
  expect(r.latency.addedP50Ms).toBeCloseTo(r.latency.through.p50Ms - r.latency.direct.p50Ms, 3);
}, 180_000);

test('the memory figure compares one proxy\'s resident set after a full collection at two points, judging a sample and all', async () => {
  const requests = await prebuiltRequests(DEFAULTS);
  const m = await proxyMemory(server.url, requests, 2, [50, 200]);
  for (const run of [m.sample, m.all]) {
    expect(run.exchanges).toEqual([50, 200]);
    expect(run.judged).toBeGreaterThan(0);
    expect(run.settledBytes[0]).toBeGreaterThan(0);
    // The live heap after the collection is part of the resident set.
    expect(run.heapBytes[1]).toBeGreaterThan(0);
    expect(run.heapBytes[1]).toBeLessThan(run.settledBytes[1]);
    expect(run.peakBytes[1]).toBeGreaterThan(0);
    expect(run.growth).toBeCloseTo(run.settledBytes[1] / run.settledBytes[0], 2);
  }
  // --judge all judged every exchange sent (a few more may be counted if autocannon retried).
  expect(m.all.judged).toBeGreaterThanOrEqual(200);
  expect(m.growth).toBe(Math.max(m.sample.growth, m.all.growth));
  expect(proxyMemoryLines(m)[1]).toMatch(/^proxy memory \(--judge all, \d+ of 200 judged\): resident \d+ MiB after 50 exchanges, \d+ MiB after 200, each after a full collection: [\d.]+ \(target at most 1.15\)/);
}, 120_000);
