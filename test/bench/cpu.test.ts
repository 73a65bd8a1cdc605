/** The bench's CPU figures: per request, and the ratio they allow at best (src/bench/cpu.ts). */
import { expect, test } from 'vitest';
import { cpuDuring, cpuLine, cpuPerRequest, pidCpuMs, processCpuMs } from '../../src/bench/cpu.js';

const spent = (targetMs: number, selfMs: number) => ({ targetMs, selfMs });

test('a one-thread server: the replay is bound by the server\'s own core, the harness by both cores', () => {
  // 10,000 requests: 0.09 ms of server and 0.05 of autocannon each; a checked exchange 0.09 + 0.5.
  const c = cpuPerRequest(spent(900, 500), 10_000, { targetMs: 0.09, clientMs: 0.5 }, { kind: 'shared', cores: 2 }, true);
  expect(c.raw).toEqual({ targetMs: 0.09, clientMs: 0.05 });
  expect(c.harness).toEqual({ targetMs: 0.09, clientMs: 0.5 });
  // raw: min(2 / 0.14, 1 / 0.09, 1 / 0.05) = 11.1 per ms; harness: min(2 / 0.59, 1 / 0.09) = 3.39.
  expect(c.ceiling).toBeCloseTo((2 / 0.59) / (1 / 0.09), 3);
});

test('a server on many threads (Mono): only the bound of the cores applies to it', () => {
  const c = cpuPerRequest(spent(5000, 500), 10_000, { targetMs: 0.5, clientMs: 0.5 }, { kind: 'shared', cores: 2 }, false);
  expect(c.ceiling).toBeCloseTo((2 / 1.0) / (2 / 0.55), 3);
  // A harness as cheap as autocannon would allow the full rate.
  expect(cpuPerRequest(spent(5000, 500), 10_000, { targetMs: 0.5, clientMs: 0.05 }, { kind: 'shared', cores: 2 }, false).ceiling).toBe(1);
});

test('cores of their own (taskset): each side is bound by its own cores, not by their sum', () => {
  const own = { kind: 'split', targetCores: 1, clientCores: 1 } as const;
  // Mono on one core at 0.6 ms a request, autocannon on the other at 0.06: raw bound 1 / 0.6.
  // The harness at 0.4 ms on its own core keeps up with Mono: the target bounds both.
  expect(cpuPerRequest(spent(6000, 600), 10_000, { targetMs: 0.6, clientMs: 0.4 }, own, false).ceiling).toBe(1);
  // A harness dearer than Mono is the bottleneck: 1 / 0.9 against 1 / 0.6.
  expect(cpuPerRequest(spent(6000, 600), 10_000, { targetMs: 0.6, clientMs: 0.9 }, own, false).ceiling).toBeCloseTo(0.6 / 0.9, 3);
  // The same costs on shared cores: 2 / 1.5 against 2 / 0.66.
  expect(cpuPerRequest(spent(6000, 600), 10_000, { targetMs: 0.6, clientMs: 0.9 }, { kind: 'shared', cores: 2 }, false).ceiling).toBeCloseTo(0.66 / 1.5, 3);
});

test.runIf(process.platform === 'linux')('CPU time is read from /proc: this process\'s grows while it computes', async () => {
  // Computes until /proc says 200 ms of CPU were spent (a shared machine gives less than the wall time),
  // counted from inside the action: cpuDuring's own reading comes before it (read before cpuDuring,
  // the 10 ms ticks between the two readings made the test fail by one tick).
  const { cpu } = await cpuDuring(process.pid, async () => {
    const before = pidCpuMs(process.pid)!;
    const end = Date.now() + 20_000;
    while (Date.now() < end && pidCpuMs(process.pid)! - before < 200) for (let i = 0; i < 1e5; i++) Math.sqrt(i);
  });
  expect(cpu!.targetMs).toBeGreaterThanOrEqual(200);
  expect(cpu!.selfMs).toBeGreaterThanOrEqual(200);
  expect(processCpuMs()).toBeDefined();
  expect(pidCpuMs(2 ** 30)).toBeUndefined();
});

test('the CPU line says "at most" only for a ceiling below 100%', () => {
  const sides = { raw: { targetMs: 0.2, clientMs: 0.06 }, harness: { targetMs: 0.2, clientMs: 0.4 } };
  expect(cpuLine('asmx ', { ...sides, ceiling: 0.61 })).toMatch(/^asmx CPU ms per request: raw 0.2 server \+ 0.06 autocannon; .*is at most 61%$/);
  const unbound = cpuLine('', { ...sides, ceiling: 1.14 });
  expect(unbound).toContain('these costs do not bound the ratio on this machine (they would allow 114%');
  expect(unbound).not.toContain('at most');
});
