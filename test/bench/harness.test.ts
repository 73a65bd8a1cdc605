/** The bench's harness rate is the steady one: the warm-up (worker start-up, JIT) is left out as
 * autocannon's is, and what is counted is still exchanges sent and answered within the time. */
import { expect, test } from 'vitest';
import { steadyRate, WARM_UP_MS } from '../../src/bench/harness.js';

/** `n` exchanges a second from `fromMs` to `toMs`, each answered after 2 ms. */
const steady = (perSecond: number, fromMs: number, toMs: number) =>
  Array.from({ length: ((toMs - fromMs) * perSecond) / 1000 }, (_, i) => ({ sentAt: fromMs + (i * 1000) / perSecond, endAt: fromMs + (i * 1000) / perSecond + 2 }));

test('a slow first second does not count: the rate is that of the sending after the warm-up', () => {
  const exchanges = [...steady(1000, 0, 1000), ...steady(3000, 1000, 6000)];
  const rate = steadyRate(exchanges);
  // From the end of the warm-up to the last answer (sent at 5999.7 ms, read 2 ms later).
  expect(rate.measuredMs).toBeCloseTo(6001.7 - WARM_UP_MS, 0);
  expect(rate.perSecond).toBeCloseTo(3000, -1);
  expect(rate.windowPerSecond).toBeCloseTo(16_000 / 6, -1); // the slow first second included
});

test('a window too short to leave a second after the warm-up is measured over its later half', () => {
  const rate = steadyRate(steady(2000, 0, 2000));
  expect(rate.measuredMs).toBeCloseTo(2001.5 / 2, 1);
  expect(rate.perSecond).toBeCloseTo(2000, -1);
});

test('the raw rate a harness is compared with is the mean of autocannon before and after it', async () => {
  const { bracketingRate } = await import('../../src/bench/autocannon.js');
  const figures = (perSecond: number) => ({ requests: perSecond * 10, perSecond, p50Ms: 0, p99Ms: 1, errors: 0, non2xx: 0 });
  expect(bracketingRate(figures(4000), figures(2000))).toBe(3000);
  expect(bracketingRate(figures(5000), figures(5000))).toBe(5000);
});

test('raw rates more than 20% apart are flagged as an unsteady machine, closer ones are not', async () => {
  const { rawSpread, unsteadyNote } = await import('../../src/bench/autocannon.js');
  const figures = (perSecond: number) => ({ requests: perSecond * 10, perSecond, p50Ms: 0, p99Ms: 1, errors: 0, non2xx: 0 });
  expect(rawSpread(figures(6177), figures(10721))).toBeCloseTo(0.736, 3);
  expect(rawSpread(figures(10721), figures(6177))).toBeCloseTo(0.736, 3);
  expect(unsteadyNote('asmx ', figures(6177), figures(10721))).toBe('asmx note: the raw rate moved by 74% between its two windows (6177 and 10721 req/s): the machine\'s load changed while the ratio was taken; the ratio is uncertain, run the bench again');
  expect(unsteadyNote('', figures(9000), figures(10000))).toBeUndefined();
  expect(unsteadyNote('', figures(0), figures(0))).toBeUndefined();
});

test('a harness run left unsized sends, at half the raw rate, for as long as autocannon measured', async () => {
  const { sizedRepeat, TARGET_RATIO } = await import('../../src/bench/harness.js');
  // The reference server at 13,700 a second, 10 s, the positive suite's 80 exchanges a repeat.
  const repeat = sizedRepeat(13_700, 10, 80);
  expect(repeat).toBe(857);
  expect((repeat * 80) / (13_700 * TARGET_RATIO)).toBeGreaterThanOrEqual(10);
  // A target ten times slower gets a tenth as many exchanges: as many seconds of sending at its rate.
  expect(sizedRepeat(1_370, 10, 80)).toBe(86);
  expect(sizedRepeat(2_880, 3, 80)).toBe(54);
  // However slow the target, the suite runs at least once.
  expect(sizedRepeat(0, 10, 80)).toBe(1);
  expect(sizedRepeat(1, 1, 80)).toBe(1);
});
