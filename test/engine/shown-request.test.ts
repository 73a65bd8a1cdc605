/** The request reports show of a valid case (src/engine/exchange/run-case.ts, shownRequest): kept per run and
 * reused by the case's repetitions, it is the request a fresh build gives, for every operation and
 * transport; secrets are placeholders in it, unless the run shows secrets. */
import { expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { operations } from '../../src/contract/index.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import { positivePlan } from '../../src/engine/run/plan.js';
import type { Case } from '../../src/cases/case.js';
import { TRANSPORT_IDS } from '../../src/transports/index.js';
import { useReferenceTarget } from '../support/reference-target.js';

const SIG = 'S3cretSignatureValue';
const target = useReferenceTarget();

const runAll = async (settings: Parameters<typeof runCase>[0], cases: readonly Case[]) =>
  Promise.all(cases.flatMap((c) => TRANSPORT_IDS.map((t) => runCase(settings, target.client, c, t))));

test('a repeated valid case shows the request a fresh build gives, for every operation and transport', async () => {
  const settings = { ...DEFAULTS, baseUrl: target.server.url, sig: SIG, repeat: 2 };
  // The plan's two repetitions of each case, as a run makes them (they share the case's values).
  const plan = positivePlan(settings);
  const [once, twice] = [0, 1].map((rep) => plan.filter((u) => u.repetition === rep).map((u) => u.testCase));
  const first = await runAll(settings, once!);
  const again = await runAll(settings, twice!);
  // Another run, with cases made afresh.
  const fresh = await runAll({ ...settings }, operations.map((op) => exampleCase(op)));
  for (const [i, record] of again.entries()) {
    expect(record.request).toBe(first[i]!.request); // kept by the run, not built again
    expect(record.request).toEqual(fresh[i]!.request); // another run's own build
    expect(JSON.stringify(record.request)).not.toContain(SIG);
  }
  // Distinct requests stay distinct: each operation and transport has its own.
  expect(new Set(again.map((r) => r.request.curl)).size).toBe(operations.length * TRANSPORT_IDS.length);
  expect(again.find((r) => r.transport === 'soap11')!.request.body).toContain('<sig>&lt;SIGNATURE&gt;</sig>');
});

test('a run that shows secrets shows each request as sent, not a kept one', async () => {
  const settings = { ...DEFAULTS, baseUrl: target.server.url, sig: SIG, showSecrets: true };
  const op = operations[0]!;
  const [a, b] = await Promise.all([runCase(settings, target.client, exampleCase(op), 'get'), runCase(settings, target.client, exampleCase(op), 'get')]);
  expect(a.request.url).toContain(`sig=${SIG}`);
  expect(b.request).not.toBe(a.request);
});
